@_spi(Sync) @testable import Fief
import Foundation
import XCTest

/// The file-level steps of FiefSync that need no server: converting copies between local and
/// synced realms, client reset of a file, and the additive-only schema rule of synced realms.
final class SyncCopyAndResetTests: XCTestCase {
    private var dir: URL!

    override func setUp() {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("synccopy-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: dir)
    }

    private func configuration(_ name: String, synced: Bool) -> Realm.Configuration {
        var c = Realm.Configuration(fileURL: dir.appendingPathComponent(name), objectTypes: [HistPet.self, HistOwner.self, HistAddress.self])
        c.recordsSyncHistory = synced
        return c
    }

    private func fill(_ realm: Realm) throws {
        try realm.write {
            let rex = HistPet()
            rex.name = "Rex"
            rex.age = 3
            let owner = HistOwner()
            owner.id = 7
            owner.name = "Ann"
            owner.pets.append(rex)
            owner.favorite = rex
            owner.home = HistAddress()
            owner.home?.city = "Oslo"
            realm.add(owner)
        }
    }

    func testLocalRealmCopiedToASyncedConfigurationRecordsItsWholeContents() throws {
        let local = try Realm(configuration: configuration("local.realm", synced: false))
        try fill(local)
        let target = configuration("synced.realm", synced: true)
        try local.writeCopy(configuration: target)

        let copy = try Realm(configuration: target)
        XCTAssertEqual(copy.objects(HistOwner.self).first?.favorite?.name, "Rex")
        let state = try copy.syncHistoryState()
        XCTAssertEqual(state.fileIdent, 0, "a copy is a new client")
        let entries = try copy.syncHistoryEntries(after: 0)
        XCTAssertEqual(entries.count, 1)
        let instructions = entries[0].changeset.instructions
        XCTAssertTrue(instructions.contains { if case .addClass(name: "HistOwner", _, _, _) = $0 { true } else { false } })
        XCTAssertEqual(instructions.filter { if case .createObject = $0 { true } else { false } }.count, 2)

        // Replaying the copy's history into an empty synced realm gives the same contents.
        let replica = try Realm(configuration: configuration("replica.realm", synced: true))
        try replica.write { try replica.applySyncChangeset(entries[0].changeset, ownFileIdent: 99) }
        XCTAssertEqual(replica.objects(HistOwner.self).first?.home?.city, "Oslo")
        XCTAssertEqual(replica.objects(HistOwner.self).first?.pets.first?.age, 3)
    }

    func testSyncedRealmCopiedToALocalConfigurationDropsTheHistory() throws {
        let synced = try Realm(configuration: configuration("s.realm", synced: true))
        try fill(synced)
        let target = configuration("l.realm", synced: false)
        try synced.writeCopy(configuration: target)
        let copy = try Realm(configuration: target)
        XCTAssertEqual(copy.objects(HistPet.self).count, 1)
        XCTAssertThrowsError(try Realm(configuration: configuration("l.realm", synced: true))) { error in
            XCTAssertTrue("\(error)".contains("local realm"), "\(error)")
        }
    }

    func testResetSyncFileEmptiesTheFileAndKeepsUnsyncedChangesForRecovery() throws {
        let realm = try Realm(configuration: configuration("r.realm", synced: true))
        try realm.write { try realm.setSyncFileIdent(5, salt: 77) }
        try fill(realm)
        try realm.write { try realm.observeSyncTimestamp(123_456) }
        let clock = try realm.syncHistoryState().clock
        var unsynced: [SyncHistoryEntry] = []
        try realm.write { unsynced = try realm.resetSyncFile() }
        XCTAssertTrue(realm.objects(HistOwner.self).isEmpty)
        XCTAssertTrue(realm.objects(HistPet.self).isEmpty)
        let state = try realm.syncHistoryState()
        XCTAssertEqual(state.fileIdent, 0)
        XCTAssertEqual(state.downloadedServerVersion, 0)
        XCTAssertGreaterThanOrEqual(state.clock, clock, "the clock never goes back")
        // The reset's own entry is the schema, to upload as a new client.
        let entries = try realm.syncHistoryEntries(after: 0)
        XCTAssertEqual(entries.count, 1)
        XCTAssertFalse(entries[0].changeset.instructions.contains { if case .createObject = $0 { true } else { false } })
        // The unsynced writes name the file's own objects by its old identity.
        XCTAssertFalse(unsynced.isEmpty)
        let creates = unsynced.flatMap(\.changeset.instructions).compactMap { i -> SyncObjectID? in
            if case .createObject(className: "HistPet", object: let id) = i { id } else { nil }
        }
        XCTAssertEqual(creates.count, 1)
        if case .global(let key) = creates[0] { XCTAssertEqual(key.fileIdent, 5) } else { XCTFail("expected a global key") }

        // Recovering applies them again as a new local write.
        try realm.write { try realm.setSyncFileIdent(9, salt: 1) }
        try realm.write { for entry in unsynced { try realm.appendRecoveredSyncChangeset(entry.changeset) } }
        XCTAssertEqual(realm.objects(HistOwner.self).first?.favorite?.name, "Rex")
        XCTAssertEqual(try realm.syncHistoryEntries(after: 0).count, 2)
    }

    func testSyncedRealmsRefuseDestructiveSchemaChanges() throws {
        var old = Realm.Configuration(fileURL: dir.appendingPathComponent("schema.realm"), objectTypes: [HistPet.self])
        old.recordsSyncHistory = true
        _ = try Realm(configuration: old)
        var changed = Realm.Configuration(fileURL: dir.appendingPathComponent("schema.realm"), objectTypes: [RenamedPet.self])
        changed.recordsSyncHistory = true
        changed.schemaVersion = 1
        XCTAssertThrowsError(try Realm(configuration: changed)) { error in
            guard case .destructiveSyncedSchemaChange(let diffs)? = (error as? Realm.Error)?.reason else { return XCTFail("\(error)") }
            XCTAssertTrue(diffs.contains { $0.contains("age") }, "\(diffs)")
            XCTAssertTrue("\(error)".contains("additive"), "\(error)")
        }
    }
}

/// `HistPet` with `age` changed from Int to String: a destructive change.
final class RenamedPet: Object {
    override class func className() -> String { "HistPet" }
    @Persisted var name = ""
    @Persisted var age = ""
}
