import Fief
import Foundation
import XCTest

// Two versions of each model, stored under the same class name.

final class MigPersonV0: Object {
    override class func className() -> String { "MigPerson" }
    @Persisted var firstName = ""
    @Persisted var lastName = ""
    @Persisted var age = 0
}

final class MigPersonV1: Object {
    override class func className() -> String { "MigPerson" }
    @Persisted var name = ""
    @Persisted var age = 0
}

final class RenV0: Object {
    override class func className() -> String { "Ren" }
    @Persisted var old = ""
    @Persisted var n = 0
}

final class RenV1: Object {
    override class func className() -> String { "Ren" }
    @Persisted var fresh = ""
    @Persisted var n = 0
}

final class AddV0: Object {
    override class func className() -> String { "Add" }
    @Persisted var a = 0
}

final class AddV1: Object {
    override class func className() -> String { "Add" }
    @Persisted var a = 0
    @Persisted(indexed: true) var tag = ""
    @Persisted var note: String?
}

final class IdxV0: Object {
    override class func className() -> String { "Idx" }
    @Persisted var name = ""
}

final class IdxV1: Object {
    override class func className() -> String { "Idx" }
    @Persisted(indexed: true) var name = ""
}

final class TypV0: Object {
    override class func className() -> String { "Typ" }
    @Persisted var value = 0
}

final class TypV1: Object {
    override class func className() -> String { "Typ" }
    @Persisted var value = ""
}

final class GoneV0: Object {
    override class func className() -> String { "Gone" }
    @Persisted var x = 0
}

final class MigrationTests: XCTestCase {
    var directory: URL!
    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func config(_ types: [ObjectBase.Type], version: UInt64 = 0, block: Realm.MigrationBlock? = nil) -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.appendingPathComponent("m.realm"), schemaVersion: version,
                            migrationBlock: block, objectTypes: types)
    }

    func seedPeople() throws {
        let realm = try Realm(configuration: config([MigPersonV0.self]))
        try realm.write {
            realm.add(MigPersonV0(value: ["firstName": "Ada", "lastName": "Lovelace", "age": 36]))
            realm.add(MigPersonV0(value: ["firstName": "Alan", "lastName": "Turing", "age": 41]))
        }
    }

    func testSeedExampleFirstAndLastNameToName() throws {
        try seedPeople()
        var ran: UInt64?
        let c = config([MigPersonV1.self], version: 1) { migration, oldSchemaVersion in
            ran = oldSchemaVersion
            if oldSchemaVersion < 1 {
                migration.enumerateObjects(ofType: MigPersonV1.className()) { oldObject, newObject in
                    let firstName = oldObject!["firstName"] as! String
                    let lastName = oldObject!["lastName"] as! String
                    newObject!["name"] = "\(firstName) \(lastName)"
                }
            }
        }
        let realm = try Realm(configuration: c)
        XCTAssertEqual(ran, 0)
        XCTAssertEqual(realm.schemaVersion, 1)
        XCTAssertEqual(realm.objects(MigPersonV1.self).map(\.name).sorted(), ["Ada Lovelace", "Alan Turing"])
        XCTAssertEqual(realm.objects(MigPersonV1.self).filter("age == 41").first?.name, "Alan Turing")
        XCTAssertEqual(realm.schema["MigPerson"]?.properties.map(\.name), ["name", "age"])
        XCTAssertNil(realm.schema["MigPerson"]?["firstName"])
    }

    func testMigrationDataPersistsAndBlockRunsOnce() throws {
        try seedPeople()
        var runs = 0
        let block: Realm.MigrationBlock = { migration, _ in
            runs += 1
            migration.enumerateObjects(ofType: "MigPerson") { old, new in
                new!["name"] = (old!["firstName"] as! String).uppercased()
            }
        }
        do { _ = try Realm(configuration: config([MigPersonV1.self], version: 1, block: block)) }
        let realm = try Realm(configuration: config([MigPersonV1.self], version: 1, block: block))
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(realm.objects(MigPersonV1.self).map(\.name).sorted(), ["ADA", "ALAN"])
    }

    func testMigrationObjectsSeeOldAndNewSchema() throws {
        try seedPeople()
        var oldNames: [String?] = []
        var newHasFirstName: [Bool] = []
        let c = config([MigPersonV1.self], version: 1) { migration, _ in
            XCTAssertNotNil(migration.oldSchema["MigPerson"]?["firstName"])
            XCTAssertNil(migration.newSchema["MigPerson"]?["firstName"])
            migration.enumerateObjects(ofType: "MigPerson") { old, new in
                oldNames.append(old?["name"] as? String)
                newHasFirstName.append(new?["firstName"] != nil)
                XCTAssertEqual(old?.className, "MigPerson")
                XCTAssertEqual(new?["age"] as? Int, old?["age"] as? Int)
            }
        }
        _ = try Realm(configuration: c)
        XCTAssertEqual(oldNames, [nil, nil], "the old object has no 'name'")
        XCTAssertEqual(newHasFirstName, [false, false], "the new object has no 'firstName'")
    }

    func testRenameProperty() throws {
        do {
            let realm = try Realm(configuration: config([RenV0.self]))
            try realm.write {
                realm.add(RenV0(value: ["old": "one", "n": 1]))
                realm.add(RenV0(value: ["old": "two", "n": 2]))
            }
        }
        let c = config([RenV1.self], version: 1) { migration, _ in
            migration.renameProperty(onType: "Ren", from: "old", to: "fresh")
        }
        let realm = try Realm(configuration: c)
        XCTAssertEqual(realm.objects(RenV1.self).sorted(byKeyPath: "n").map(\.fresh), ["one", "two"])
        XCTAssertEqual(realm.objects(RenV1.self).filter("fresh == 'two'").first?.n, 2)
    }

    func testAdditiveChangeNeedsNoBlock() throws {
        do {
            let realm = try Realm(configuration: config([AddV0.self]))
            try realm.write { for i in 0..<3 { realm.add(AddV0(value: ["a": i])) } }
        }
        let realm = try Realm(configuration: config([AddV1.self], version: 1))
        let all = realm.objects(AddV1.self)
        XCTAssertEqual(all.count, 3)
        XCTAssertEqual(all.map(\.tag), ["", "", ""])
        XCTAssertEqual(all.map(\.note), [nil, nil, nil])
        XCTAssertEqual(all.filter("note == nil").count, 3)
        try realm.write { all.filter("a == 1").first!.tag = "one" }
        XCTAssertEqual(all.filter("tag == 'one'").map(\.a), [1])
    }

    func testIndexedPropertyAddedToExistingObjectsIsQueryable() throws {
        do {
            let realm = try Realm(configuration: config([AddV0.self]))
            try realm.write { for i in 0..<3 { realm.add(AddV0(value: ["a": i])) } }
        }
        let realm = try Realm(configuration: config([AddV1.self], version: 1))
        let all = realm.objects(AddV1.self)
        XCTAssertEqual(all.filter("tag == ''").count, 3, "existing objects have the default value in the new indexed column")
        XCTAssertEqual(all.where { $0.tag == "" }.count, 3)
        XCTAssertEqual(all.filter("tag == '' AND a >= 0").count, 3)
    }

    func testAddingAnIndexKeepsTheData() throws {
        do {
            let realm = try Realm(configuration: config([IdxV0.self]))
            try realm.write { realm.add(IdxV0(value: ["name": "kept"])) }
        }
        let realm = try Realm(configuration: config([IdxV1.self], version: 1))
        XCTAssertEqual(realm.objects(IdxV1.self).map(\.name), ["kept"])
        XCTAssertEqual(realm.objects(IdxV1.self).filter("name == 'kept'").count, 1)
    }

    func testChangingPropertyTypeWithMigration() throws {
        do {
            let realm = try Realm(configuration: config([TypV0.self]))
            try realm.write { realm.add(TypV0(value: ["value": 7])) }
        }
        let c = config([TypV1.self], version: 1) { migration, _ in
            migration.enumerateObjects(ofType: "Typ") { old, new in
                new!["value"] = "#\(old!["value"] as! Int)"
            }
        }
        let realm = try Realm(configuration: c)
        XCTAssertEqual(realm.objects(TypV1.self).map(\.value), ["#7"])
    }

    func testCreateAndDeleteDataInMigration() throws {
        do {
            let realm = try Realm(configuration: config([MigPersonV0.self, GoneV0.self]))
            try realm.write {
                realm.add(MigPersonV0(value: ["firstName": "Young", "age": 1]))
                realm.add(GoneV0(value: ["x": 1]))
            }
        }
        var deletedExisted: Bool?
        let c = config([MigPersonV1.self], version: 1) { migration, _ in
            migration.enumerateObjects(ofType: "MigPerson") { old, new in new!["name"] = old!["firstName"] }
            migration.create("MigPerson", value: ["name": "Created", "age": 5])
            deletedExisted = migration.deleteData(forType: "Gone")
        }
        do {
            let realm = try Realm(configuration: c)
            XCTAssertEqual(deletedExisted, true)
            XCTAssertEqual(realm.objects(MigPersonV1.self).map(\.name).sorted(), ["Created", "Young"])
            XCTAssertEqual(realm.objects(MigPersonV1.self).filter("name == 'Created'").first?.age, 5)
        }
        let again = try Realm(configuration: config([MigPersonV1.self, GoneV0.self], version: 1))
        XCTAssertEqual(again.objects(GoneV0.self).count, 0)
        XCTAssertEqual(again.objects(MigPersonV1.self).count, 2)
        // Objects created in the migration get fresh keys: adding more does not collide.
        try again.write { again.add(MigPersonV1(value: ["name": "After"])) }
        XCTAssertEqual(again.objects(MigPersonV1.self).count, 3)
    }

    func testDeleteDataRemovesUnmodelledClassFromSchema() throws {
        do {
            let realm = try Realm(configuration: config([MigPersonV0.self, GoneV0.self]))
            try realm.write { realm.add(GoneV0(value: ["x": 1])) }
        }
        let realm = try Realm(configuration: config([MigPersonV0.self], version: 1) { migration, _ in
            migration.deleteData(forType: "Gone")
        })
        XCTAssertNil(realm.schema["Gone"], "deleteData(forType:) of a class no longer modelled removes it from the schema")
    }

    func testMigrationCreatedObjectWithStringPrimaryKeyIsFindable() throws {
        do { _ = try Realm(configuration: config([AddV0.self])) }
        let c = config([AddV0.self, Contact.self, Address.self], version: 1) { migration, _ in
            migration.create("Contact", value: ["email": "m@x", "name": "M"])
        }
        let realm = try Realm(configuration: c)
        XCTAssertEqual(realm.objects(Contact.self).count, 1)
        XCTAssertEqual(realm.object(ofType: Contact.self, forPrimaryKey: "m@x")?.name, "M")
        XCTAssertEqual(realm.objects(Contact.self).filter("email == 'm@x'").count, 1)
    }

    func testVersionBumpWithoutSchemaChangeRunsBlock() throws {
        try seedPeople()
        var ran = false
        let realm = try Realm(configuration: config([MigPersonV0.self], version: 3) { _, old in
            XCTAssertEqual(old, 0)
            ran = true
        })
        XCTAssertTrue(ran)
        XCTAssertEqual(realm.schemaVersion, 3)
        XCTAssertEqual(realm.objects(MigPersonV0.self).count, 2)
    }
}
