@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// The model the downloader child process syncs (Tests/SyncDownloader has the same class).
final class KilledDownloadItem: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var value = 0
    @Persisted var text = ""
}

/// Chaos on the client: a device downloading a large realm (the `fief-sync-downloader` child
/// process) is SIGKILLed at random moments of its download and integration, and started again,
/// `FIEF_CHAOS_CLIENT_KILLS` times (default 6). Every restart opens the file consistent and
/// resumes from the cursor the last one left (never from scratch, never with a reset), and the
/// last run ends holding exactly what the writer wrote.
final class ChaosClientKillTests: ChaosTestCase {
    func testADeviceKilledMidDownloadReopensConsistentAndResumes() async throws {
        let password = "correct horse battery"
        let name = "downloader-\(UUID().uuidString.prefix(6).lowercased())"
        let writerUser = try await register(name, on: makeApp(device: "writer"))
        var configuration = writerUser.configuration(realmURL: URL(string: "realm://127.0.0.1:\(serverPort)/~/big")!)
        configuration.objectTypes = [KilledDownloadItem.self]
        let writer = try await BigRealmWriter(configuration)
        let (count, sum) = try await writer.fill(transactions: 150, objectsEach: 60)
        try await writer.waitForUpload()

        let executable = try ServerProcess.locateExecutable("fief-sync-downloader")
        let downloaderRoot = root.appendingPathComponent("downloader").path
        var generator = SplitMix(seed: seed ^ 0xD0D0)
        var cursors: [UInt64] = []
        var filePath: String?
        let kills = setting("FIEF_CHAOS_CLIENT_KILLS", 6)
        for _ in 0..<kills {
            let child = try DownloaderProcess(executable, [server.baseURL, downloaderRoot, name, password, "big"])
            guard let opened = child.waitForLine(prefix: "cursor ", timeout: 60) else {
                XCTFail("the downloader did not open its realm: \(child.output)")
                return
            }
            cursors.append(UInt64(opened.dropFirst("cursor ".count)) ?? 0)
            filePath = child.lines.first { $0.hasPrefix("file ") }.map { String($0.dropFirst("file ".count)) }
            try await Task.sleep(for: .milliseconds(generator.next(in: 200...3_000)))
            child.kill()
        }
        let last = try DownloaderProcess(executable, [server.baseURL, downloaderRoot, name, password, "big"])
        let done = last.waitForLine(prefix: "downloaded ", timeout: 120)
        XCTAssertEqual(last.waitForExit(timeout: 30), 0, last.output)
        XCTAssertEqual(done, "downloaded \(count) \(sum)", last.output)
        if let opened = last.lines.first(where: { $0.hasPrefix("cursor ") }) { cursors.append(UInt64(opened.dropFirst("cursor ".count)) ?? 0) }
        print("client kills: \(kills) SIGKILLs mid-download; download cursors at each start: \(cursors)")
        XCTAssertEqual(cursors, cursors.sorted(), "every start resumed from where the killed one got to")

        // The file the kills left is consistent: it opens (read-only, as a local configuration
        // may open a synced file) and holds exactly the writer's objects.
        let path = try XCTUnwrap(filePath)
        let summary = try await ReadOnlyFileCheck(path: path).summary()
        XCTAssertEqual(summary.count, count)
        XCTAssertEqual(summary.sum, sum)
    }
}

/// Opens a synced file read-only with a local configuration, on an actor of its own.
private actor ReadOnlyFileCheck {
    private var realm: Realm!

    init(path: String) async throws {
        realm = try await Realm(configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: path), readOnly: true,
                                                                   objectTypes: [KilledDownloadItem.self]), actor: self)
    }

    func summary() -> (count: Int, sum: Int) {
        let items = realm.objects(KilledDownloadItem.self)
        return (items.count, items.reduce(0) { $0 + $1.value })
    }
}

/// The writer of the large realm, on an actor as a service would hold it.
private actor BigRealmWriter {
    private var realm: Realm!

    init(_ configuration: Realm.Configuration) async throws {
        realm = try await Realm(configuration: configuration, actor: self, downloadBeforeOpen: .never)
    }

    /// Writes `transactions` transactions of `objectsEach` objects with 300-character texts;
    /// returns the object count and the sum of their values.
    func fill(transactions: Int, objectsEach: Int) throws -> (Int, Int) {
        var sum = 0
        for t in 0..<transactions {
            try realm.write {
                for o in 0..<objectsEach {
                    let value = t * objectsEach + o
                    realm.create(KilledDownloadItem.self, value: ["id": "item-\(value)", "value": value,
                                                                  "text": String(repeating: "\(value % 10)", count: 300)])
                    sum += value
                }
            }
        }
        return (transactions * objectsEach, sum)
    }

    func waitForUpload() async throws { try await realm.syncSession!.wait(for: .upload, timeout: .seconds(120)) }
}

/// The `fief-sync-downloader` child process, its output read line by line.
final class DownloaderProcess: @unchecked Sendable {
    private let process = Process()
    private let pipe = Pipe()
    private var buffer: [UInt8] = []
    private(set) var lines: [String] = []

    init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
    }

    var output: String { lines.joined(separator: "\n") }

    /// Reads output until a line starting with `prefix` (returned), the end of output, or `timeout`.
    func waitForLine(prefix: String, timeout: TimeInterval) -> String? {
        if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
        let fd = pipe.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return nil }
            buffer += chunk[0..<n]
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                lines.append(line)
                if line.hasPrefix(prefix) { return line }
            }
        }
        return nil
    }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The exit status, or nil when it did not exit within `timeout`.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit { if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) } }
}
