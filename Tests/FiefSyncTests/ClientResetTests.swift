@_spi(Sync) import Fief
@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// Client reset, forced the way it happens in the field: the server is restored from a backup
/// taken before the client's realm existed, so it no longer knows the client's file.
final class ClientResetTests: SyncTestCase {
    /// What the reset callbacks saw.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String] = []
        func add(_ value: String) { lock.lock(); values.append(value); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return values }
    }

    private var port = 0
    private var backup: URL { root.appendingPathComponent("server-backup") }
    private var data: URL { root.appendingPathComponent("server-data") }

    private func startServer() throws {
        server = try ServerProcess(dataDirectory: data, arguments: ["--login-attempts-per-minute", "1000", "--port", "\(port)"])
    }

    /// Registers a user, backs up the server, writes 3 synced notes and 1 unsynced one, then
    /// restores the backup and resumes: the file's identity is unknown to the server.
    private func makeResetHappen(_ mode: ClientResetMode, handler: (@Sendable (SyncError, SyncSession?) -> Void)? = nil) async throws -> RealmHolder {
        port = server.port
        let app = makeApp()
        let user = try await register("reset", on: app)
        XCTAssertEqual(try server.terminate(), 0)
        try FileManager.default.copyItem(at: data, to: backup)
        try startServer()

        var config = notesConfiguration(user)
        config.syncConfiguration?.clientResetMode = mode
        config.syncConfiguration?.errorHandler = handler
        let holder = try await RealmHolder(config)
        for i in 0..<3 { try await holder.write("synced\(i)", text: "on the server") }
        let session = try await XCTUnwrapAsync(await holder.session())
        try await session.wait(for: .upload, timeout: .seconds(60))
        try await session.wait(for: .download, timeout: .seconds(60))
        session.suspend()
        try await holder.write("unsynced", text: "only here")

        XCTAssertEqual(try server.terminate(), 0)
        try FileManager.default.removeItem(at: data)
        try FileManager.default.copyItem(at: backup, to: data)
        try startServer()
        session.resume()
        return holder
    }

    func testDiscardUnsyncedChangesIsTheDefault() async throws {
        let seen = Seen()
        let holder = try await makeResetHappen(.discardUnsyncedChanges(beforeReset: { before in
            seen.add("before \(before.objects(Note.self).count)")
        }, afterReset: { before, after in
            seen.add("after \(before.objects(Note.self).count) → \(after.objects(Note.self).count)")
            // The session's own realms show the app's configuration: a realm opened from it
            // is the app's, and keeps the session open.
            let own = [before, after].map { $0.configuration.syncAgent?.isSessionsOwnOpen ?? true }
            seen.add("own \(own)")
        }))
        try await eventually(60, "the reset finished") { seen.all.count == 3 }
        XCTAssertEqual(seen.all, ["before 4", "after 4 → 0", "own [false, false]"])
        let count = await holder.count()
        XCTAssertEqual(count, 0, "the restored server has no notes, and the unsynced one is discarded")
        // The file syncs again as a new client.
        try await holder.write("fresh", text: "after the reset")
        let session = try await XCTUnwrapAsync(await holder.session())
        try await session.wait(for: .upload, timeout: .seconds(60))
        let otherApp = makeApp(device: "other")
        let other = try await otherApp.login(credentials: .emailPassword(email: "reset", password: "correct horse battery"))
        let check = try await RealmHolder(notesConfiguration(other), behavior: .always)
        let ids = await check.ids()
        XCTAssertEqual(ids, ["fresh"])
    }

    func testRecoverUnsyncedChangesAppliesThemAgain() async throws {
        let seen = Seen()
        let holder = try await makeResetHappen(.recoverUnsyncedChanges(afterReset: { _, after in
            seen.add(after.objects(Note.self).map(\.id).sorted().joined(separator: ","))
        }))
        try await eventually(60, "the reset finished") { seen.all.count == 1 }
        XCTAssertEqual(seen.all, ["unsynced"])
        let session = try await XCTUnwrapAsync(await holder.session())
        try await session.wait(for: .upload, timeout: .seconds(60))
        let otherApp = makeApp(device: "other")
        let other = try await otherApp.login(credentials: .emailPassword(email: "reset", password: "correct horse battery"))
        let check = try await RealmHolder(notesConfiguration(other), behavior: .always)
        let export = await check.export()
        XCTAssertEqual(export, "unsynced only here 1 []")
    }

    func testManualModeStopsTheSessionAndReportsTheReset() async throws {
        let seen = Seen()
        let holder = try await makeResetHappen(.manual(errorHandler: { error in
            seen.add("manual \(error.code)")
            if let (path, token) = error.clientResetInfo() { seen.add("reset path \(path) \(token.originalRealmPath == path)") }
        }), handler: { error, _ in
            seen.add("handler \(error.code)")
            if let token = error.deleteRealmUserInfo() { seen.add("delete \(token.originalRealmPath)") }
        })
        try await eventually(60, "the reset was reported") { seen.all.contains("manual clientReset") }
        try await eventually(10, "the handler heard") { seen.all.contains("handler clientReset") }
        let session = try await XCTUnwrapAsync(await holder.session())
        XCTAssertEqual(session.state, .inactive)
        let count = await holder.count()
        XCTAssertEqual(count, 4, "manual mode leaves the file alone")
        // The errors name the file to delete (SyncError.clientResetInfo(), deleteRealmUserInfo()).
        let path = try XCTUnwrap(notesConfiguration(session.user).fileURL?.path)
        XCTAssertTrue(seen.all.contains("reset path \(path) true"), "\(seen.all)")
        XCTAssertTrue(seen.all.contains("delete \(path)"), "\(seen.all)")
        XCTAssertNil(SyncError(.connectionFailed, "lost").clientResetInfo())

        // What the error asks for: with the app's realms closed the file can be deleted (the
        // session let go of it), and opening it again syncs the server's copy as a new file.
        let config = notesConfiguration(session.user)
        await holder.close()
        try await eventually(10, "the file can be deleted") { (try? Realm.deleteFiles(for: config)) == true }
        let reopened = try await RealmHolder(config, behavior: .always)
        let reopenedCount = await reopened.count()
        XCTAssertEqual(reopenedCount, 0, "the restored server has no notes")
        XCTAssertEqual(session.state, .active)
        try await reopened.write("after", text: "the manual reset")
        try await session.wait(for: .upload, timeout: .seconds(60))
        let other = try await makeApp(device: "other").login(credentials: .emailPassword(email: "reset", password: "correct horse battery"))
        let check = try await RealmHolder(notesConfiguration(other), behavior: .always)
        let ids = await check.ids()
        XCTAssertEqual(ids, ["after"])
    }
}
