@testable import Fief
import XCTest

final class USRScalars: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var count: Int
    @Persisted var ratio: Double
    @Persisted var label: String
    @Persisted var flag: Bool
    @Persisted var declared = 7
    @Persisted var declaredName = "unnamed"
    @Persisted var optionalCount: Int?
    @Persisted var small: Int32
}

/// Adding an object reads the unmanaged values of its `Int`, `Double`, `String` and `Bool`
/// fields in place (``UnmanagedScalarRead``); unset fields and every other type go through the
/// field's type. Both must store what the object holds, or the property's default.
final class UnmanagedScalarReadTests: XCTestCase {
    private func realm() throws -> Realm {
        try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "scalar-read-\(UUID())", objectTypes: [USRScalars.self]))
    }

    func testTheCommonScalarsAreReadInPlaceAndTheOthersThroughTheirType() {
        XCTAssertEqual(UnmanagedScalarRead(Persisted<Int>.self), .int)
        XCTAssertEqual(UnmanagedScalarRead(Persisted<Double>.self), .double)
        XCTAssertEqual(UnmanagedScalarRead(Persisted<String>.self), .string)
        XCTAssertEqual(UnmanagedScalarRead(Persisted<Bool>.self), .bool)
        XCTAssertEqual(UnmanagedScalarRead(Persisted<Int?>.self), .generic)
        XCTAssertEqual(UnmanagedScalarRead(Persisted<Int32>.self), .generic)
        XCTAssertEqual(UnmanagedScalarRead(Persisted<Float>.self), .generic)
    }

    func testSetValuesAreStored() throws {
        let realm = try realm()
        let object = USRScalars()
        object.id = 1
        object.count = -42
        object.ratio = 2.5
        object.label = "a label longer than fifteen bytes, so not a small string"
        object.flag = true
        object.declared = 8
        object.declaredName = "named"
        object.optionalCount = 3
        object.small = 9
        try realm.write { realm.add(object) }

        let stored = try XCTUnwrap(realm.object(ofType: USRScalars.self, forPrimaryKey: 1))
        XCTAssertEqual(stored.count, -42)
        XCTAssertEqual(stored.ratio, 2.5)
        XCTAssertEqual(stored.label, "a label longer than fifteen bytes, so not a small string")
        XCTAssertTrue(stored.flag)
        XCTAssertEqual(stored.declared, 8)
        XCTAssertEqual(stored.declaredName, "named")
        XCTAssertEqual(stored.optionalCount, 3)
        XCTAssertEqual(stored.small, 9)
    }

    func testUnsetValuesStoreTheDefaults() throws {
        let realm = try realm()
        try realm.write {
            let object = USRScalars()
            object.id = 2
            realm.add(object)
            // The managed object reads the stored defaults, not its former unmanaged storage.
            XCTAssertEqual(object.count, 0)
            XCTAssertEqual(object.label, "")
        }
        let stored = try XCTUnwrap(realm.object(ofType: USRScalars.self, forPrimaryKey: 2))
        XCTAssertEqual(stored.count, 0)
        XCTAssertEqual(stored.ratio, 0)
        XCTAssertEqual(stored.label, "")
        XCTAssertFalse(stored.flag)
        XCTAssertEqual(stored.declared, 7)
        XCTAssertEqual(stored.declaredName, "unnamed")
        XCTAssertNil(stored.optionalCount)
        XCTAssertEqual(stored.small, 0)
        XCTAssertEqual(realm.objects(USRScalars.self).filter("flag == false AND declared == 7").count, 1)
    }

    func testExtremeValuesRoundTrip() throws {
        let realm = try realm()
        let values: [(Int, Double)] = [(.max, .infinity), (.min, -.greatestFiniteMagnitude), (0, -0.0), (1, .leastNonzeroMagnitude)]
        try realm.write {
            for (i, (count, ratio)) in values.enumerated() {
                let object = USRScalars()
                object.id = 10 + i
                object.count = count
                object.ratio = ratio
                object.label = String(repeating: "é", count: i * 40)
                realm.add(object)
            }
        }
        for (i, (count, ratio)) in values.enumerated() {
            let stored = try XCTUnwrap(realm.object(ofType: USRScalars.self, forPrimaryKey: 10 + i))
            XCTAssertEqual(stored.count, count)
            XCTAssertEqual(stored.ratio.bitPattern, ratio.bitPattern)
            XCTAssertEqual(stored.label, String(repeating: "é", count: i * 40))
        }
    }
}
