@_spi(Sync) import Fief
@_spi(Sync) import FiefSync
import FiefSyncProtocol
import Foundation
import ServerProcessSupport
import XCTest

/// A device that made more small writes offline than a decoder takes changesets in one message
/// (100,000 by default) uploads them all: the client and the server put at most
/// `WireLimits.changesetsPerMessageSent` changesets in one message, whatever their size.
final class ManySmallChangesetsSyncTests: SyncTestCase {
    func testMoreSmallWritesThanOneMessageMayCarryAllReachAnotherDevice() async throws {
        let writerApp = makeApp(device: "counter")
        let user = try await register("ivo", on: writerApp)
        var configuration = notesConfiguration(user)
        configuration.inMemoryIdentifier = "counter-\(UUID().uuidString)"
        let writer = try await RealmHolder(configuration)
        // 105,000 write transactions of about 25 bytes of sync changes each: more than 100,000
        // of them fit the 4 MiB an upload message carries.
        await writer.suspendSync()
        let writes = 105_000
        try await writer.incrementCounter("taps", times: writes)
        await writer.resumeSync()
        try await writer.session()!.wait(for: .upload, timeout: .seconds(180))

        let readerApp = makeApp(device: "reader")
        let reader = try await readerApp.login(credentials: .emailPassword(email: "ivo", password: "correct horse battery"))
        var readerConfiguration = notesConfiguration(reader)
        readerConfiguration.inMemoryIdentifier = "reader-\(UUID().uuidString)"
        let copy = try await RealmHolder(readerConfiguration, behavior: .always)
        let count = await copy.counter("taps")
        XCTAssertEqual(count, writes)
    }
}

extension RealmHolder {
    /// Adds 1 to note `id`'s count `times` times, one write transaction each.
    func incrementCounter(_ id: String, times: Int) throws {
        try realm.write { if realm.object(ofType: Note.self, forPrimaryKey: id) == nil { realm.create(Note.self, value: ["id": id]) } }
        let note = realm.object(ofType: Note.self, forPrimaryKey: id)!
        for _ in 0..<times { try realm.write { note.increment(\.count, by: 1) } }
    }

    /// Note `id`'s count, nil when there is no such note.
    func counter(_ id: String) -> Int? {
        realm.refresh()
        return realm.object(ofType: Note.self, forPrimaryKey: id)?.count
    }
}
