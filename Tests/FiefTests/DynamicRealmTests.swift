import Fief
import Foundation
import XCTest

/// The dynamic API: realms opened without model classes, objects by class name.
final class DynamicRealmTests: XCTestCase {
    var directory: URL!

    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    private var url: URL { directory.appendingPathComponent("dynamic.realm") }

    /// Writes Dogs, People and Contacts (with embedded addresses) through the typed API.
    private func makeTypedRealm() throws {
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, schemaVersion: 2,
                                                                 objectTypes: [Dog.self, Person.self, Contact.self, Address.self]))
        try realm.write {
            let bob = realm.create(Person.self, value: ["name": "Bob"])
            for (name, age) in [("Rex", 3), ("Fido", 1), ("Lassie", 5)] {
                let dog = realm.create(Dog.self, value: ["name": name, "age": age])
                dog.owner = bob
                bob.dogs.append(dog)
            }
            realm.create(Contact.self, value: ["email": "ann@example.com", "name": "Ann", "address": ["street": "Main", "city": "Oslo"]])
        }
    }

    /// Reading and querying by class name keeps the file's schema and version.
    func testOpensTheFilesClassesAndQueries() throws {
        try makeTypedRealm()
        let realm = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url, readOnly: true))
        XCTAssertEqual(realm.schemaVersion, 2)
        XCTAssertEqual(realm.schema.objectSchema.map(\.className), ["Address", "Contact", "Dog", "Person"])
        let dogs = try realm.dynamicObjects("Dog")
        XCTAssertEqual(dogs.count, 3)
        XCTAssertEqual(try dogs.objectCount(), 3)
        XCTAssertEqual(try dogs.filtered("age > 1 SORT(age DESC)").objects().map { try $0.value(forProperty: "age") as? Int }, [5, 3])
        let sorted = try dogs.filtered("age >= $0 SORT(name ASC)", 2)
        XCTAssertEqual(try sorted.map { try $0.value(forProperty: "name") as? String }, ["Lassie", "Rex"])
        let owner = try XCTUnwrap(try sorted[0].value(forProperty: "owner") as? DynamicObject)
        XCTAssertEqual(owner.className, "Person")
        XCTAssertEqual(try (owner.value(forProperty: "dogs") as? [Any?])?.count, 3)
        XCTAssertEqual(try dogs.filtered("owner.name == 'Bob'").count, 3)
        let ann = try XCTUnwrap(try realm.dynamicObject(ofType: "Contact", forPrimaryKey: "ann@example.com"))
        let address = try XCTUnwrap(try ann.value(forProperty: "address") as? DynamicObject)
        XCTAssertEqual(try address.value(forProperty: "city") as? String, "Oslo")
        XCTAssertNil(try realm.dynamicObject(ofType: "Contact", forPrimaryKey: "nobody"))
    }

    /// Typed errors for unknown classes, properties and malformed queries.
    func testErrorsNameWhatIsWrong() throws {
        try makeTypedRealm()
        let realm = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url))
        XCTAssertThrowsError(try realm.dynamicObjects("Cat")) { XCTAssertEqual($0 as? RealmError, .unknownClass("Cat")) }
        let dogs = try realm.dynamicObjects("Dog")
        XCTAssertThrowsError(try dogs.filtered("colour == 'red'")) {
            XCTAssertEqual($0 as? RealmError, .unknownProperty(className: "Dog", property: "colour"))
        }
        XCTAssertThrowsError(try dogs.filtered("age >")) { error in
            guard case .invalidQuery(let message)? = error as? RealmError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("line 1, column"), message)
        }
        XCTAssertThrowsError(try dogs[0].value(forProperty: "colour"))
        XCTAssertThrowsError(try realm.dynamicCreate("Dog", value: ["name": "x"])) {
            XCTAssertEqual($0 as? RealmError, .notInWriteTransaction)
        }
        try realm.write {
            XCTAssertThrowsError(try realm.dynamicCreate("Dog", value: ["colour": "red"])) {
                XCTAssertEqual($0 as? RealmError, .unknownProperty(className: "Dog", property: "colour"))
            }
            XCTAssertThrowsError(try realm.dynamicCreate("Contact", value: ["email": "ann@example.com"])) {
                XCTAssertEqual($0 as? RealmError, .duplicatePrimaryKey(className: "Contact", value: "ann@example.com"))
            }
            XCTAssertThrowsError(try realm.dynamicCreate("Address", value: [:]))
            XCTAssertThrowsError(try realm.dynamicCreate("Dog", value: ["age": "three"]))
        }
    }

    /// Creating, linking, upserting and setting by name; the typed API reads the result.
    func testCreatesAndUpdatesObjects() throws {
        try makeTypedRealm()
        do {
            let realm = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url))
            try realm.write {
                let zoe = try realm.dynamicCreate("Person", value: ["name": "Zoe"])
                let kit = try realm.dynamicCreate("Dog", value: ["name": "Kit", "age": 2, "owner": zoe, "breed": nil])
                try zoe.setValue([kit], forProperty: "dogs")
                try realm.dynamicCreate("Contact", value: ["email": "zoe@example.com", "address": ["street": "Elm", "city": "Rome"]])
                try realm.dynamicCreate("Contact", value: ["email": "ann@example.com", "name": "Ann B"], update: .modified)
                XCTAssertThrowsError(try kit.setValue(zoe, forProperty: "name"))
            }
        }
        let typed = try Realm(configuration: Realm.Configuration(fileURL: url, schemaVersion: 2,
                                                                 objectTypes: [Dog.self, Person.self, Contact.self, Address.self]))
        let kit = try XCTUnwrap(typed.objects(Dog.self).filter("name == 'Kit'").first)
        XCTAssertEqual(kit.owner?.name, "Zoe")
        XCTAssertEqual(kit.owners.first?.name, "Zoe")
        XCTAssertEqual(typed.object(ofType: Contact.self, forPrimaryKey: "zoe@example.com")?.address?.city, "Rome")
        XCTAssertEqual(typed.object(ofType: Contact.self, forPrimaryKey: "ann@example.com")?.name, "Ann B")
        XCTAssertEqual(typed.object(ofType: Contact.self, forPrimaryKey: "ann@example.com")?.address?.city, "Oslo")
    }

    /// RealmSwift's member, key-value coding and class-level spellings of the subscript.
    func testMemberLookupAndUndefinedKeySpellings() throws {
        try makeTypedRealm()
        let realm = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url))
        let rex = try XCTUnwrap(try realm.dynamicObjects("Dog").filtered("name == 'Rex'").first)
        XCTAssertEqual(rex.name as? String, "Rex")
        XCTAssertEqual(rex.age as? Int, 3)
        XCTAssertEqual(rex.value(forUndefinedKey: "age") as? Int, 3)
        XCTAssertNil(rex.noSuchProperty)
        try realm.write {
            rex.age = 4
            rex.setValue("Rexy", forUndefinedKey: "name")
        }
        XCTAssertEqual(rex["age"] as? Int, 4)
        XCTAssertEqual(rex.name as? String, "Rexy")
        XCTAssertNil(DynamicObject.sharedSchema())
        XCTAssertFalse(DynamicObject.shouldIncludeInDefaultSchema())
    }

    /// A new file gets its classes from `dynamicAddClasses`; inconsistent ones are refused.
    func testAddsClassesToANewFile() throws {
        do {
            let realm = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url, schemaVersion: 4))
            XCTAssertTrue(realm.schema.objectSchema.isEmpty)
            try realm.write {
                XCTAssertThrowsError(try realm.dynamicAddClasses([
                    ObjectSchema(className: "Tag", properties: [Property(name: "owner", type: .object, isOptional: true, objectClassName: "Nope")]),
                ])) { XCTAssertEqual($0 as? RealmError, .invalidSchema("Tag: owner links to class 'Nope', which is not in the schema")) }
                try realm.dynamicAddClasses([
                    ObjectSchema(className: "Tag", properties: [
                        Property(name: "name", type: .string, isPrimary: true),
                        Property(name: "parent", type: .object, isOptional: true, objectClassName: "Tag"),
                        Property(name: "counts", type: .int, collection: .map),
                    ]),
                ])
                let root = try realm.dynamicCreate("Tag", value: ["name": "root", "counts": ["a": 1]])
                try realm.dynamicCreate("Tag", value: ["name": "leaf", "parent": root])
            }
            XCTAssertThrowsError(try realm.write {
                try realm.dynamicAddClasses([ObjectSchema(className: "Tag", properties: [Property(name: "name", type: .int, isPrimary: true)])])
            }) { error in
                guard case .schemaMismatch(let lines)? = error as? RealmError else { return XCTFail("\(error)") }
                XCTAssertTrue(lines.contains("Property 'Tag.name' is 'string (primary key)' in the file, not 'int (primary key)'."), "\(lines)")
            }
        }
        let realm = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url, readOnly: true))
        XCTAssertEqual(realm.schemaVersion, 4)
        let leaf = try XCTUnwrap(try realm.dynamicObject(ofType: "Tag", forPrimaryKey: "leaf"))
        let parent = try XCTUnwrap(try leaf.value(forProperty: "parent") as? DynamicObject)
        XCTAssertEqual(try parent.value(forProperty: "counts") as? [String: Int], ["a": 1])
        XCTAssertEqual(parent, try realm.dynamicObject(ofType: "Tag", forPrimaryKey: "root"))
    }
}
