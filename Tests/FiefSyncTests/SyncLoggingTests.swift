@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// A sync session's connection changes and errors reach `Logger.shared` (RealmSwift's logger
/// reports the sync client's connection state at `.info`).
final class SyncLoggingTests: SyncTestCase {
    func testConnectionChangesAndErrorsAreLogged() async throws {
        let previous = Fief.Logger.shared
        defer { Fief.Logger.shared = previous }
        let lines = LoggedLines()
        Fief.Logger.shared = Fief.Logger(level: .info) { level, message in lines.append("\(level) \(message)") }

        let app = makeApp(device: "logged")
        let user = try await register("lou", on: app)
        let holder = try await RealmHolder(notesConfiguration(user))
        let session = try await XCTUnwrapAsync(await holder.session())
        try await eventually(30, "the session connects") { session.connectionState == .connected }
        let name = session.realmURL.absoluteString
        XCTAssertTrue(lines.get().contains("info Sync session \(name): connection disconnected -> connecting"), "\(lines.get())")
        XCTAssertTrue(lines.get().contains("info Sync session \(name): connection connecting -> connected"), "\(lines.get())")

        session.suspend()
        try await eventually(10, "the connection closes") { session.connectionState == .disconnected }
        XCTAssertTrue(lines.get().contains("info Sync session \(name): connection connected -> disconnected"), "\(lines.get())")

        // Session state changes are reported at detail, below this logger's level.
        XCTAssertFalse(lines.get().contains { $0.hasPrefix("detail ") || $0.hasPrefix("debug ") })
    }
}

/// Lines a test logger received.
final class LoggedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    func get() -> [String] { lock.lock(); defer { lock.unlock() }; return lines }
}
