@testable import Fief
import Foundation
import XCTest

final class ChangesetTests: XCTestCase {
    func changesets(_ realm: Realm, after version: UInt64) -> [Changeset] {
        realm.coordinator.changesets(after: version)
    }

    /// Every changeset the coordinator kept (independent of how versions are numbered).
    func allChangesets(_ realm: Realm) -> [Changeset] {
        realm.coordinator.changesets(after: 0)
    }

    func testChangesetsAfterVersionIncludeTheNextCommit() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let before = realm.coordinator.store.latestVersion
        try realm.write { realm.add(QPet()) }
        XCTAssertGreaterThan(realm.coordinator.store.latestVersion, before)
        XCTAssertEqual(changesets(realm, after: before).count, 1, "the commit made after version `before` is returned")
        XCTAssertEqual(changesets(realm, after: realm.coordinator.store.latestVersion).count, 0, "nothing after the latest version")
    }

    func testCreationRecordsTheObjectWithoutItsValues() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let countBefore = allChangesets(realm).count
        let pet = QPet(); pet.name = "A"; pet.age = 2
        try realm.write { realm.add(pet) }
        let sets = Array(allChangesets(realm).dropFirst(countBefore))
        XCTAssertEqual(sets.count, 1)
        let key = try XCTUnwrap(pet._managed?.rowKey)
        // Notifications need only the key of a new object; sync records its values separately.
        XCTAssertEqual(sets.first?.instructions, [.createObject(className: "QPet", key: key, primaryKey: .null)])
    }

    func testCreationsInARowShareOneInstruction() throws {
        let realm = try Realm(configuration: memoryConfiguration([QPet.self, Settings.self, Contact.self, Address.self]))
        let countBefore = allChangesets(realm).count
        var pets: [QPet] = []
        try realm.write {
            for _ in 0..<3 { pets.append(realm.create(QPet.self)) }
            for id in [4, 9] { realm.add(Settings(value: ["id": id])) }
            for email in ["a@x", "b@x"] { realm.add(Contact(value: ["email": email])) }
            pets.append(QPet())
            realm.add(pets[3])
        }
        let instructions = Array(allChangesets(realm).dropFirst(countBefore)).flatMap(\.instructions)
        let petKeys = pets.prefix(3).map { $0._managed!.rowKey }
        let lastPetKey = pets[3]._managed!.rowKey
        let settingsKeys = [4, 9].map { TableBinding.key(forIntPrimaryKey: $0) }
        guard instructions.count == 5 else { return XCTFail("\(instructions)") }
        XCTAssertEqual(instructions[0], .createObjects(className: "QPet", keys: petKeys, intPrimaryKeys: false))
        XCTAssertEqual(instructions[1], .createObjects(className: "Settings", keys: settingsKeys, intPrimaryKeys: true))
        // A String primary key is not implied by the key: each creation keeps its own.
        XCTAssertEqual(instructions[2].className, "Contact")
        XCTAssertEqual(instructions[3].className, "Contact")
        XCTAssertEqual(instructions[4], .createObject(className: "QPet", key: lastPetKey, primaryKey: .null), "another class came between")

        // Spelled out, and encoded, a run is one createObject per object with its primary key.
        var spelledOut: [ChangesetInstruction] = []
        let changeset = Changeset(instructions: instructions)
        changeset.forEachSpelledOut { spelledOut.append($0) }
        XCTAssertEqual(changeset.spelledOutCount, 8)
        XCTAssertEqual(Array(spelledOut.prefix(5)), petKeys.map { .createObject(className: "QPet", key: $0, primaryKey: .null) }
                       + [.createObject(className: "Settings", key: settingsKeys[0], primaryKey: .int(4)),
                          .createObject(className: "Settings", key: settingsKeys[1], primaryKey: .int(9))])
        XCTAssertEqual(try ChangesetCoding.decode(ChangesetCoding.encode(changeset)).instructions, spelledOut)

        let summary = ChangeSummary([changeset, Changeset(instructions: [.eraseObject(className: "QPet", key: petKeys[1])])])
        XCTAssertEqual(summary.inserted["QPet"], Set([petKeys[0], petKeys[2], lastPetKey]))
        XCTAssertEqual(summary.inserted["Settings"], Set(settingsKeys))
        XCTAssertEqual(summary.deleted["QPet"] ?? [], [])
    }

    func testSummaryOfEraseAndCreateUnderOneKey() {
        let erase = ChangesetInstruction.eraseObject(className: "A", key: 7)
        let create = ChangesetInstruction.createObject(className: "A", key: 7, primaryKey: .int(7))
        let replaced = ChangeSummary([Changeset(instructions: [erase]), Changeset(instructions: [create])])
        XCTAssertEqual(replaced.deleted["A"] ?? [], [])
        XCTAssertEqual(replaced.inserted["A"] ?? [], [])
        XCTAssertTrue(replaced.isModified("A", 7, ["anything"]), "a replaced object counts as modified in every property")
        let erasedAgain = ChangeSummary([Changeset(instructions: [erase, create, erase])])
        XCTAssertEqual(erasedAgain.deleted["A"], [7], "erased, created and erased again: deleted")
        XCTAssertFalse(erasedAgain.isModified("A", 7, nil))
        let transient = ChangeSummary([Changeset(instructions: [create, erase])])
        XCTAssertTrue(transient.isEmpty, "created and erased within the run: nothing to tell")
        let recreated = ChangeSummary([Changeset(instructions: [create, erase, create])])
        XCTAssertEqual(recreated.inserted["A"], [7])
        XCTAssertEqual(recreated.deleted["A"] ?? [], [])
    }

    func testObserversSeeAnObjectReplacedUnderItsPrimaryKey() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        try realm.write { realm.add(Settings(value: ["id": 1, "linesShown": 5])) }
        var collectionChanges: [[Int]] = []
        let results = realm.objects(Settings.self)
        let collectionToken = results.observe(keyPaths: ["linesShown"]) { change in
            if case .update(_, let d, let i, let m) = change { collectionChanges.append(d + i + m.map { $0 + 100 }) }
        }
        defer { collectionToken.invalidate() }
        var objectChanges: [String] = []
        let settings = try XCTUnwrap(realm.object(ofType: Settings.self, forPrimaryKey: 1))
        let objectToken = settings.observe { change in
            switch change {
            case .change(_, let properties): objectChanges += properties.map { "\($0.name) \($0.oldValue ?? "nil") → \($0.newValue ?? "nil")" }
            case .deleted: objectChanges.append("deleted")
            case .error(let error): objectChanges.append("error \(error)")
            }
        }
        defer { objectToken.invalidate() }
        try realm.write {
            realm.delete(realm.object(ofType: Settings.self, forPrimaryKey: 1)!)
            realm.add(Settings(value: ["id": 1, "linesShown": 6]))
        }
        XCTAssertEqual(collectionChanges, [[100]], "the object kept its place and is reported modified")
        XCTAssertEqual(objectChanges, ["linesShown 5 → 6"])
    }

    func testPropertyListAndEraseInstructions() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let pet = QPet()
        try realm.write { realm.add(pet) }
        let key = pet._managed!.rowKey
        let countBefore = allChangesets(realm).count
        try realm.write {
            pet.age = 3
            pet.tags.append("x")
            pet.tags[0] = "y"
            pet.tags.append("z")
            pet.tags.move(from: 0, to: 1)
            pet.tags.remove(at: 0)
            realm.delete(pet)
        }
        let sets = Array(allChangesets(realm).dropFirst(countBefore))
        XCTAssertEqual(sets.count, 1)
        XCTAssertEqual(sets.first?.instructions, [
            .set(className: "QPet", key: key, property: "age", value: .int(3)),
            .listInsert(className: "QPet", key: key, property: "tags", index: 0, value: .string("x")),
            .listSet(className: "QPet", key: key, property: "tags", index: 0, value: .string("y")),
            .listInsert(className: "QPet", key: key, property: "tags", index: 1, value: .string("z")),
            .listMove(className: "QPet", key: key, property: "tags", from: 0, to: 1),
            .listErase(className: "QPet", key: key, property: "tags", index: 0),
            .eraseObject(className: "QPet", key: key),
        ])
    }

    func testUpsertModifiedRecordsOnlyChangedProperties() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        try realm.write { realm.add(Settings(value: ["id": 1, "linesShown": 5, "showToolbar": true])) }
        try realm.write { realm.add(Settings(value: ["id": 1, "linesShown": 6, "showToolbar": true]), update: .modified) }
        let key = realm.object(ofType: Settings.self, forPrimaryKey: 1)!._managed!.rowKey
        XCTAssertEqual(allChangesets(realm).last?.instructions, [
            .set(className: "Settings", key: key, property: "linesShown", value: .int(6)),
        ])
    }

    func testCancelledWriteRecordsNothing() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let countBefore = allChangesets(realm).count
        realm.beginWrite()
        realm.add(QPet())
        realm.cancelWrite()
        XCTAssertEqual(allChangesets(realm).count, countBefore)
    }

    func testSchemaCreationIsRecorded() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        let all = allChangesets(realm).flatMap(\.instructions)
        XCTAssertTrue(all.contains(.addClass(className: "Settings", isEmbedded: false)), "\(all)")
        XCTAssertTrue(all.contains(.addProperty(className: "Settings", property: "linesShown", type: .int, collection: .none,
                                                isOptional: false, objectClassName: nil)), "\(all)")
    }

    func testClassAddedInWriteIsRecorded() throws {
        final class LateClass: Object { @Persisted var v = 0 }
        let realm = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "late-\(UUID().uuidString)"))
        try realm.write { realm.add(LateClass(value: ["v": 1])) }
        let instructions = allChangesets(realm).last?.instructions ?? []
        XCTAssertTrue(instructions.contains(.addClass(className: "LateClass", isEmbedded: false)), "\(instructions)")
        XCTAssertTrue(instructions.contains { if case .createObject(className: "LateClass", _, _) = $0 { true } else { false } })
    }

    func testMigrationCreateIsRecorded() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("cs.realm")
        do { _ = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Settings.self])) }
        let c = Realm.Configuration(fileURL: url, schemaVersion: 1, migrationBlock: { m, _ in
            m.create("Settings", value: ["id": 7])
        }, objectTypes: [Settings.self])
        let realm = try Realm(configuration: c)
        XCTAssertEqual(realm.objects(Settings.self).count, 1)
        let instructions = allChangesets(realm).flatMap(\.instructions)
        XCTAssertTrue(instructions.contains { if case .createObject(className: "Settings", _, .int(7)) = $0 { true } else { false } }, "\(instructions)")
    }

    func testEncodingRoundTripsAndCorruptionIsTyped() throws {
        let changeset = Changeset(instructions: [
            .addClass(className: "A", isEmbedded: false),
            .addProperty(className: "A", property: "p", type: .string, collection: .list, isOptional: true, objectClassName: nil),
            .createObject(className: "A", key: 5, primaryKey: .string("k")),
            .set(className: "A", key: 5, property: "p", value: .collection([.string("x"), .null])),
            .set(className: "A", key: 5, property: "d", value: .double(1.5)),
            .set(className: "A", key: 5, property: "o", value: .objectId(ObjectId.generate())),
            .listInsert(className: "A", key: 5, property: "p", index: 1, value: .int(-3)),
            .listSet(className: "A", key: 5, property: "p", index: 0, value: .date(Date(timeIntervalSince1970: 12.5))),
            .listMove(className: "A", key: 5, property: "p", from: 0, to: 1),
            .listErase(className: "A", key: 5, property: "p", index: 0),
            .listClear(className: "A", key: 5, property: "p"),
            .eraseObject(className: "A", key: 5),
        ])
        let bytes = ChangesetCoding.encode(changeset)
        XCTAssertEqual(try ChangesetCoding.decode(bytes), changeset)
        var broken = bytes
        broken.removeLast()
        XCTAssertThrowsError(try ChangesetCoding.decode(broken)) { error in
            guard case RealmError.corruptChangeset(let offset, _) = error else { return XCTFail("\(error)") }
            XCTAssertLessThanOrEqual(offset, broken.count)
        }
        XCTAssertThrowsError(try ChangesetCoding.decode([9])) { error in
            guard case RealmError.corruptChangeset(let offset, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(offset, 0, "the bad version byte is byte 0")
        }
        XCTAssertThrowsError(try ChangesetCoding.decode(bytes + [0]))
    }
}
