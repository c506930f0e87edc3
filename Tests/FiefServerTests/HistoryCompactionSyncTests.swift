@_spi(Sync) import Fief
@_spi(Sync) @testable import FiefServer
@_spi(Sync) import FiefSyncProtocol
import Foundation
import Logging
import ServerProcessSupport
import XCTest

/// The server compacts a realm's history in place as it grows: a new client downloading the
/// compacted history, and an old one catching up through it, both end equal to the writer.
final class HistoryCompactionSyncTests: XCTestCase {
    func testCompactedHistoryServesNewAndLaggingClientsAndShrinksWhatIsStored() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dataDirectory = directory.appendingPathComponent("data")
        let server = try ServerProcess(dataDirectory: dataDirectory)
        let login = try await HTTPClient(baseURL: server.baseURL).register("compaction-user")
        let writer = try await TestSyncClient(directory: directory, name: "writer")
        let lagging = try await TestSyncClient(directory: directory, name: "lagging")
        try await writer.connect(port: server.port, token: login.accessToken, path: "/~/compacted")
        try await lagging.connect(port: server.port, token: login.accessToken, path: "/~/compacted")
        try await writer.writeBatch(0)
        try await writer.syncUntilCaughtUp()
        try await lagging.syncUntilCaughtUp()
        await lagging.disconnect()

        // 300 changesets, each overwriting the shared item's text: more than the 256 entries
        // that start the first compaction pass.
        let rounds = 300
        for round in 1...rounds {
            try await writer.writeBatch(round)
            if round % 20 == 0 { try await writer.syncUntilCaughtUp() }
        }
        try await writer.syncUntilCaughtUp()

        let newcomer = try await TestSyncClient(directory: directory, name: "newcomer")
        try await newcomer.connect(port: server.port, token: login.accessToken, path: "/~/compacted")
        try await newcomer.syncUntilCaughtUp()
        try await lagging.connect(port: server.port, token: login.accessToken, path: "/~/compacted")
        try await lagging.syncUntilCaughtUp()
        let expected = await writer.export()
        let fromScratch = await newcomer.export()
        let caughtUp = await lagging.export()
        XCTAssertEqual(fromScratch, expected)
        XCTAssertEqual(caughtUp, expected)
        XCTAssertTrue(expected.contains("shared writer round \(rounds) "), expected)
        for client in [writer, newcomer, lagging] { await client.disconnect() }
        XCTAssertEqual(try server.terminate(), 0, server.log)

        // What the server stored (in its data directory, or in its PostgreSQL database): every
        // version is still there, with fewer sets of the text.
        let store: any ServerStore
        if let url = server.postgresURL {
            store = try PostgresServerStore(url: try XCTUnwrap(PostgresConnectionURL(url)), logger: Logging.Logger(label: "compaction-test"))
        } else {
            store = try EmbeddedServerStore(directory: dataDirectory)
        }
        try await store.prepare()
        let history = try await store.history(path: "/\(login.userId)/compacted").load()
        await store.close()
        XCTAssertEqual(history.compactedThrough, 0)
        XCTAssertGreaterThan(history.entries.count, rounds)
        XCTAssertEqual(history.entries.map(\.serverVersion), Array(1...UInt64(max(1, history.entries.count))))
        let textSets = history.entries.flatMap(\.changeset.instructions).filter { instruction in
            if case let .set(target, _, false) = instruction { return target.path == [.property("text")] && target.object == .primaryKey(.string("shared")) }
            return false
        }
        XCTAssertLessThan(textSets.count, rounds / 2, "the sets overwritten before the first pass are gone")
    }
}
