@_spi(Sync) import FiefSync
import Foundation
import XCTest

/// Shared realms: an offer gives another user read access; that user's writes are refused by
/// the server and reverted in their file, and nobody else ever sees them.
final class ReadOnlyAccessTests: SyncTestCase {
    final class Errors: @unchecked Sendable {
        private let lock = NSLock()
        private var codes: [SyncError.Code] = []
        func add(_ error: SyncError) { lock.lock(); codes.append(error.code); lock.unlock() }
        var all: [SyncError.Code] { lock.lock(); defer { lock.unlock() }; return codes }
    }

    /// Owner `olga`'s notes realm with a first note, and the configuration of reader `rolf`,
    /// who accepted her read-only offer, with an error handler that records into `errors`.
    private func sharedReadOnly(_ errors: Errors) async throws -> (owner: User, ownerHolder: RealmHolder, reader: User,
                                                                    shared: URL, config: Realm.Configuration) {
        let ownerApp = makeApp(device: "owner")
        let owner = try await register("olga", on: ownerApp)
        let ownerHolder = try await RealmHolder(notesConfiguration(owner))
        try await ownerHolder.write("plan", text: "owner's plan")
        try await ownerHolder.session()!.wait(for: .upload, timeout: .seconds(60))

        let url = URL(string: "realm://127.0.0.1:\(serverPort)/~/notes")!
        let token = try await owner.createOfferForRealm(at: url, accessLevel: .read)
        let readerApp = makeApp(device: "reader")
        let reader = try await register("rolf", on: readerApp)
        let shared = try await reader.acceptOffer(forToken: token)
        var config = reader.configuration(realmURL: shared)
        config.objectTypes = [Note.self]
        config.syncConfiguration?.errorHandler = { error, _ in errors.add(error) }
        return (owner, ownerHolder, reader, shared, config)
    }

    func testReaderWritesAreRefusedAndRevertedLocally() async throws {
        let errors = Errors()
        let (owner, ownerHolder, _, shared, config) = try await sharedReadOnly(errors)
        XCTAssertEqual(shared.path, "/\(owner.id)/notes")
        let readerHolder = try await RealmHolder(config, behavior: .always)
        let before = await readerHolder.export()
        XCTAssertEqual(before, "plan owner's plan 1 []")

        // The reader writes: the server refuses, the write is undone locally.
        try await readerHolder.write("plan", text: "reader's change")
        try await readerHolder.write("extra", text: "reader's note")
        do {
            try await readerHolder.session()!.wait(for: .upload, timeout: .seconds(60))
            XCTFail("the server accepted a reader's write")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .writeNotAllowed, "\(error)")
        }
        try await eventually(10, "the write is reverted") { errors.all.contains(.writeNotAllowed) }
        let after = await readerHolder.export()
        XCTAssertEqual(after, before, "the refused writes are undone")

        // The owner never sees them, and the reader still receives the owner's writes.
        try await ownerHolder.write("plan", text: "owner's second plan")
        try await ownerHolder.session()!.wait(for: .upload, timeout: .seconds(60))
        try await ownerHolder.session()!.wait(for: .download, timeout: .seconds(60))
        let ownerView = await ownerHolder.export()
        XCTAssertEqual(ownerView, "plan owner's second plan 2 []")
        try await readerHolder.session()!.wait(for: .download, timeout: .seconds(60))
        let readerView = await readerHolder.export()
        XCTAssertEqual(readerView, ownerView)

        // A user without any grant cannot open the realm.
        let strangerApp = makeApp(device: "stranger")
        let stranger = try await register("sven", on: strangerApp)
        var strangerConfig = stranger.configuration(realmURL: shared)
        strangerConfig.objectTypes = [Note.self]
        do {
            _ = try await RealmHolder(strangerConfig, behavior: .always)
            XCTFail("a stranger opened the realm")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .permissionDenied, "\(error)")
        }
    }

    func testARefusalIsTheOldFilesOnlyAfterTheFileIsDeleted() async throws {
        let errors = Errors()
        let (_, _, _, _, config) = try await sharedReadOnly(errors)
        var readerHolder: RealmHolder? = try await RealmHolder(config, behavior: .always)
        let session = try await XCTUnwrapAsync(await readerHolder!.session())
        // The new file's first entry repeats the realm's schema: the server takes it.
        try await session.wait(for: .upload, timeout: .seconds(60))
        XCTAssertEqual(errors.all, [], "opening a shared realm to read it is no error")
        try await readerHolder!.write("extra", text: "reader's note")
        do {
            try await session.wait(for: .upload, timeout: .seconds(60))
            XCTFail("the server accepted a reader's write")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .writeNotAllowed, "\(error)")
        }

        // The app closes the realm, deletes the file and opens it again: the new file has no
        // refused writes, so waiting for its uploads succeeds.
        await readerHolder!.close()
        readerHolder = nil
        try await eventually(10, "the file can be deleted") { (try? Realm.deleteFiles(for: config)) == true }
        let reopened = try await RealmHolder(config, behavior: .always)
        let notes = await reopened.export()
        XCTAssertEqual(notes, "plan owner's plan 1 []")
        try await session.wait(for: .upload, timeout: .seconds(60))
    }
}
