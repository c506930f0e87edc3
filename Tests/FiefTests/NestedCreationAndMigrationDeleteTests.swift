import Fief
import Foundation
import XCTest

/// Regression tests for bugs that used to trap: objects created from nested dictionaries
/// (lists of objects, embedded lists) and deleting objects while a migration enumerates them.
final class NestedCreationAndMigrationDeleteTests: XCTestCase {
    let holderTypes: [ObjectBase.Type] = [Holder.self, Address.self, QPet.self, QOwner.self]
    let types: [ObjectBase.Type] = [Holder.self, Address.self, QPet.self, QOwner.self]

    func testListFromCreateDictionaryOfDictionaries() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let owner = try realm.write {
            realm.create(QOwner.self, value: ["id": 3, "name": "C", "pets": [["name": "p1", "age": 1], ["name": "p2", "age": 2]],
                                              "favorite": ["name": "fav"]])
        }
        XCTAssertEqual(owner.pets.map(\.name), ["p1", "p2"])
        XCTAssertEqual(owner.favorite?.name, "fav")
        XCTAssertEqual(realm.objects(QPet.self).count, 3)
    }

    func testEmbeddedListAndCreateFromDictionary() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        let h = try realm.write {
            realm.create(Holder.self, value: ["id": 2, "address": ["street": "S", "city": "C"],
                                              "addresses": [["street": "a1"], ["street": "a2"]]])
        }
        XCTAssertEqual(h.address?.street, "S")
        XCTAssertEqual(h.addresses.map(\.street), ["a1", "a2"])
        try realm.write { h.addresses.append(Address(value: ["street": "a3"])) }
        XCTAssertEqual(h.addresses.map(\.street), ["a1", "a2", "a3"])
        XCTAssertEqual(realm.objects(Holder.self).filter("ANY addresses.street == 'a3'").count, 1)
    }

    func migrationConfig(_ directory: URL, _ types: [ObjectBase.Type], version: UInt64 = 0, block: Realm.MigrationBlock? = nil) -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.appendingPathComponent("m.realm"), schemaVersion: version,
                            migrationBlock: block, objectTypes: types)
    }

    func testMigrationDeleteDuringEnumeration() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func config(_ t: [ObjectBase.Type], version: UInt64 = 0, block: Realm.MigrationBlock? = nil) -> Realm.Configuration {
            migrationConfig(directory, t, version: version, block: block)
        }
        do {
            let realm = try Realm(configuration: config([MigPersonV0.self, GoneV0.self]))
            try realm.write {
                realm.add(MigPersonV0(value: ["firstName": "Young", "age": 1]))
                realm.add(MigPersonV0(value: ["firstName": "Old", "age": 90]))
                realm.add(GoneV0(value: ["x": 1]))
            }
        }
        var deletedExisted: Bool?
        let c = config([MigPersonV1.self], version: 1) { migration, _ in
            migration.enumerateObjects(ofType: "MigPerson") { old, new in
                if (old!["age"] as! Int) > 50 { migration.delete(new!) } else { new!["name"] = old!["firstName"] }
            }
            migration.create("MigPerson", value: ["name": "Created", "age": 5])
            deletedExisted = migration.deleteData(forType: "Gone")
        }
        do {
            let realm = try Realm(configuration: c)
            XCTAssertEqual(deletedExisted, true)
            XCTAssertEqual(realm.objects(MigPersonV1.self).map(\.name).sorted(), ["Created", "Young"])
            XCTAssertNil(realm.schema["Gone"], "deleteData(forType:) of a class no longer modelled removes it from the schema")
        }
        let again = try Realm(configuration: config([MigPersonV1.self, GoneV0.self], version: 1))
        XCTAssertEqual(again.objects(GoneV0.self).count, 0)
        XCTAssertEqual(again.objects(MigPersonV1.self).count, 2)
        // Objects created in the migration get fresh keys: adding more does not collide.
        try again.write { again.add(MigPersonV1(value: ["name": "After"])) }
        XCTAssertEqual(again.objects(MigPersonV1.self).count, 3)
    }
}
