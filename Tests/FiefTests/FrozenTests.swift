import Fief
import Foundation
import XCTest

final class FrozenTests: XCTestCase {
    func testFrozenRealmIsASnapshot() throws {
        let realm = try makePetRealm()
        let frozen = realm.freeze()
        XCTAssertTrue(frozen.isFrozen)
        XCTAssertFalse(realm.isFrozen)
        XCTAssertTrue(frozen.freeze() === frozen)
        try realm.write { realm.add(QPet(value: ["name": "late"])) }
        XCTAssertEqual(realm.objects(QPet.self).count, 6)
        XCTAssertEqual(frozen.objects(QPet.self).count, 5)
        XCTAssertFalse(frozen.refresh())
        XCTAssertEqual(frozen.objects(QPet.self).count, 5)
        assertRealmError(try frozen.write {}) { if case .readOnly = $0 { true } else { false } }
        let thawed = frozen.thaw()
        XCTAssertFalse(thawed.isFrozen)
        XCTAssertEqual(thawed.objects(QPet.self).count, 6)
    }

    func testFrozenObject() throws {
        let realm = try makePetRealm()
        let rex = realm.objects(QPet.self).filter("name == 'Rex'").first!
        let frozenRex = rex.freeze()
        XCTAssertTrue(frozenRex.isFrozen)
        XCTAssertFalse(rex.isFrozen)
        try realm.write { rex.age = 30 }
        XCTAssertEqual(rex.age, 30)
        XCTAssertEqual(frozenRex.age, 3)
        XCTAssertEqual(frozenRex.owners.count, 2)
        XCTAssertEqual(frozenRex.realm?.isFrozen, true)
        let live = try XCTUnwrap(frozenRex.thaw())
        XCTAssertFalse(live.isFrozen)
        XCTAssertEqual(live.age, 30)
        try realm.write { realm.delete(rex) }
        XCTAssertEqual(frozenRex.name, "Rex", "a frozen object outlives its deletion")
        XCTAssertFalse(frozenRex.isInvalidated)
        XCTAssertNil(frozenRex.thaw())
    }

    func testFrozenResults() throws {
        let realm = try makePetRealm()
        let live = realm.objects(QPet.self).filter("age > $0", 2).sorted(byKeyPath: "age")
        let frozen = live.freeze()
        XCTAssertTrue(frozen.isFrozen)
        XCTAssertFalse(live.isFrozen)
        XCTAssertEqual(frozen.map(\.name), ["Rex", "Bella", "alfie"])
        try realm.write { realm.add(QPet(value: ["name": "Zed", "age": 4])) }
        XCTAssertEqual(live.map(\.name), ["Rex", "Zed", "Bella", "alfie"])
        XCTAssertEqual(frozen.map(\.name), ["Rex", "Bella", "alfie"])
        XCTAssertEqual(frozen.count, 3)
        XCTAssertTrue(frozen.first!.isFrozen)
    }

    func testFrozenObjectsReadableFromAnotherThread() throws {
        let realm = try makePetRealm()
        let frozen = realm.objects(QPet.self).sorted(byKeyPath: "age").freeze()
        final class Box: @unchecked Sendable { var names: [String] = [] }
        let box = Box()
        let done = expectation(description: "read")
        let frozenBox = UncheckedBox(frozen)
        Thread {
            box.names = frozenBox.value.map(\.name)
            done.fulfill()
        }.start()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(box.names, ["Max", "Ángel", "Rex", "Bella", "alfie"])
    }
}

struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
