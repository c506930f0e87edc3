@_spi(Sync) @testable import Fief
import Foundation
import ServerProcessSupport
import XCTest

/// The same class as the writer's (Tests/SyncWriter): the file's schema must match.
final class KillItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var tags: List<String>
}

/// The sync history survives SIGKILL: a child process commits to a synced realm and is killed at
/// random moments; each time, the file reopens with a history that is contiguous, that holds
/// every commit the child reported, and whose undo logs take the file back to empty.
final class SyncHistoryCrashTests: XCTestCase {
    func testHistoryAndDataSurviveKillsAtRandomMoments() throws {
        let writer = try ServerProcess.locateExecutable("fief-sync-writer")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("synckill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("killed.realm").path
        var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [KillItem.self])
        configuration.recordsSyncHistory = true

        var next = 0
        var rng: UInt64 = 0x5EED
        for round in 0..<8 {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            let wanted = 3 + Int((rng >> 33) % 40)
            let reported = try runAndKill(writer, path: path, start: next, after: wanted)
            XCTAssertGreaterThanOrEqual(reported.count, wanted, "round \(round)")

            let realm = try Realm(configuration: configuration)
            let state = try realm.syncHistoryState()
            let entries = try realm.syncHistoryEntries(after: 0)
            XCTAssertGreaterThan(state.latestClientVersion, 0)
            XCTAssertEqual(entries.map(\.clientVersion), Array(1...state.latestClientVersion),
                           "round \(round): the history is contiguous, nothing trimmed, nothing lost")
            var created: Set<Int> = []
            for entry in entries {
                for case .createObject("KillItem", .primaryKey(.int(let n))) in entry.changeset.instructions { created.insert(Int(n)) }
            }
            for n in reported {
                XCTAssertTrue(created.contains(n), "round \(round): commit \(n) was reported but is not in the history")
            }
            // A commit may have landed after the last line the child printed.
            next = (created.max() ?? -1) + 1
        }
        // The undo logs written before each kill take the file back to nothing.
        let realm = try Realm(configuration: configuration)
        XCTAssertGreaterThan(realm.objects(KillItem.self).count, 0)
        try realm.write { _ = try realm.undoPendingSyncChangesets() }
        XCTAssertEqual(realm.objects(KillItem.self).count, 0)
    }

    /// Starts the writer, waits for `after` commits, kills it with SIGKILL, and returns the
    /// commit numbers it reported.
    private func runAndKill(_ writer: String, path: String, start: Int, after: Int) throws -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: writer)
        process.arguments = [path, "\(start)"]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var buffer = Data()
        var reported: [Int] = []
        let deadline = Date().addingTimeInterval(60)
        while reported.count < after && Date() < deadline && process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                if line.hasPrefix("committed "), let n = Int(line.dropFirst(10)) { reported.append(n) }
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return reported
    }
}
