@_spi(Sync) @testable import Fief
import Foundation
import XCTest

/// `realm.add` moves an object's values into the write transaction's cluster cache instead of
/// copying them: every value, heap-allocated strings and data among them, must arrive whole,
/// whether it is read back inside the transaction, after a write-back in the middle of it, from
/// the file after the commit, or from the sync changeset the add recorded (which takes its copy
/// first).
final class AddValueHandoffTests: XCTestCase {
    /// A string long enough to live on the heap (a small string holds at most 15 bytes).
    private func longName(_ i: Int) -> String { "a name long enough for the heap, number \(i) — ünïcödé" }

    func testMovedValuesReadBackInTheTransactionAfterWriteBacksAndAfterCommit() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("handoff.realm"), objectTypes: syncTypes)
        let realm = try Realm(configuration: configuration)
        let count = 3_000
        try realm.write {
            // Write back the cache every few hundred values, so that some clusters are encoded
            // from moved values while the load goes on.
            realm.session!.valueLimit = 500
            for i in 0..<count {
                let person = SyPerson()
                person.id = i
                person.name = longName(i)
                person.age = i % 90
                person.ratio = Double(i) / 7
                person.nick = i.isMultiple(of: 3) ? nil : "nick \(i) on the heap as well, please"
                person.blob = Data(repeating: UInt8(i % 251), count: i % 40)
                realm.add(person)
                // The object just added reads its values from the cache.
                XCTAssertEqual(person.name, longName(i))
            }
            for i in stride(from: 0, to: count, by: 97) {
                XCTAssertEqual(realm.object(ofType: SyPerson.self, forPrimaryKey: i)?.name, longName(i))
            }
        }
        // After the commit the values come from the file.
        checkPeople(realm, count)
    }

    private func checkPeople(_ realm: Realm, _ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(realm.objects(SyPerson.self).count, count, file: file, line: line)
        for person in realm.objects(SyPerson.self) {
            let i = person.id
            XCTAssertEqual(person.name, longName(i), file: file, line: line)
            XCTAssertEqual(person.age, i % 90, file: file, line: line)
            XCTAssertEqual(person.ratio, Double(i) / 7, file: file, line: line)
            XCTAssertEqual(person.nick, i.isMultiple(of: 3) ? nil : "nick \(i) on the heap as well, please", file: file, line: line)
            XCTAssertEqual(person.blob, Data(repeating: UInt8(i % 251), count: i % 40), file: file, line: line)
        }
    }

    func testTheSyncChangesetKeepsTheValuesTheStoreTook() throws {
        let realm = try syncRealm()
        let changeset = try recordedWrite(realm) {
            for i in 0..<50 {
                let person = SyPerson()
                person.id = i
                person.name = longName(i)
                person.nick = "nick \(i) on the heap as well, please"
                realm.add(person)
            }
        }
        let strings = Set(changeset.instructions.compactMap { instruction -> String? in
            guard case .set(_, .string(let s), _) = instruction else { return nil }
            return s
        })
        for i in 0..<50 {
            XCTAssertTrue(strings.contains(longName(i)), "name \(i) missing from the changeset")
            XCTAssertTrue(strings.contains("nick \(i) on the heap as well, please"), "nick \(i) missing from the changeset")
            XCTAssertEqual(realm.object(ofType: SyPerson.self, forPrimaryKey: i)?.name, longName(i))
        }
        // The changeset round-trips and applies on another realm with the same values.
        let peer = try syncRealm()
        try deliver(changeset, to: peer, ownFileIdent: 2)
        XCTAssertEqual(peer.objects(SyPerson.self).count, 50)
        XCTAssertEqual(peer.object(ofType: SyPerson.self, forPrimaryKey: 49)?.name, longName(49))
    }
}

/// A class mixing the scalars an added object's row reads in place (`Int`, `Double`,
/// `String`, `Bool`) with fields read through their type (an optional, a link, a list) and a
/// backlink.
final class HandoffMix: Object {
    @Persisted(primaryKey: true) var id: Int
    @Persisted var count: Int
    @Persisted var ratio: Double
    @Persisted var title: String
    @Persisted var flag: Bool
    @Persisted var note: String?
    @Persisted var next: HandoffMix?
    @Persisted var tags: List<String>
    @Persisted(originProperty: "next") var previous: LinkingObjects<HandoffMix>
}

/// The row of an added object reads its scalars from the object itself and takes the other
/// values from a gathered row: unset scalars must arrive as their defaults, and linked objects
/// added while the row is gathered (into the same class's clusters) must not disturb it.
final class AddedObjectRowTests: XCTestCase {
    private func title(_ i: Int) -> String { "title \(i), long enough to live on the heap" }

    /// A chain of unmanaged objects, each linking the next: adding the first adds them all,
    /// each inside the gathering of the one before. Even objects leave every scalar unset.
    private func chain(_ count: Int) -> HandoffMix {
        var next: HandoffMix?
        for i in stride(from: count - 1, through: 0, by: -1) {
            let object = HandoffMix()
            object.id = i
            if !i.isMultiple(of: 2) {
                object.count = i * 3
                object.ratio = Double(i) / 4
                object.title = title(i)
                object.flag = true
            }
            object.note = i.isMultiple(of: 3) ? "note \(i)" : nil
            object.tags.append(objectsIn: (0..<(i % 4)).map { "tag \($0)" })
            object.next = next
            next = object
        }
        return next!
    }

    private func check(_ realm: Realm, _ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(realm.objects(HandoffMix.self).count, count, file: file, line: line)
        for i in 0..<count {
            guard let object = realm.object(ofType: HandoffMix.self, forPrimaryKey: i) else {
                return XCTFail("object \(i) missing", file: file, line: line)
            }
            let set = !i.isMultiple(of: 2)
            XCTAssertEqual(object.count, set ? i * 3 : 0, file: file, line: line)
            XCTAssertEqual(object.ratio, set ? Double(i) / 4 : 0, file: file, line: line)
            XCTAssertEqual(object.title, set ? title(i) : "", file: file, line: line)
            XCTAssertEqual(object.flag, set, file: file, line: line)
            XCTAssertEqual(object.note, i.isMultiple(of: 3) ? "note \(i)" : nil, file: file, line: line)
            XCTAssertEqual(Array(object.tags), (0..<(i % 4)).map { "tag \($0)" }, file: file, line: line)
            XCTAssertEqual(object.next?.id, i + 1 < count ? i + 1 : nil, file: file, line: line)
            XCTAssertEqual(object.previous.map(\.id), i > 0 ? [i - 1] : [], file: file, line: line)
        }
    }

    func testUnsetScalarsAndLinkedObjectsAddedWhileTheRowIsGathered() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("row.realm"), objectTypes: [HandoffMix.self])
        let realm = try Realm(configuration: configuration)
        let count = 1_200
        try realm.write {
            // Write back the cache now and then, so that linked adds flush clusters while the
            // objects linking them are being gathered.
            realm.session!.valueLimit = 700
            realm.add(chain(count))
            check(realm, count)
        }
        check(realm, count)
    }

    func testSyncHistoryRecordsTheValuesReadInPlace() throws {
        let realm = try syncRealm(types: [HandoffMix.self])
        let changeset = try recordedWrite(realm) { realm.add(chain(12)) }
        let peer = try syncRealm(types: [HandoffMix.self])
        try deliver(changeset, to: peer, ownFileIdent: 2)
        check(peer, 12)
    }

    func testAClassWhoseFileHasAColumnItDoesNotDeclare() throws {
        // A property another device added (sync schema additions are additive): the file's
        // columns are no longer the Swift class's, and an added object's row is laid out in
        // the file's order, with the default for the column the class does not declare.
        let realm = try syncRealm(types: [HandoffMix.self])
        try realm.write {
            try realm.applySyncChangeset(SyncChangeset([
                .addProperty(className: "HandoffMix", property: SyncPropertySchema(name: "extra", type: .int)),
            ]), ownFileIdent: 0)
        }
        try realm.write {
            XCTAssertFalse(try realm.binding(for: HandoffMix.self).rowIsInSwiftOrder, "the row is not laid out in the class's order")
            realm.add(chain(40))
        }
        check(realm, 40)
        let objects = try realm.dynamicObjects("HandoffMix")
        XCTAssertEqual(objects.count, 40)
        for object in objects { XCTAssertEqual(try object.value(forProperty: "extra") as? Int, 0) }
    }
}

