@_spi(Sync) import Fief
import Foundation
import ServerProcessSupport
import XCTest

/// A server killed with SIGKILL in the middle of uploads loses nothing it acknowledged.
final class CrashRecoveryTests: XCTestCase {
    func testSigkillDuringUploadsThenRestartResumesEveryClient() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        var server = try ServerProcess(dataDirectory: data)
        let login = try await HTTPClient(baseURL: server.baseURL).register("lena")
        var clients: [TestSyncClient] = []
        for name in ["x", "y", "z"] {
            let client = try await TestSyncClient(directory: directory, name: name)
            try await client.connect(port: server.port, token: login.accessToken, path: "/~/crash")
            clients.append(client)
        }

        // Every client writes and uploads without pause; the server dies in the middle.
        let killed = server
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask {
                    var round = 0
                    while round < 400 {
                        // Several changesets per upload message, then whatever came back.
                        for _ in 0..<3 {
                            round += 1
                            try await client.writeBatch(round)
                        }
                        try await client.uploadPending()
                        guard try await client.pump(timeout: .milliseconds(2)) else { break }
                    }
                    // Offline now: the app goes on writing; these wait for the restart.
                    for _ in 0..<3 {
                        round += 1
                        try await client.writeBatch(round)
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(1500))
                try killed.killHard()
            }
            try await group.waitForAll()
        }
        var acknowledgedBeforeCrash: [Int: UInt64] = [:]
        for (i, client) in clients.enumerated() {
            acknowledgedBeforeCrash[i] = await client.acknowledged
            await client.disconnect()
        }
        XCTAssertGreaterThan(acknowledgedBeforeCrash.values.reduce(0, +), 0, "some uploads were acknowledged before the kill")
        var unacknowledged = 0
        for client in clients {
            let state = try await client.state()
            unacknowledged += Int(state.latestClientVersion - state.uploadedClientVersion)
        }
        let written = await [clients[0].created.count, clients[1].created.count, clients[2].created.count]
        XCTAssertLessThan(written.min() ?? 0, 403, "the server died while clients were still writing")
        XCTAssertGreaterThan(unacknowledged, 0, "some changesets were not acknowledged when the server died")

        server = try ServerProcess(dataDirectory: data)
        for client in clients {
            // The ident carries the upload cursor: a server that lost an acknowledged changeset
            // would answer clientResetRequired here.
            try await client.connect(port: server.port, token: login.accessToken, path: "/~/crash")
        }
        for _ in 0..<2 {
            for client in clients { try await client.syncUntilCaughtUp() }
        }
        let exports = await [clients[0].export(), clients[1].export(), clients[2].export()]
        XCTAssertEqual(exports[0], exports[1])
        XCTAssertEqual(exports[1], exports[2])
        let ids = await clients[0].itemIds()
        for (i, client) in clients.enumerated() {
            let created = await client.created
            XCTAssertFalse(created.isEmpty)
            XCTAssertTrue(Set(created).isSubset(of: ids), "client \(i) lost writes")
            let state = try await client.state()
            XCTAssertGreaterThanOrEqual(state.uploadedClientVersion, acknowledgedBeforeCrash[i] ?? 0)
        }
        for client in clients { await client.disconnect() }
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }
}
