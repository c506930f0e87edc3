@_spi(Sync) import Fief
import Foundation
import ServerProcessSupport
import XCTest

/// Several `fief-server` instances on one PostgreSQL database (the throwaway cluster of
/// scripts/test): clients of one realm spread over them converge, an instance killed with
/// SIGKILL loses nothing it acknowledged, and a PostgreSQL restart under load only costs
/// reconnections.
final class MultiInstanceTests: XCTestCase {
    /// A fresh database in the test cluster. Without a cluster: a failure on CI, a skip elsewhere.
    private func freshDatabase(_ name: String) throws -> String {
        guard TestPostgres.clusterURL != nil else {
            if TestPostgres.onCI {
                XCTFail("\(TestPostgresError.noCluster)")
                throw TestPostgresError.noCluster
            }
            throw XCTSkip("FIEF_TEST_POSTGRES_URL is not set; these tests need PostgreSQL: run scripts/test (it starts a throwaway cluster)")
        }
        return try TestPostgres.freshDatabase(name)
    }

    /// Starts `count` instances on the database `url`.
    private func startInstances(_ count: Int, url: String, directory: URL) throws -> [ServerProcess] {
        try (0..<count).map { try ServerProcess(dataDirectory: directory.appendingPathComponent("data\($0)"), postgresURL: url) }
    }

    /// Connects, trying again (at most 50 times, 200 ms apart) while the server refuses or is away.
    private func connect(_ client: TestSyncClient, to server: ServerProcess, token: String, path: String) async throws {
        var lastError: (any Error)?
        for _ in 0..<50 {
            do {
                try await client.connect(port: server.port, token: token, path: path)
                return
            } catch {
                lastError = error
                await client.disconnect()
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        throw lastError ?? SyncTestFailure("could not connect")
    }

    /// Every client writes `rounds` batches, uploading after each, all at once.
    private func writeAtOnce(_ clients: [TestSyncClient], rounds: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask {
                    for round in 1...rounds {
                        try await client.writeBatch(round)
                        try await client.uploadPending()
                        _ = try await client.pump(timeout: .milliseconds(2))
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Checks that every client has every item any client created, the same contents, and that
    /// the stored history is one gapless sequence of server versions.
    private func assertConverged(_ clients: [TestSyncClient], database: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        var everything = Set<String>()
        for client in clients { everything.formUnion(await client.created) }
        // Downloads of other instances' writes arrive through LISTEN/NOTIFY: wait for them.
        for client in clients { try await client.syncUntilCaughtUp() }
        for client in clients { try await client.waitForItems(everything, timeout: .seconds(30)) }
        let exports = await clients.asyncMap { await $0.export() }
        for (i, export) in exports.enumerated() {
            XCTAssertEqual(export, exports[0], "client \(i) differs from client 0", file: file, line: line)
        }
        let counts = try TestPostgres.psql("SELECT count(*), coalesce(max(server_version), 0), count(DISTINCT server_version) FROM fief_history",
                                           database: database)
        let numbers = counts.split(separator: "|").compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 3, counts, file: file, line: line)
        XCTAssertEqual(Set(numbers).count, 1, "server versions are not one gapless sequence: count, max, distinct = \(counts)", file: file, line: line)
        var idents = Set<UInt64>()
        for client in clients { idents.insert(try await client.state().fileIdent) }
        XCTAssertEqual(idents.count, clients.count, "client file identities are not unique across instances", file: file, line: line)
    }

    private func convergence(instances count: Int) async throws {
        let database = try freshDatabase("converge_\(count)")
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let servers = try startInstances(count, url: try TestPostgres.url(database: database), directory: directory)
        // One instance registers the user; the others accept its token (one shared signing key).
        let login = try await HTTPClient(baseURL: servers[0].baseURL).register("spread")
        var clients: [TestSyncClient] = []
        for i in 0..<(2 * count) {
            let client = try await TestSyncClient(directory: directory, name: "c\(i)")
            try await connect(client, to: servers[i % count], token: login.accessToken, path: "/~/shared")
            clients.append(client)
        }
        try await writeAtOnce(clients, rounds: 25)
        try await assertConverged(clients, database: database)
        for client in clients { await client.disconnect() }
        for server in servers { XCTAssertEqual(try server.terminate(), 0, server.log) }
    }

    func testTwoInstancesConvergeWhileClientsWriteAtOnce() async throws {
        try await convergence(instances: 2)
    }

    func testThreeInstancesConvergeWhileClientsWriteAtOnce() async throws {
        try await convergence(instances: 3)
    }

    func testSigkilledInstanceLosesNothingAcknowledgedAndItsClientsResumeElsewhere() async throws {
        let database = try freshDatabase("sigkill")
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let servers = try startInstances(2, url: try TestPostgres.url(database: database), directory: directory)
        let login = try await HTTPClient(baseURL: servers[1].baseURL).register("survivor")
        var clients: [TestSyncClient] = []
        for i in 0..<4 {
            let client = try await TestSyncClient(directory: directory, name: "k\(i)")
            try await connect(client, to: servers[i % 2], token: login.accessToken, path: "/~/crash")
            clients.append(client)
        }
        let doomed = clients.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let killed = servers[0]
        let killDone = TestFlag()
        // Every client uploads without pause; instance 0 dies in the middle. Its clients write
        // until their connection ends, the others until 20 rounds after the kill (both bounded).
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (i, client) in clients.enumerated() {
                let onKilledInstance = i % 2 == 0
                group.addTask {
                    var round = 0
                    var afterKill = 0
                    while round < 5_000 && afterKill < 20 {
                        for _ in 0..<2 {
                            round += 1
                            try await client.writeBatch(round)
                        }
                        try await client.uploadPending()
                        guard try await client.pump(timeout: .milliseconds(2)) else { break }
                        if !onKilledInstance && killDone.isSet { afterKill += 1 }
                    }
                    // Offline now (or done): the app goes on writing.
                    round += 1
                    try await client.writeBatch(round)
                }
            }
            group.addTask {
                // The kill comes once the doomed instance has acknowledged something (at most
                // 30 s of waiting), while its clients go on uploading.
                for _ in 0..<300 {
                    var acknowledged: UInt64 = 0
                    for client in doomed { acknowledged += await client.acknowledged }
                    if acknowledged > 0 { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                try await Task.sleep(for: .milliseconds(300))
                try killed.killHard()
                killDone.set()
            }
            try await group.waitForAll()
        }
        var acknowledgedBeforeCrash: [UInt64] = []
        for client in doomed {
            acknowledgedBeforeCrash.append(await client.acknowledged)
            await client.disconnect()
        }
        XCTAssertGreaterThan(acknowledgedBeforeCrash.reduce(0, +), 0, "some uploads to the killed instance were acknowledged")
        // The killed instance's clients go to the surviving one. Their ident carries the upload
        // cursor: an instance that lost an acknowledged changeset would answer clientResetRequired.
        for client in doomed { try await connect(client, to: servers[1], token: login.accessToken, path: "/~/crash") }
        try await assertConverged(clients, database: database)
        let ids = await clients[1].itemIds()
        for (i, client) in doomed.enumerated() {
            let created = await client.created
            XCTAssertTrue(Set(created).isSubset(of: ids), "client \(i) of the killed instance lost writes")
            let uploaded = try await client.state().uploadedClientVersion
            XCTAssertGreaterThanOrEqual(uploaded, acknowledgedBeforeCrash[i])
        }
        for client in clients { await client.disconnect() }
        XCTAssertEqual(try servers[1].terminate(), 0, servers[1].log)
    }

    func testPostgresRestartUnderLoadGivesClearErrorsAndClientsResume() async throws {
        let database = try freshDatabase("restart")
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let servers = try startInstances(2, url: try TestPostgres.url(database: database), directory: directory)
        let login = try await HTTPClient(baseURL: servers[0].baseURL).register("patient")
        var clients: [TestSyncClient] = []
        for i in 0..<4 {
            let client = try await TestSyncClient(directory: directory, name: "r\(i)")
            try await connect(client, to: servers[i % 2], token: login.accessToken, path: "/~/restart")
            clients.append(client)
        }
        // Clients upload until the restart cuts them off (or 200 rounds pass); the errors they
        // hear must say to try again.
        let errors = try await withThrowingTaskGroup(of: [String].self) { group in
            for client in clients {
                group.addTask {
                    var heard: [String] = []
                    var round = 0
                    while round < 200 {
                        round += 1
                        try await client.writeBatch(round)
                        do {
                            try await client.uploadPending()
                            guard try await client.pump(timeout: .milliseconds(5)) else { break }
                        } catch let failure as SyncTestFailure {
                            if let error = failure.error { heard.append("\(error.code): \(error.message) (try again: \(error.tryAgain))") }
                            break
                        }
                    }
                    return heard
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(700))
                try TestPostgres.restart()
                return []
            }
            var all: [String] = []
            for try await heard in group { all += heard }
            return all
        }
        for error in errors {
            XCTAssertTrue(error.contains("try again: true"), "an error that does not say to try again: \(error)")
        }
        // Everyone reconnects (to the same instance) and catches up; writes after the restart
        // reach the other instance's clients too (its LISTEN connection was made again).
        for (i, client) in clients.enumerated() {
            await client.disconnect()
            try await connect(client, to: servers[i % 2], token: login.accessToken, path: "/~/restart")
        }
        for client in clients { try await client.writeBatch(1_000) }
        // An instance may learn that its database connections died only from the next upload:
        // such an upload is refused with an error that says to try again, and a client does.
        for (i, client) in clients.enumerated() {
            var attempts = 0
            while true {
                do {
                    try await client.syncUntilCaughtUp()
                    break
                } catch let failure as SyncTestFailure where failure.error?.tryAgain == true && attempts < 30 {
                    attempts += 1
                    await client.disconnect()
                    try await Task.sleep(for: .milliseconds(500))
                    try await connect(client, to: servers[i % 2], token: login.accessToken, path: "/~/restart")
                }
            }
        }
        try await assertConverged(clients, database: database)
        for client in clients { await client.disconnect() }
        for server in servers { XCTAssertEqual(try server.terminate(), 0, server.log) }
    }
}

extension Array {
    /// `map` with an async transform, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}

/// A flag tasks share.
final class TestFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
