@_spi(Sync) @testable import Fief
import FiefStorage
import Foundation
import XCTest

final class HistPet: Object {
    @Persisted var name = ""
    @Persisted var age = 0
}

final class HistOwner: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var pets: List<HistPet>
    @Persisted var favorite: HistPet?
    @Persisted var tags: MutableSet<String>
    @Persisted var scores: Map<String, Int>
    @Persisted var home: HistAddress?
    @Persisted var places: List<HistAddress>
}

final class HistAddress: EmbeddedObject {
    @Persisted var city = ""
}

/// The sync history in the realm file: entries and cursors commit with the data, survive a
/// reopen, and undo logs take the file back exactly.
final class SyncHistoryTests: XCTestCase {
    private var dir: URL!

    override func setUp() {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("synchist-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: dir)
    }

    private func configuration(synced: Bool = true, name: String = "h.realm") -> Realm.Configuration {
        var c = Realm.Configuration(fileURL: dir.appendingPathComponent(name), objectTypes: [HistPet.self, HistOwner.self, HistAddress.self])
        c.recordsSyncHistory = synced
        c.syncClock = { 1000 }
        return c
    }

    /// Every stored cell of every object, by class and local key: equal dumps are equal files.
    private func dump(_ realm: Realm) throws -> String {
        var lines: [String] = []
        for binding in realm.allBindings.sorted(by: { $0.className < $1.className }) {
            let store = try realm.table(binding)
            for key in try store.allKeys() {
                let cells = try binding.columns.filter(\.property.isStored).map { "\($0.property.name)=\(try store.read(key, $0) ?? .null)" }
                lines.append("\(binding.className)#\(key) " + cells.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// As if the server had integrated everything recorded so far.
    private func markIntegrated(_ realm: Realm) throws {
        let latest = try realm.syncHistoryState().latestClientVersion
        try realm.write { try realm.setSyncDownloadCursor(serverVersion: latest, clientVersion: latest) }
    }

    func testLocalRealmsRecordNothing() throws {
        let realm = try Realm(configuration: configuration(synced: false))
        try realm.write { realm.add(HistOwner(value: ["id": 1])) }
        let txn = try realm.currentTxn()
        XCTAssertNil(try txn.tree(SyncHistoryStore.historyTree))
        XCTAssertNil(try txn.tree(SyncHistoryStore.stateTree))
    }

    func testEntriesCommitWithTheDataAndSurviveReopen() throws {
        do {
            let realm = try Realm(configuration: configuration())
            try markIntegrated(realm)  // the schema's entry
            try realm.write { realm.add(HistOwner(value: ["id": 1])) }
            try realm.write { realm.objects(HistOwner.self).first!.name = "a" }
            try realm.write { }  // nothing changed: no entry
            let entries = try realm.syncHistoryEntries(after: 0)
            XCTAssertEqual(entries.map(\.clientVersion), [2, 3])
            XCTAssertEqual(entries[0].changeset.instructions.first, .createObject(className: "HistOwner", object: .primaryKey(.int(1))))
            let name = SyncTarget(className: "HistOwner", object: .primaryKey(.int(1)), property: "name")
            XCTAssertEqual(entries[1].changeset.instructions, [.set(name, .string("a"), isDefault: false)])
            XCTAssertEqual(entries[0].baseServerVersion, 1)
            XCTAssertEqual(HybridLogicalClock.milliseconds(of: entries[0].timestamp), 1000)
            XCTAssertGreaterThan(entries[1].timestamp, entries[0].timestamp)
        }
        let reopened = try Realm(configuration: configuration())
        let state = try reopened.syncHistoryState()
        XCTAssertEqual(state.latestClientVersion, 3)
        XCTAssertEqual(try reopened.syncHistoryEntries(after: 2).map(\.clientVersion), [3])
    }

    func testCursorsIdentityAndTrimming() throws {
        let realm = try Realm(configuration: configuration())
        try markIntegrated(realm)  // the schema's entry, client version 1
        for i in 0..<3 { try realm.write { realm.add(HistOwner(value: ["id": i])) } }
        try realm.write {
            try realm.setSyncFileIdent(42, salt: 7)
            try realm.acknowledgeSyncUpload(clientVersion: 3, serverVersion: 10)
            try realm.setSyncDownloadCursor(serverVersion: 9, clientVersion: 2)
            try realm.observeSyncTimestamp(HybridLogicalClock.timestamp(milliseconds: 5000))
        }
        let state = try realm.syncHistoryState()
        XCTAssertEqual(state.fileIdent, 42)
        XCTAssertEqual(state.identSalt, 7)
        XCTAssertEqual(state.uploadedClientVersion, 3)
        XCTAssertEqual(state.downloadedServerVersion, 9)
        XCTAssertEqual(state.downloadedClientVersion, 2)
        XCTAssertEqual(try realm.syncHistoryEntries(after: 0).map(\.clientVersion), [3, 4])
        try realm.write { realm.add(HistOwner(value: ["id": 9])) }
        let last = try realm.syncHistoryEntries(after: 4)
        XCTAssertEqual(last.first?.baseServerVersion, 9)
        XCTAssertGreaterThan(HybridLogicalClock.milliseconds(of: last.first!.timestamp), 4999, "the clock moved past what it observed")
    }

    func testUndoTakesTheFileBackExactly() throws {
        let realm = try Realm(configuration: configuration())
        try realm.write {
            let o = realm.create(HistOwner.self, value: ["id": 1, "name": "one"])
            o.pets.append(HistPet(value: ["name": "rex", "age": 3]))
            o.pets.append(HistPet(value: ["name": "tom"]))
            o.favorite = o.pets[1]
            o.tags.insert("x")
            o.scores["a"] = 1
            o.home = HistAddress(value: ["city": "Oslo"])
            o.places.append(HistAddress(value: ["city": "Rome"]))
            realm.create(HistOwner.self, value: ["id": 2, "name": "two"])
        }
        try markIntegrated(realm)
        let before = try dump(realm)
        try realm.write {
            let o = realm.object(ofType: HistOwner.self, forPrimaryKey: 1)!
            o.name = "changed"
            realm.delete(o.pets[1])              // link cleanup clears favorite and the list entry
            o.pets.append(HistPet(value: ["name": "new"]))
            o.tags.insert("y")
            o.scores["b"] = 2
            o.home = HistAddress(value: ["city": "Paris"])
            o.places[0].city = "Milan"
            o.places.append(HistAddress(value: ["city": "Turin"]))
        }
        try realm.write {
            realm.delete(realm.object(ofType: HistOwner.self, forPrimaryKey: 2)!)
            realm.create(HistOwner.self, value: ["id": 3])
            realm.create(HistOwner.self, value: ["id": 2, "name": "again"])
        }
        XCTAssertNotEqual(try dump(realm), before)
        try realm.write {
            let undone = try realm.undoPendingSyncChangesets()
            XCTAssertEqual(undone.map(\.clientVersion), [3, 4])
        }
        XCTAssertEqual(try dump(realm), before)
        XCTAssertEqual(try realm.syncHistoryEntries(after: 0), [])
        let o = realm.object(ofType: HistOwner.self, forPrimaryKey: 1)!
        XCTAssertEqual(o.favorite?.name, "tom")
        XCTAssertEqual(o.places.map(\.city), ["Rome"])
    }

    func testUndoIsExactOverRandomTransactions() throws {
        let realm = try Realm(configuration: configuration())
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        try realm.write { for i in 0..<20 { realm.create(HistOwner.self, value: ["id": i, "name": "o\(i)"]) } }
        try markIntegrated(realm)
        let before = try dump(realm)
        for _ in 0..<30 {
            try realm.write {
                let owners = Array(realm.objects(HistOwner.self))
                for _ in 0..<(1 + next(4)) {
                    guard !owners.isEmpty else { break }
                    let o = owners[next(owners.count)]
                    guard !o.isInvalidated else { continue }
                    switch next(7) {
                    case 0: o.name = "n\(next(100))"
                    case 1: o.pets.append(HistPet(value: ["name": "p\(next(9))"]))
                    case 2: if !o.pets.isEmpty { realm.delete(o.pets[next(o.pets.count)]) }
                    case 3: o.home = next(2) == 0 ? nil : HistAddress(value: ["city": "c\(next(9))"])
                    case 4: o.scores["k\(next(3))"] = next(50)
                    case 5: realm.delete(o)
                    default: realm.create(HistOwner.self, value: ["id": 100 + next(50), "name": "new"], update: .modified)
                    }
                }
            }
        }
        try realm.write { _ = try realm.undoPendingSyncChangesets() }
        XCTAssertEqual(try dump(realm), before)
    }

    func testTheSchemaGoesIntoTheHistoryAtOpen() throws {
        let realm = try Realm(configuration: configuration())
        let first = try XCTUnwrap(try realm.syncHistoryEntries(after: 0).first)
        XCTAssertTrue(first.changeset.instructions.contains { if case .addClass(name: "HistOwner", _, _, _) = $0 { true } else { false } })
        XCTAssertTrue(first.changeset.instructions.contains { if case .addProperty(className: "HistOwner", let p) = $0 { p.name == "pets" } else { false } })
    }

    func testSyncedAndLocalFilesAreNotMixedUp() throws {
        do {
            let synced = try Realm(configuration: configuration(name: "s.realm"))
            try synced.write { synced.add(HistOwner(value: ["id": 1])) }
        }
        XCTAssertThrowsError(try Realm(configuration: configuration(synced: false, name: "s.realm"))) { error in
            XCTAssertTrue("\(error)".contains("is a synced realm"), "\(error)")
        }
        var readOnly = configuration(synced: false, name: "s.realm")
        readOnly.readOnly = true
        XCTAssertEqual(try Realm(configuration: readOnly).objects(HistOwner.self).count, 1)
        do {
            let local = try Realm(configuration: configuration(synced: false, name: "l.realm"))
            try local.write { local.add(HistOwner(value: ["id": 1])) }
        }
        XCTAssertThrowsError(try Realm(configuration: configuration(name: "l.realm"))) { error in
            XCTAssertTrue("\(error)".contains("is a local realm"), "\(error)")
        }
    }
}
