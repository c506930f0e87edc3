@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// Several processes with one synced realm file open (FORMAT.md, section 11): one of them, the
/// sync agent, syncs the file, uploading the others' commits too; another takes over when it
/// stops syncing.
final class MultiProcessSyncTests: SyncTestCase {
    func testOneProcessSyncsTheFileAndAnotherTakesOver() async throws {
        let password = "correct horse battery"
        let name = "agent-\(UUID().uuidString.prefix(6).lowercased())"
        let realmURL = URL(string: "realm://127.0.0.1:\(serverPort)/~/shared")!
        let writerUser = try await register(name, on: makeApp(device: "writer"))
        let writer = try await SharedFileDevice(writerUser.configuration(realmURL: realmURL))
        try await writer.add(0..<20)

        // This process syncs the file the child opens: same app id, folder, user and realm.
        let agentRoot = root.appendingPathComponent("agent")
        let agentApp = App(id: "kill-test", configuration: AppConfiguration(baseURL: server.baseURL, rootDirectory: agentRoot))
        let agentUser = try await agentApp.login(credentials: .emailPassword(email: name, password: password))
        let agent = try await SharedFileDevice(agentUser.configuration(realmURL: realmURL), behavior: .always)
        let agentSummary = await agent.summary()
        XCTAssertEqual(agentSummary.count, 20)

        let executable = try ServerProcess.locateExecutable("fief-sync-downloader")
        let child = try DownloaderProcess(executable, [server.baseURL, agentRoot.path, name, password, "shared", "5"])
        XCTAssertNotNil(child.waitForLine(prefix: "wrote 5", timeout: 60), "the child did not open the file: \(child.output)")
        let childFile = child.lines.first { $0.hasPrefix("file ") }.map { String($0.dropFirst("file ".count)) }
        let agentFile = await agent.filePath
        XCTAssertEqual(childFile, agentFile, "the child must open the agent's file")

        // The agent uploads the child's commits and downloads the writer's new ones into the file.
        try await eventuallyAsync("the writer sees the child's items") { await writer.summary().count == 25 }
        try await writer.add(20..<30)
        try await eventuallyAsync("the agent downloads the writer's new items") { await agent.summary().count == 35 }
        XCTAssertNil(child.waitForLine(prefix: "downloaded ", timeout: 1.5),
                     "the child synced while another process was the file's agent: \(child.output)")

        // The agent stops syncing; the child takes over and finishes its download.
        await agent.suspend()
        let expectedSum = (0..<30).reduce(0, +) + (1_000..<1_005).reduce(0, +)
        XCTAssertEqual(child.waitForLine(prefix: "downloaded ", timeout: 60), "downloaded 35 \(expectedSum)", child.output)
        XCTAssertEqual(child.waitForExit(timeout: 30), 0, child.output)
    }

    /// Polls an actor-isolated `condition` every 50 ms for at most 60 s.
    private func eventuallyAsync(_ what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTFail("timed out: \(what)")
    }
}

/// A synced realm of `KilledDownloadItem`s on an actor of its own.
private actor SharedFileDevice {
    private var realm: Realm!

    init(_ configuration: Realm.Configuration, behavior: Realm.OpenBehavior = .never) async throws {
        var configuration = configuration
        configuration.objectTypes = [KilledDownloadItem.self]
        realm = try await Realm(configuration: configuration, actor: self, downloadBeforeOpen: behavior)
    }

    var filePath: String? { realm.configuration.fileURL?.path }

    /// Creates the items `ids` (value = id) and waits until the server has them.
    func add(_ ids: Range<Int>) async throws {
        try realm.write {
            for i in ids { realm.create(KilledDownloadItem.self, value: ["id": "item-\(i)", "value": i, "text": "from the writer"]) }
        }
        try await realm.syncSession!.wait(for: .upload, timeout: .seconds(60))
    }

    func summary() -> (count: Int, sum: Int) {
        realm.refresh()
        let items = realm.objects(KilledDownloadItem.self)
        return (items.count, items.reduce(0) { $0 + $1.value })
    }

    func suspend() { realm.syncSession?.suspend() }
}
