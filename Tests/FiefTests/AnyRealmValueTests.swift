import Fief
import Foundation
import XCTest

final class AnyRealmValueTests: XCTestCase {
    func testAccessorsReturnOnlyTheirOwnCase() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let oid = ObjectId.generate()
        let uuid = UUID()
        XCTAssertEqual(AnyRealmValue.int(7).intValue, 7)
        XCTAssertEqual(AnyRealmValue.bool(true).boolValue, true)
        XCTAssertEqual(AnyRealmValue.float(1.5).floatValue, 1.5)
        XCTAssertEqual(AnyRealmValue.double(2.5).doubleValue, 2.5)
        XCTAssertEqual(AnyRealmValue.string("x").stringValue, "x")
        XCTAssertEqual(AnyRealmValue.data(Data([1, 2])).dataValue, Data([1, 2]))
        XCTAssertEqual(AnyRealmValue.date(date).dateValue, date)
        XCTAssertEqual(AnyRealmValue.objectId(oid).objectIdValue, oid)
        XCTAssertEqual(AnyRealmValue.decimal128("1.25").decimal128Value, Decimal128(string: "1.25"))
        XCTAssertEqual(AnyRealmValue.uuid(uuid).uuidValue, uuid)
        // No conversions between cases, as in RealmSwift.
        XCTAssertNil(AnyRealmValue.int(7).doubleValue)
        XCTAssertNil(AnyRealmValue.float(1.5).doubleValue)
        XCTAssertNil(AnyRealmValue.double(1.5).floatValue)
        XCTAssertNil(AnyRealmValue.string("7").intValue)
        XCTAssertNil(AnyRealmValue.none.boolValue)
        XCTAssertNil(AnyRealmValue.int(1).object(QPet.self))
        XCTAssertNil(AnyRealmValue.int(1).dynamicObject)
        XCTAssertEqual(AnyRealmValue(), .none)
    }

    func testEqualityAndHashing() {
        let values: [AnyRealmValue] = [.none, .int(1), .bool(true), .float(1), .double(1), .string("1"), .data(Data([1])),
                                       .date(Date(timeIntervalSince1970: 1)), .decimal128(1), .uuid(UUID())]
        XCTAssertEqual(Set(values).count, values.count, "different cases differ, even with equal numbers")
        XCTAssertEqual(Set(values + values).count, values.count)
        XCTAssertNotEqual(AnyRealmValue.int(1), .double(1))
        let pet = QPet()
        XCTAssertEqual(AnyRealmValue.object(pet), .object(pet))
        XCTAssertNotEqual(AnyRealmValue.object(pet), .object(QPet()))
        XCTAssertEqual(Set([AnyRealmValue.object(pet), .object(pet), .int(1)]).count, 2)
    }

    func testStoresAndReadsAnObjectLink() throws {
        let realm = try Realm(configuration: memoryConfiguration(mixedTypes))
        let pet = QPet()
        pet.name = "Rex"
        let holder = MixedHolder()
        holder.value = .object(pet)
        try realm.write { realm.add(holder) }
        XCTAssertNotNil(pet.realm, "an unmanaged object in a mixed value is added with its holder")
        XCTAssertEqual(realm.objects(QPet.self).count, 1)

        let read = realm.objects(MixedHolder.self).first!
        let linked = try XCTUnwrap(read.value.object(QPet.self))
        XCTAssertEqual(linked.name, "Rex")
        XCTAssertNil(read.value.object(QOwner.self), "a link to another class is not a QOwner")
        XCTAssertEqual(read.value, .object(pet), "the same managed object read twice is equal")
        XCTAssertEqual(read.value.dynamicObject?.className, "QPet")
        XCTAssertEqual(read.value.dynamicObject?["name"] as? String, "Rex")

        // A managed object too, and in a list and a map of mixed values.
        let owner = QOwner()
        owner.id = 1
        try realm.write {
            realm.add(owner)
            read.value = .object(owner)
            read.values.append(objectsIn: [.object(pet), .int(3), .object(owner)])
            read.byKey["pet"] = .object(pet)
        }
        XCTAssertEqual(read.value.object(QOwner.self)?.id, 1)
        XCTAssertEqual(read.values.count, 3)
        XCTAssertEqual(read.values[0].object(QPet.self)?.name, "Rex")
        XCTAssertEqual(read.values[1], .int(3))
        XCTAssertEqual(read.byKey["pet"]?.object(QPet.self)?.name, "Rex")
    }

    func testDeletingTheLinkedObjectClearsTheValue() throws {
        let realm = try Realm(configuration: memoryConfiguration(mixedTypes))
        let pet = QPet(), other = QPet()
        other.name = "Other"
        let holder = MixedHolder()
        try realm.write {
            realm.add([pet, other])
            holder.value = .object(pet)
            holder.values.append(objectsIn: [.object(pet), .string("kept"), .object(other)])
            holder.byKey["a"] = .object(pet)
            holder.byKey["b"] = .int(2)
            realm.add(holder)
        }
        try realm.write {
            realm.delete(pet)
            XCTAssertEqual(holder.value, .none, "within the deleting transaction")
            XCTAssertEqual(holder.values.count, 2)
        }
        XCTAssertEqual(holder.value, .none)
        XCTAssertEqual(Array(holder.values).map(\.stringValue), [Optional("kept"), nil])
        XCTAssertEqual(holder.values[1].object(QPet.self)?.name, "Other")
        XCTAssertEqual(holder.byKey.count, 2, "a map keeps the key")
        XCTAssertEqual(holder.byKey["a"], AnyRealmValue.none)
        XCTAssertEqual(holder.byKey["b"], .int(2))
    }

    func testScalarCasesRoundTrip() throws {
        let realm = try Realm(configuration: memoryConfiguration(mixedTypes))
        let oid = ObjectId.generate()
        let cases: [AnyRealmValue] = [.none, .int(-4), .bool(false), .float(0.5), .double(-2.25), .string("s"), .data(Data([9])),
                                      .date(Date(timeIntervalSince1970: 86_400)), .objectId(oid), .decimal128("3.14"), .uuid(UUID())]
        let holder = MixedHolder()
        try realm.write { realm.add(holder) }
        for value in cases {
            try realm.write { holder.value = value }
            XCTAssertEqual(realm.objects(MixedHolder.self).first!.value, value)
        }
    }

    func testAnObjectLinkSurvivesReopeningTheFile() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("mixed.realm"), objectTypes: mixedTypes)
        do {
            let realm = try Realm(configuration: configuration)
            let owner = QOwner()
            owner.id = 42
            let holder = MixedHolder()
            holder.value = .object(owner)
            holder.values.append(objectsIn: [.object(owner), .string("s")])
            try realm.write { realm.add(holder) }
        }
        let realm = try Realm(configuration: configuration)
        let holder = try XCTUnwrap(realm.objects(MixedHolder.self).first)
        XCTAssertEqual(holder.value.object(QOwner.self)?.id, 42)
        XCTAssertEqual(holder.values.first?.object(QOwner.self)?.id, 42)
        XCTAssertEqual(holder.values.last, .string("s"))
    }

    func testSetsAndListsOfMixedValuesTellObjectsApart() throws {
        let realm = try Realm(configuration: memoryConfiguration(mixedTypes))
        let a = QPet(), b = QPet()
        a.name = "a"
        b.name = "b"
        let values = List<AnyRealmValue>()
        values.append(objectsIn: [.object(a), .int(1)])
        XCTAssertEqual(values.index(of: .object(b)), nil, "another object is not found")
        XCTAssertEqual(values.index(of: .object(a)), 0)
        XCTAssertEqual(values.index(of: .int(1)), 1)
        let holder = MixedHolder()
        try realm.write {
            realm.add([a, b])
            holder.values.append(objectsIn: [.object(a), .object(b)])
            realm.add(holder)
        }
        XCTAssertEqual(holder.values.index(of: .object(b)), 1)
        XCTAssertEqual(holder.values.distinct().count, 2)
    }
}
