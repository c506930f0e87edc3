@testable import Fief
import Foundation
import XCTest

/// The memory a live object takes (O10 in the benchmark harness keeps a million of them): one
/// allocation per managed object, and `@Persisted` fields no bigger than their values need.
final class ObjectLayoutTests: XCTestCase {
    final class LayoutItem: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted(indexed: true) var name = ""
        @Persisted var score = 0.0
        @Persisted var age = 0
    }

    func testPersistedFieldsKeepTheirSmallPartsInTheValuesPadding() {
        // The value first; the flags and the property's index fit in the rest of its last word.
        XCTAssertEqual(MemoryLayout<Persisted<Int>>.stride, 16)
        XCTAssertEqual(MemoryLayout<Persisted<Double>>.stride, 16)
        XCTAssertEqual(MemoryLayout<Persisted<String>>.stride, 24)
        XCTAssertEqual(MemoryLayout<Persisted<Int>>.offset(of: \Persisted<Int>.value), 0)
    }

    func testAReadObjectIsItsOwnRowReference() throws {
        let realm = try Realm(configuration: memoryConfiguration([LayoutItem.self]))
        try realm.write {
            for i in 0..<3 { realm.create(LayoutItem.self, value: ["id": i, "name": "item \(i)", "score": Double(i), "age": i * 10]) }
        }
        let item = try XCTUnwrap(realm.object(ofType: LayoutItem.self, forPrimaryKey: 2))
        XCTAssertTrue(item._managed === item, "a managed object refers to its row itself")
        XCTAssertTrue(item.realm === realm)
        XCTAssertEqual(item.rowKey, TableBinding.key(forIntPrimaryKey: 2))
        XCTAssertEqual([item.id, item.age], [2, 20])
        XCTAssertEqual(item.name, "item 2")
        XCTAssertEqual(item.score, 2)
        let unmanaged = LayoutItem()
        XCTAssertNil(unmanaged._managed)
        XCTAssertNil(unmanaged.realm)
    }

    func testAFailedAddLeavesTheObjectUnmanaged() throws {
        let realm = try Realm(configuration: memoryConfiguration([LayoutNamed.self]))
        let other = try Realm(configuration: memoryConfiguration([LayoutNamed.self]))
        let elsewhere = LayoutNamed()
        elsewhere.id = 9
        try other.write { other.add(elsewhere) }
        // The object claims its key, then fails on its link to another realm's object.
        let linking = LayoutNamed()
        linking.id = 1
        linking.partner = elsewhere
        XCTAssertThrowsError(try realm.write { realm.add(linking) })
        XCTAssertNil(linking.realm, "the object stays unmanaged after its add failed")
        XCTAssertNil(linking._managed)
        XCTAssertEqual(linking.id, 1, "its values are still its own")
        linking.partner = nil
        try realm.write { realm.add(linking) }
        XCTAssertTrue(linking.realm === realm)
        XCTAssertEqual(realm.objects(LayoutNamed.self).map(\.id), [1])
    }
}

final class LayoutNamed: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var partner: LayoutNamed?
}
