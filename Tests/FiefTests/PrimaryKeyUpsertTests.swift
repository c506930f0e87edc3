import Fief
import Foundation
import XCTest

final class PrimaryKeyUpsertTests: XCTestCase {
    func testDuplicatePrimaryKeyThrowsAndCommitsNothing() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        try realm.write { realm.add(Settings(value: ["id": 1, "linesShown": 10])) }
        assertRealmError(try realm.write {
            realm.add(Settings(value: ["id": 2]))
            realm.add(Settings(value: ["id": 1, "linesShown": 99]))
            realm.add(Settings(value: ["id": 3]))
        }) { $0 == .duplicatePrimaryKey(className: "Settings", value: "1") }
        XCTAssertFalse(realm.isInWriteTransaction)
        XCTAssertEqual(realm.objects(Settings.self).count, 1)
        XCTAssertEqual(realm.object(ofType: Settings.self, forPrimaryKey: 1)?.linesShown, 10)
        XCTAssertNil(realm.object(ofType: Settings.self, forPrimaryKey: 2))
        // The next write works.
        try realm.write { realm.add(Settings(value: ["id": 2])) }
        XCTAssertEqual(realm.objects(Settings.self).count, 2)
    }

    func testDuplicateWithinOneTransaction() throws {
        let realm = try Realm(configuration: memoryConfiguration([Contact.self, Address.self]))
        assertRealmError(try realm.write {
            realm.create(Contact.self, value: ["email": "a@x", "name": "A"])
            realm.create(Contact.self, value: ["email": "a@x", "name": "B"])
        }) { $0 == .duplicatePrimaryKey(className: "Contact", value: "a@x") }
        XCTAssertEqual(realm.objects(Contact.self).count, 0)
    }

    func testDuplicateWithCommitWrite() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        try realm.write { realm.add(Settings(value: ["id": 5])) }
        realm.beginWrite()
        realm.add(Settings(value: ["id": 5]))
        assertRealmError(try realm.commitWrite()) { if case .duplicatePrimaryKey = $0 { true } else { false } }
        XCTAssertFalse(realm.isInWriteTransaction)
        XCTAssertEqual(realm.objects(Settings.self).count, 1)
    }

    func testUpdateModifiedAndAll() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        try realm.write { realm.add(Settings(value: ["id": 1, "showToolbar": true, "linesShown": 7])) }
        let update = Settings(value: ["id": 1, "showToolbar": false, "linesShown": 7])
        try realm.write { realm.add(update, update: .modified) }
        XCTAssertEqual(realm.objects(Settings.self).count, 1)
        let s = realm.object(ofType: Settings.self, forPrimaryKey: 1)!
        XCTAssertFalse(s.showToolbar)
        XCTAssertEqual(s.linesShown, 7)
        XCTAssertTrue(update.realm === realm, "the added object becomes managed")
        try realm.write { realm.add(Settings(value: ["id": 1, "linesShown": 3]), update: .all) }
        XCTAssertEqual(s.linesShown, 3)
        XCTAssertTrue(s.showToolbar, "add(update: .all) writes every property, defaults included")
        try realm.write { realm.add(Settings(value: ["id": 9]), update: .modified) }
        XCTAssertEqual(realm.objects(Settings.self).count, 2, "upsert of a new key inserts")
    }

    func testCreateWithUpdateOnlyChangesGivenProperties() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        try realm.write { realm.create(Settings.self, value: ["id": 1, "showToolbar": true, "linesShown": 12]) }
        try realm.write { realm.create(Settings.self, value: ["id": 1, "showToolbar": false], update: .modified) }
        let s = realm.object(ofType: Settings.self, forPrimaryKey: 1)!
        XCTAssertFalse(s.showToolbar)
        XCTAssertEqual(s.linesShown, 12, "properties not in the dictionary keep their values")
        try realm.write { realm.create(Settings.self, value: ["id": 1, "linesShown": 1], update: .all) }
        XCTAssertFalse(s.showToolbar)
        XCTAssertEqual(s.linesShown, 1)
        XCTAssertEqual(realm.objects(Settings.self).count, 1)
    }

    func testCreateReturnsTheExistingManagedObjectOnUpsert() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        try realm.write { realm.create(Settings.self, value: ["id": 1, "linesShown": 12]) }
        let s: Settings = try realm.write { realm.create(Settings.self, value: ["id": 1, "showToolbar": false], update: .modified) }
        XCTAssertEqual(s.linesShown, 12)
        XCTAssertFalse(s.showToolbar)
    }

    func testObjectForPrimaryKeyOfEachKeyType() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self, Contact.self, Address.self, OidThing.self, UuidThing.self]))
        let oid = ObjectId.generate()
        let uuid = UUID()
        try realm.write {
            realm.add(Settings(value: ["id": -5, "linesShown": 1]))
            realm.add(Settings(value: ["id": 5, "linesShown": 2]))
            realm.add(Contact(value: ["email": "x@y", "name": "X"]))
            realm.add(OidThing(value: ["_id": oid, "name": "oid"]))
            realm.add(OidThing(value: ["_id": ObjectId.generate(), "name": "other"]))
            realm.add(UuidThing(value: ["id": uuid, "name": "uuid"]))
        }
        XCTAssertEqual(realm.object(ofType: Settings.self, forPrimaryKey: -5)?.linesShown, 1)
        XCTAssertEqual(realm.object(ofType: Settings.self, forPrimaryKey: 5)?.linesShown, 2)
        XCTAssertNil(realm.object(ofType: Settings.self, forPrimaryKey: 6))
        XCTAssertEqual(realm.object(ofType: Contact.self, forPrimaryKey: "x@y")?.name, "X")
        XCTAssertNil(realm.object(ofType: Contact.self, forPrimaryKey: "nobody"))
        XCTAssertEqual(realm.object(ofType: OidThing.self, forPrimaryKey: oid)?.name, "oid")
        XCTAssertEqual(realm.object(ofType: UuidThing.self, forPrimaryKey: uuid)?.name, "uuid")
        XCTAssertNil(realm.object(ofType: UuidThing.self, forPrimaryKey: UUID()))
        // Sorted by int primary key including negatives.
        XCTAssertEqual(realm.objects(Settings.self).sorted(byKeyPath: "id").map(\.id), [-5, 5])
        XCTAssertEqual(realm.objects(Settings.self).map(\.id), [-5, 5])
    }

    func testObjectIdDefaultIsGeneratedAndUnique() throws {
        let realm = try Realm(configuration: memoryConfiguration([OidThing.self]))
        try realm.write {
            realm.add(OidThing(value: ["name": "a"]))
            realm.add(OidThing(value: ["name": "b"]))
        }
        let ids = realm.objects(OidThing.self).map(\._id)
        XCTAssertEqual(Set(ids).count, 2)
        let id = ObjectId.generate()
        XCTAssertEqual(try ObjectId(string: id.stringValue), id)
        XCTAssertThrowsError(try ObjectId(string: "xyz"))
    }

    func testStringPrimaryKeyUpsertAndQueryByPrimaryKey() throws {
        let realm = try Realm(configuration: memoryConfiguration([Contact.self, Address.self]))
        try realm.write {
            realm.create(Contact.self, value: ["email": "a@x", "name": "A"])
            realm.create(Contact.self, value: ["email": "b@x", "name": "B"])
        }
        try realm.write { realm.create(Contact.self, value: ["email": "a@x", "name": "A2"], update: .modified) }
        XCTAssertEqual(realm.objects(Contact.self).count, 2)
        XCTAssertEqual(realm.objects(Contact.self).filter("email == 'a@x'").map(\.name), ["A2"])
        XCTAssertEqual(realm.objects(Contact.self).filter("email IN {'a@x', 'b@x', 'c@x'}").count, 2)
    }

    func testTodoSeedCreateAndUpdate() throws {
        // Seed 001: create with _id, update with update: .modified, find by primary key, delete.
        let realm = try Realm(configuration: memoryConfiguration([Todo.self]))
        let id = ObjectId.generate()
        try realm.write {
            realm.create(Todo.self, value: ["_id": id, "name": "Pledge", "owner": "Pippin", "status": "In Progress"])
        }
        try realm.write {
            realm.create(Todo.self, value: ["_id": id, "name": "Pledge", "owner": "Pippin", "status": "Done"], update: .modified)
        }
        let todo = realm.objects(Todo.self).where { $0.name == "Pledge" }.first!
        XCTAssertEqual(todo.status, "Done")
        XCTAssertEqual(todo._id, id)
        try realm.write {
            let t = realm.object(ofType: Todo.self, forPrimaryKey: id)
            realm.delete(t!)
        }
        XCTAssertEqual(realm.objects(Todo.self).count, 0)
    }

    func testLinkedObjectWithDuplicatePrimaryKeyIsAnErrorWithPolicyError() throws {
        let realm = try Realm(configuration: memoryConfiguration([PkLinker.self, Settings.self]))
        try realm.write { realm.add(Settings(value: ["id": 1, "linesShown": 10])) }
        let linker = PkLinker()
        linker.target = Settings(value: ["id": 1, "linesShown": 99])
        assertRealmError(try realm.write { realm.add(linker) }) {
            $0 == .duplicatePrimaryKey(className: "Settings", value: "1")
        }
        XCTAssertEqual(realm.object(ofType: Settings.self, forPrimaryKey: 1)?.linesShown, 10)
        XCTAssertEqual(realm.objects(PkLinker.self).count, 0)
    }

    func testLinkedObjectWithExistingPrimaryKeyIsUpdatedWithPolicyModified() throws {
        let realm = try Realm(configuration: memoryConfiguration([PkLinker.self, Settings.self]))
        try realm.write { realm.add(Settings(value: ["id": 1, "linesShown": 10])) }
        let linker = PkLinker()
        linker.targets.append(Settings(value: ["id": 1, "linesShown": 99]))
        linker.targets.append(Settings(value: ["id": 2, "linesShown": 5]))
        try realm.write { realm.add(linker, update: .modified) }
        XCTAssertEqual(realm.objects(Settings.self).count, 2)
        XCTAssertEqual(realm.object(ofType: Settings.self, forPrimaryKey: 1)?.linesShown, 99)
        XCTAssertEqual(linker.targets.map(\.id), [1, 2])
    }

    func testCreateFromExistingManagedObjectCopiesIt() throws {
        let realm = try makePetRealm()
        let ann = realm.object(ofType: QOwner.self, forPrimaryKey: 1)!
        let copy = try realm.write { realm.create(QOwner.self, value: ann, update: .modified) }
        XCTAssertEqual(copy.name, "Ann")
        XCTAssertEqual(copy.pets.count, 2)
        XCTAssertEqual(realm.objects(QOwner.self).count, 2)
    }
}
