@_spi(Sync) import FiefSyncProtocol
@_spi(Sync) import Fief
import Foundation
import ServerProcessSupport
import XCTest

/// Sync between clients through the server.
final class SyncTests: XCTestCase {
    var directory: URL!
    var server: ServerProcess!
    var http: HTTPClient!

    override func setUp() async throws {
        directory = makeTemporaryDirectory()
        server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        http = HTTPClient(baseURL: server.baseURL)
    }

    override func tearDown() async throws {
        if let server { XCTAssertEqual(try server.terminate(), 0, server.log) }
        try? FileManager.default.removeItem(at: directory)
    }

    func testThreeClientsWritingAtOnceConverge() async throws {
        let login = try await http.register("henry")
        var clients: [TestSyncClient] = []
        for name in ["a", "b", "c"] { clients.append(try await TestSyncClient(directory: directory, name: name)) }
        // The first binds of a new realm arrive together: they must share one history.
        let port = server.port
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask { try await client.connect(port: port, token: login.accessToken, path: "/~/shared") }
            }
            try await group.waitForAll()
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask {
                    for round in 1...30 {
                        try await client.writeBatch(round)
                        try await client.uploadPending()
                        _ = try await client.pump()
                    }
                }
            }
            try await group.waitForAll()
        }
        for _ in 0..<2 {
            for client in clients { try await client.syncUntilCaughtUp() }
        }
        let exports = await [clients[0].export(), clients[1].export(), clients[2].export()]
        XCTAssertEqual(exports[0], exports[1])
        XCTAssertEqual(exports[1], exports[2])
        let ids = await clients[0].itemIds()
        XCTAssertEqual(ids.count, 3 * 30 + 1)
        let shared = exports[0].split(separator: "\n").first { $0.hasPrefix("shared ") }
        XCTAssertNotNil(shared)
        // Every increment of the shared counter and every list insert survived the merge.
        XCTAssertTrue(shared?.contains(" 90 [") == true, String(shared ?? ""))
        XCTAssertEqual(shared?.split(separator: "[").last?.split(separator: ",").count, 90)
        for client in clients { await client.disconnect() }
    }

    func testMalformedFrameEndsThatConnectionWhileAnotherClientKeepsSyncing() async throws {
        let login = try await http.register("iris")
        let good = try await TestSyncClient(directory: directory, name: "good")
        try await good.connect(port: server.port, token: login.accessToken, path: "/~/r")
        let bad = try await TestSyncClient(directory: directory, name: "bad")
        try await bad.connect(port: server.port, token: login.accessToken, path: "/~/r")

        // An upload whose changeset count claims more entries than the frame holds.
        let rawSocket = await bad.rawSocket
        let socket = try XCTUnwrap(rawSocket)
        socket.sendRaw([0x01, 0x04, 0x01, 0x05, 0x00, 0x7f])
        guard case .error(let error) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(error.code, .badMessage)
        XCTAssertNil(error.session)
        XCTAssertTrue(error.message.contains("upload"), error.message)
        let after = try await socket.receive(timeout: .seconds(10))
        XCTAssertNil(after, "the connection closes after a connection-level error")

        try await good.writeBatch(1)
        try await good.syncUntilCaughtUp()
        let other = try await TestSyncClient(directory: directory, name: "other")
        try await other.connect(port: server.port, token: login.accessToken, path: "/~/r")
        try await other.syncUntilCaughtUp()
        let ids = await other.itemIds()
        XCTAssertTrue(ids.contains("good-1"))
        await good.disconnect()
        await other.disconnect()
    }

    func testBadChangesetEndsOnlyItsSessionAndNothingOfItIsMerged() async throws {
        let login = try await http.register("jack")
        let client = try await TestSyncClient(directory: directory, name: "writer")
        try await client.connect(port: server.port, token: login.accessToken, path: "/~/r")
        let socket = SyncSocket(port: server.port, token: login.accessToken)
        socket.send(.bind(.init(session: 3, path: "/~/r", accessToken: login.accessToken, needsFileIdent: true, isSubscriptionBased: false)))
        guard case .identAssigned(let assigned) = try await socket.receive() else { return XCTFail("expected identAssigned") }
        socket.send(.ident(.init(session: 3, fileIdent: assigned.fileIdent, salt: assigned.salt, downloadCursor: .init(serverVersion: 0, lastIntegratedClientVersion: 0),
                                 uploadCursor: .init(clientVersion: 0, lastIntegratedServerVersion: 0))))
        guard case .download = try await socket.receive() else { return XCTFail("expected a download") }
        // A valid changeset first, then bytes that are no changeset: the message is refused whole.
        try await client.writeBatch(1)
        let valid = try await client.pendingPayload()
        socket.send(.upload(.init(session: 3, progressClientVersion: 2, progressServerVersion: 0, changesets: [
            .init(clientVersion: 1, lastIntegratedServerVersion: 0, timestamp: 1, payload: valid),
            .init(clientVersion: 2, lastIntegratedServerVersion: 0, timestamp: 2, payload: [0x09, 0x09]),
        ])))
        guard case .error(let error) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(error.code, .badChangeset)
        XCTAssertEqual(error.session, 3)
        // Same connection, another session: works.
        socket.send(.ping(timestamp: 42))
        guard case .pong(let timestamp) = try await socket.receive() else { return XCTFail("expected a pong") }
        XCTAssertEqual(timestamp, 42)
        // A wrong salt is refused.
        socket.send(.bind(.init(session: 4, path: "/~/r", accessToken: login.accessToken, needsFileIdent: false, isSubscriptionBased: false)))
        socket.send(.ident(.init(session: 4, fileIdent: assigned.fileIdent, salt: assigned.salt &+ 1, downloadCursor: .init(serverVersion: 0, lastIntegratedClientVersion: 0),
                                 uploadCursor: .init(clientVersion: 0, lastIntegratedServerVersion: 0))))
        guard case .error(let salt) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(salt.code, .badClientFileIdent)
        // A download cursor beyond the history.
        socket.send(.bind(.init(session: 5, path: "/~/r", accessToken: login.accessToken, needsFileIdent: false, isSubscriptionBased: false)))
        socket.send(.ident(.init(session: 5, fileIdent: assigned.fileIdent, salt: assigned.salt, downloadCursor: .init(serverVersion: 1000, lastIntegratedClientVersion: 0),
                                 uploadCursor: .init(clientVersion: 0, lastIntegratedServerVersion: 0))))
        guard case .error(let cursor) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(cursor.code, .badCursor)
        // An upload cursor the server never acknowledged: the histories differ.
        socket.send(.bind(.init(session: 6, path: "/~/r", accessToken: login.accessToken, needsFileIdent: false, isSubscriptionBased: false)))
        socket.send(.ident(.init(session: 6, fileIdent: assigned.fileIdent, salt: assigned.salt, downloadCursor: .init(serverVersion: 0, lastIntegratedClientVersion: 0),
                                 uploadCursor: .init(clientVersion: 9, lastIntegratedServerVersion: 0))))
        guard case .error(let reset) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(reset.code, .clientResetRequired)
        XCTAssertTrue(reset.clientResetRequired)
        // An upload based on a server version the history never reached.
        socket.send(.bind(.init(session: 7, path: "/~/r", accessToken: login.accessToken, needsFileIdent: false, isSubscriptionBased: false)))
        socket.send(.ident(.init(session: 7, fileIdent: assigned.fileIdent, salt: assigned.salt, downloadCursor: .init(serverVersion: 0, lastIntegratedClientVersion: 0),
                                 uploadCursor: .init(clientVersion: 0, lastIntegratedServerVersion: 0))))
        guard case .download = try await socket.receive() else { return XCTFail("expected a download") }
        socket.send(.upload(.init(session: 7, progressClientVersion: 2, progressServerVersion: 0, changesets: [
            .init(clientVersion: 1, lastIntegratedServerVersion: 0, timestamp: 1, payload: valid),
            .init(clientVersion: 2, lastIntegratedServerVersion: 500, timestamp: 2, payload: valid),
        ])))
        guard case .error(let future) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(future.code, .badCursor)
        XCTAssertEqual(future.session, 7)
        await socket.close()

        // Nothing of the refused upload was merged: the writer's own item is the only one.
        try await client.syncUntilCaughtUp()
        let state = try await client.state()
        XCTAssertEqual(state.downloadedServerVersion, 2, "the schema changeset and the write, nothing else")
        await client.disconnect()
    }

    func testLargeHistoriesDownloadInPartsWithProgress() async throws {
        let login = try await http.register("liam")
        let writer = try await TestSyncClient(directory: directory, name: "writer")
        try await writer.connect(port: server.port, token: login.accessToken, path: "/~/big")
        for i in 1...3 { try await writer.writeLarge("big-\(i)", size: 600_000) }
        try await writer.syncUntilCaughtUp()

        let reader = try await TestSyncClient(directory: directory, name: "reader")
        try await reader.connect(port: server.port, token: login.accessToken, path: "/~/big")
        try await reader.syncUntilCaughtUp()
        let ids = await reader.itemIds()
        XCTAssertEqual(ids, ["big-1", "big-2", "big-3"])
        let log = await reader.downloadLog.filter { $0.changesets > 0 }
        XCTAssertGreaterThanOrEqual(log.count, 3, "three changesets of 600 kB do not fit in one 1 MiB download")
        for message in log where message.changesets > 1 {
            XCTAssertLessThanOrEqual(message.payloadBytes, 1 << 20)
        }
        XCTAssertGreaterThan(log.first?.downloadable ?? 0, 1_000_000, "the first part says how much is left")
        XCTAssertEqual(log.last?.downloadable, 0)
        var total: UInt64 = 0
        for message in log {
            total += UInt64(message.payloadBytes)
            XCTAssertEqual(message.downloaded, total)
        }
        await writer.disconnect()
        await reader.disconnect()
    }

    func testOversizedFrameIsRefusedAsTooLarge() async throws {
        let login = try await http.register("mia")
        let socket = SyncSocket(port: server.port, token: login.accessToken)
        socket.sendRaw([0x01, 0x0a] + [UInt8](repeating: 0, count: 16 << 20))
        guard case .error(let error) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(error.code, .tooLarge)
        XCTAssertNil(error.session)
        await socket.close()
    }

    func testUnbindAnswersUnboundAndTheNumberCanBeReused() async throws {
        let login = try await http.register("noah")
        let socket = SyncSocket(port: server.port, token: login.accessToken)
        for _ in 0..<2 {
            socket.send(.bind(.init(session: 9, path: "/~/u", accessToken: login.accessToken, needsFileIdent: true, isSubscriptionBased: false)))
            guard case .identAssigned(let assigned) = try await socket.receive() else { return XCTFail("expected identAssigned") }
            socket.send(.ident(.init(session: 9, fileIdent: assigned.fileIdent, salt: assigned.salt, downloadCursor: .init(serverVersion: 0, lastIntegratedClientVersion: 0),
                                     uploadCursor: .init(clientVersion: 0, lastIntegratedServerVersion: 0))))
            guard case .download(let download) = try await socket.receive() else { return XCTFail("expected a download") }
            XCTAssertEqual(download.session, 9)
            socket.send(.mark(.init(session: 9, requestIdent: 77)))
            guard case .mark(let mark) = try await socket.receive() else { return XCTFail("expected the mark back") }
            XCTAssertEqual(mark.requestIdent, 77)
            socket.send(.unbind(session: 9))
            guard case .unbound(let number) = try await socket.receive() else { return XCTFail("expected unbound") }
            XCTAssertEqual(number, 9)
        }
        // A message for a session that is not bound breaks the protocol: the connection ends.
        socket.send(.mark(.init(session: 9, requestIdent: 1)))
        guard case .error(let error) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(error.code, .protocolViolation)
        await socket.close()
    }

    func testAFloodOfFramesIsHandledInOrderWithoutLoss() async throws {
        let login = try await http.register("olive")
        let socket = SyncSocket(port: server.port, token: login.accessToken)
        for i in 0..<500 { socket.send(.ping(timestamp: UInt64(i))) }
        for i in 0..<500 {
            let message = try await socket.receive()
            guard case .pong(let timestamp) = message else { return XCTFail("expected pong \(i), got \(String(describing: message))") }
            XCTAssertEqual(timestamp, UInt64(i))
        }
        await socket.close()
    }

    func testVersionNegotiationWithoutOverlapIsRefused() async throws {
        let login = try await http.register("kate")
        let socket = SyncSocket(port: server.port, token: login.accessToken, versions: "2-5")
        socket.send(.ping(timestamp: 1))
        let message = try await socket.receive()
        guard case .error(let error) = message else { return XCTFail("expected an error, got \(String(describing: message))\n\(server.log)") }
        XCTAssertEqual(error.code, .unsupportedProtocolVersion)
        XCTAssertFalse(error.tryAgain)
        XCTAssertTrue(error.message.contains("too new"), error.message)
        await socket.close()
    }
}
