import Fief
import Foundation
import XCTest

final class RealmWriteTests: XCTestCase {
    func testWriteReturnsBlockValueAndCommits() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let n: Int = try realm.write {
            let p = QPet(); p.name = "A"
            realm.add(p)
            return 42
        }
        XCTAssertEqual(n, 42)
        XCTAssertFalse(realm.isInWriteTransaction)
        XCTAssertEqual(realm.objects(QPet.self).count, 1)
        XCTAssertEqual(realm.objects(QPet.self).first?.name, "A")
    }

    func testBeginCommitCancel() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        XCTAssertFalse(realm.isInWriteTransaction)
        realm.beginWrite()
        XCTAssertTrue(realm.isInWriteTransaction)
        let p = QPet(); p.name = "kept"
        realm.add(p)
        XCTAssertEqual(realm.objects(QPet.self).count, 1, "objects added in a write are visible in it")
        try realm.commitWrite()
        XCTAssertFalse(realm.isInWriteTransaction)

        realm.beginWrite()
        let q = QPet(); q.name = "dropped"
        realm.add(q)
        p.age = 99
        realm.cancelWrite()
        XCTAssertFalse(realm.isInWriteTransaction)
        XCTAssertEqual(realm.objects(QPet.self).count, 1)
        XCTAssertEqual(realm.objects(QPet.self).first?.name, "kept")
        XCTAssertEqual(p.age, 0, "cancelWrite reverts property changes")
        XCTAssertTrue(q.isInvalidated, "an object added in a cancelled write is invalidated")
    }

    func testCancelWriteInsideWriteBlock() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        try realm.write {
            realm.add(QPet(value: ["name": "x"]))
            realm.cancelWrite()
        }
        XCTAssertFalse(realm.isInWriteTransaction)
        XCTAssertEqual(realm.objects(QPet.self).count, 0)
    }

    func testOptionalIntPrimaryKey() throws {
        let realm = try Realm(configuration: memoryConfiguration([OptPk.self]))
        try realm.write {
            realm.add(OptPk(value: ["id": 5, "name": "five"]))
            realm.add(OptPk(value: ["name": "nil"]))
        }
        XCTAssertEqual(realm.object(ofType: OptPk.self, forPrimaryKey: 5)?.name, "five")
        XCTAssertEqual(realm.object(ofType: OptPk.self, forPrimaryKey: Int?.none)?.name, "nil")
        XCTAssertEqual(realm.objects(OptPk.self).filter("id == nil").map(\.name), ["nil"])
        assertRealmError(try realm.write { realm.add(OptPk(value: ["name": "nil again"])) }) {
            if case .duplicatePrimaryKey = $0 { true } else { false }
        }
    }

    func testThrowingBlockRollsBack() throws {
        struct Boom: Error {}
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        XCTAssertThrowsError(try realm.write {
            realm.add(QPet(value: ["name": "x"]))
            throw Boom()
        }) { XCTAssertTrue($0 is Boom) }
        XCTAssertFalse(realm.isInWriteTransaction)
        XCTAssertEqual(realm.objects(QPet.self).count, 0)
    }

    func testNestedBeginWriteIsAnError() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        realm.beginWrite()
        assertRealmError(try realm.write { }) { $0 == .alreadyInWriteTransaction }
        XCTAssertTrue(realm.isInWriteTransaction)
        realm.cancelWrite()
    }

    func testCommitWithoutWriteIsAnError() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        assertRealmError(try realm.commitWrite()) { $0 == .notInWriteTransaction }
        realm.cancelWrite() // harmless
        XCTAssertFalse(realm.isInWriteTransaction)
    }

    func testManagedObjectsAreLive() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let p = QPet(); p.name = "Rex"; p.age = 1
        XCTAssertNil(p.realm)
        XCTAssertFalse(p.isInvalidated)
        try realm.write { realm.add(p) }
        XCTAssertTrue(p.realm === realm)
        try realm.write { p.age = 5 }
        let fetched = realm.objects(QPet.self).first!
        XCTAssertEqual(fetched.age, 5)
        try realm.write { fetched.name = "Rexy" }
        XCTAssertEqual(p.name, "Rexy", "two accessors of one object see the same data")
        XCTAssertEqual(p["name"] as? String, "Rexy")
        try realm.write { p["age"] = 6 }
        XCTAssertEqual(fetched.age, 6)
    }

    func testAddingManagedObjectAgainIsNoOp() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let p = QPet(); p.name = "once"
        try realm.write { realm.add(p) }
        try realm.write { realm.add(p) }
        XCTAssertEqual(realm.objects(QPet.self).count, 1)
    }

    func testAddSequenceAndLinkedObjectsAreAdded() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let owner = QOwner(); owner.id = 7; owner.name = "O"
        let a = QPet(); a.name = "a"
        let b = QPet(); b.name = "b"
        owner.pets.append(a)
        owner.favorite = b
        try realm.write { realm.add([owner]) }
        XCTAssertEqual(realm.objects(QPet.self).count, 2)
        XCTAssertTrue(a.realm === realm)
        XCTAssertTrue(b.realm === realm)
        XCTAssertEqual(owner.pets.count, 1)
        XCTAssertEqual(owner.favorite?.name, "b")
        XCTAssertEqual(a.owners.count, 1)
        XCTAssertEqual(a.owners.first?.name, "O")
    }

    func testCreateFromDictionaryAndArray() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        try realm.write {
            let p = realm.create(QPet.self, value: ["name": "Dict", "age": 4, "tags": ["x", "y"]])
            XCTAssertEqual(p.name, "Dict")
            XCTAssertEqual(p.age, 4)
            XCTAssertEqual(Array(p.tags), ["x", "y"])
            let q = realm.create(QPet.self, value: ["Arr", 9])
            XCTAssertEqual(q.name, "Arr")
            XCTAssertEqual(q.age, 9)
        }
        XCTAssertEqual(realm.objects(QPet.self).count, 2)
        let byName = realm.objects(QPet.self).sorted(byKeyPath: "name")
        XCTAssertEqual(byName.map(\.name), ["Arr", "Dict"])
    }

    func testDeleteObjectSequenceResultsAndList() throws {
        let realm = try makePetRealm()
        XCTAssertEqual(realm.objects(QPet.self).count, 5)
        let max = realm.objects(QPet.self).filter("name == 'Max'").first!
        try realm.write { realm.delete(max) }
        XCTAssertTrue(max.isInvalidated)
        XCTAssertEqual(realm.objects(QPet.self).count, 4)
        // List link to deleted object disappears.
        let bob = realm.object(ofType: QOwner.self, forPrimaryKey: 2)!
        XCTAssertEqual(bob.pets.map(\.name), ["alfie", "Rex"])

        try realm.write { realm.delete(realm.objects(QPet.self).filter("age > 4")) }
        XCTAssertEqual(realm.objects(QPet.self).map(\.name).sorted(), ["Rex", "Ángel"])

        let ann = realm.object(ofType: QOwner.self, forPrimaryKey: 1)!
        try realm.write { realm.delete(ann.pets) }
        XCTAssertEqual(realm.objects(QPet.self).map(\.name), ["Ángel"])
        XCTAssertEqual(ann.pets.count, 0)
        XCTAssertNil(ann.favorite, "to-one link to a deleted object becomes nil")

        try realm.write { realm.delete([realm.objects(QPet.self).first!]) }
        XCTAssertEqual(realm.objects(QPet.self).count, 0)
    }

    func testDeleteAllAndIsEmpty() throws {
        let realm = try makePetRealm()
        XCTAssertFalse(realm.isEmpty)
        try realm.write { realm.deleteAll() }
        XCTAssertTrue(realm.isEmpty)
        XCTAssertEqual(realm.objects(QPet.self).count, 0)
        XCTAssertEqual(realm.objects(QOwner.self).count, 0)
        // The realm is usable afterwards.
        try realm.write { realm.add(QPet(value: ["name": "new"])) }
        XCTAssertEqual(realm.objects(QPet.self).count, 1)
        XCTAssertFalse(realm.isEmpty)
    }

    func testDeleteAllThenAddInSameTransaction() throws {
        let realm = try makePetRealm()
        try realm.write {
            realm.deleteAll()
            let o = QOwner(); o.id = 1; o.name = "again"
            realm.add(o)
        }
        let again = realm.object(ofType: QOwner.self, forPrimaryKey: 1)
        XCTAssertEqual(again?.name, "again")
        XCTAssertEqual(again?.isInvalidated, false)
    }

    func testDeleteThenRecreateSamePrimaryKeyInOneTransaction() throws {
        let realm = try makePetRealm()
        let pet = realm.objects(QPet.self).filter("name == 'Max'").first!
        let replacement: QOwner = try realm.write {
            realm.delete(realm.object(ofType: QOwner.self, forPrimaryKey: 1)!)
            let o = realm.create(QOwner.self, value: ["id": 1, "name": "Replacement"])
            o.favorite = pet
            return o
        }
        XCTAssertFalse(replacement.isInvalidated, "an object re-created with a deleted primary key is valid")
        XCTAssertEqual(realm.object(ofType: QOwner.self, forPrimaryKey: 1)?.name, "Replacement")
    }

    func testLinkToObjectRecreatedWithSamePrimaryKeySurvivesCommit() throws {
        let realm = try makePetRealm()
        let pet = realm.objects(QPet.self).filter("name == 'Max'").first!
        try realm.write {
            realm.delete(realm.object(ofType: QOwner.self, forPrimaryKey: 2)!)
            let o = realm.create(QOwner.self, value: ["id": 2, "name": "New Bob"])
            o.pets.append(pet)
        }
        let bob = realm.object(ofType: QOwner.self, forPrimaryKey: 2)
        XCTAssertEqual(bob?.name, "New Bob")
        XCTAssertEqual(bob?.pets.map(\.name), ["Max"])
        XCTAssertEqual(pet.owners.map(\.name), ["New Bob"])
    }

    func testLinkToAnObjectDeletedAndRecreatedInOneTransactionStays() throws {
        let realm = try Realm(configuration: memoryConfiguration([PkLinker.self, Settings.self]))
        try realm.write {
            let linker = realm.create(PkLinker.self, value: ["name": "l"])
            realm.create(Settings.self, value: ["id": 1])
            realm.delete(realm.object(ofType: Settings.self, forPrimaryKey: 1)!)
            let again = realm.create(Settings.self, value: ["id": 1, "linesShown": 9])
            linker.target = again
            linker.targets.append(again)
        }
        let linker = realm.objects(PkLinker.self).first!
        XCTAssertEqual(linker.target?.linesShown, 9, "the link to the re-created object survives the commit's link cleanup")
        XCTAssertEqual(linker.targets.count, 1)
    }

    func testReadsSeeSnapshotUntilRefresh() throws {
        let config = memoryConfiguration(petTypes)
        let b = try Realm(configuration: config)
        XCTAssertEqual(b.objects(QPet.self).count, 0) // pins b's snapshot
        try onAnotherThread {
            let a = try Realm(configuration: config)
            try a.write { a.add(QPet(value: ["name": "n"])) }
            XCTAssertEqual(a.objects(QPet.self).count, 1)
        }
        XCTAssertEqual(b.objects(QPet.self).count, 0, "b reads its pinned snapshot")
        XCTAssertTrue(b.refresh())
        XCTAssertEqual(b.objects(QPet.self).count, 1)
        XCTAssertFalse(b.refresh(), "nothing new")
        try onAnotherThread {
            let a = try Realm(configuration: config)
            try a.write { a.add(QPet(value: ["name": "m"])) }
        }
        b.invalidate()
        XCTAssertEqual(b.objects(QPet.self).count, 2, "after invalidate the next read sees the latest version")
    }

    func testBeginWriteAdvancesToLatestVersion() throws {
        let config = memoryConfiguration(petTypes)
        let b = try Realm(configuration: config)
        XCTAssertEqual(b.objects(QPet.self).count, 0)
        try onAnotherThread {
            let a = try Realm(configuration: config)
            try a.write { a.add(QPet(value: ["name": "n"])) }
        }
        try b.write {
            XCTAssertEqual(b.objects(QPet.self).count, 1)
            b.add(QPet(value: ["name": "o"]))
        }
        XCTAssertEqual(b.objects(QPet.self).count, 2)
    }

    func testInvalidateInsideWriteCancelsIt() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        realm.beginWrite()
        realm.add(QPet(value: ["name": "n"]))
        realm.invalidate()
        XCTAssertFalse(realm.isInWriteTransaction)
        XCTAssertEqual(realm.objects(QPet.self).count, 0)
    }

    func testEnumRoundTrip() throws {
        let realm = try Realm(configuration: memoryConfiguration([Task2.self]))
        try realm.write {
            realm.add(Task2(value: ["id": 1, "title": "a", "priority": Priority.high]))
            realm.create(Task2.self, value: ["id": 2, "title": "b"])
        }
        XCTAssertEqual(realm.object(ofType: Task2.self, forPrimaryKey: 1)?.priority, .high)
        XCTAssertEqual(realm.object(ofType: Task2.self, forPrimaryKey: 2)?.priority, .medium)
        XCTAssertEqual(realm.objects(Task2.self).filter("priority == 3").count, 1)
        XCTAssertEqual(realm.objects(Task2.self).filter("priority == $0", Priority.medium).count, 1)
        XCTAssertEqual(realm.objects(Task2.self).where { $0.priority == .high }.map(\.id), [1])
    }

    func testConcurrentWritersFromThreadsAreSerialized() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = Realm.Configuration(fileURL: dir.appendingPathComponent("threads.realm"), objectTypes: [Settings.self])
        let realm = try Realm(configuration: config)
        try realm.write { realm.add(Settings(value: ["id": 1, "linesShown": 0])) }
        let group = DispatchGroup()
        let failures = UncheckedBox(NSMutableArray())
        for _ in 0..<4 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let r = try Realm(configuration: config)
                    for _ in 0..<25 {
                        try r.write {
                            let s = r.object(ofType: Settings.self, forPrimaryKey: 1)!
                            s.linesShown += 1
                        }
                    }
                } catch {
                    failures.value.add("\(error)")
                }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(failures.value.count, 0, "\(failures.value)")
        realm.refresh()
        XCTAssertEqual(realm.object(ofType: Settings.self, forPrimaryKey: 1)?.linesShown, 100)
    }
}
