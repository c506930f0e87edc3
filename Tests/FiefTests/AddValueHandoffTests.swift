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
