@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation
import ServerProcessSupport
import XCTest

/// Sync under granted levels: a reader binds and downloads, its uploads are refused with
/// `writeNotAllowed` while its session stays bound, a raised level lets uploads in, a revoked one
/// refuses the bind.
final class ReadOnlySyncTests: XCTestCase {
    func testReaderDownloadsIsRefusedWritesThenWritesOnceRaised() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = "/\(frank.userId)/notes"

        let owner = try await TestSyncClient(directory: directory, name: "frank")
        try await owner.connect(port: server.port, token: frank.accessToken, path: notes)
        try await owner.writeBatch(1)
        try await owner.syncUntilCaughtUp()

        // Without a level grace may not bind; with read she downloads frank's data.
        let reader = try await TestSyncClient(directory: directory, name: "grace")
        do {
            try await reader.connect(port: server.port, token: grace.accessToken, path: notes)
            XCTFail("grace bound frank's realm without a level")
        } catch let failure as SyncTestFailure {
            XCTAssertEqual(failure.error?.code, .permissionDenied, failure.description)
        }
        await reader.disconnect()
        let reply15 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "read")
        XCTAssertEqual(reply15.status, 200)
        try await reader.connect(port: server.port, token: grace.accessToken, path: notes)
        try await reader.waitForItems(["frank-1"])

        // Her upload is refused whole, naming its client version; frank never sees it.
        try await reader.writeBatch(1)
        let refusedVersion = try await reader.state().latestClientVersion
        try await reader.uploadPending()
        let refusal = try await reader.expectError()
        XCTAssertEqual(refusal.code, .writeNotAllowed)
        XCTAssertEqual(refusal.session, 1)
        XCTAssertTrue(refusal.message.contains("revert client version"), refusal.message)
        XCTAssertTrue(refusal.message.hasSuffix("\(refusedVersion)"), refusal.message)
        try await owner.syncUntilCaughtUp()
        let ownerSees = await owner.itemIds()
        XCTAssertFalse(ownerSees.contains("grace-1"))

        // The session stays bound: frank's later writes still reach her.
        try await owner.writeBatch(2)
        try await owner.syncUntilCaughtUp()
        try await reader.waitForItems(["frank-2"])

        // Raised to write, her next upload is integrated and reaches frank.
        let reply16 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "write")
        XCTAssertEqual(reply16.status, 200)
        try await reader.writeBatch(2)
        try await reader.syncUntilCaughtUp()
        try await owner.syncUntilCaughtUp()
        let ownerSeesLater = await owner.itemIds()
        XCTAssertTrue(ownerSeesLater.contains("grace-2"))
        XCTAssertFalse(ownerSeesLater.contains("grace-1"))
        await reader.disconnect()

        // Revoked, she can no longer bind.
        let reply17 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "none")
        XCTAssertEqual(reply17.status, 200)
        do {
            try await reader.connect(port: server.port, token: grace.accessToken, path: notes)
            XCTFail("grace bound after her level was revoked")
        } catch let failure as SyncTestFailure {
            XCTAssertEqual(failure.error?.code, .permissionDenied, failure.description)
        }
        await reader.disconnect()
        await owner.disconnect()
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    func testAGrantOpensOnlyRealmsThatExist() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A write (even admin) grant on a path frank never bound does not let grace create it.
        let reply18 = try await http.setLevel(frank, path: "/~/later", userId: grace.userId, level: "admin")
        XCTAssertEqual(reply18.status, 200)
        let socket = SyncSocket(port: server.port, token: grace.accessToken)
        socket.send(.bind(.init(session: 1, path: "/\(frank.userId)/later", accessToken: grace.accessToken, needsFileIdent: true, isSubscriptionBased: false)))
        guard case .error(let error) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(error.code, .permissionDenied)
        await socket.close()

        // Once frank created it, the same grant binds.
        let owner = try await TestSyncClient(directory: directory, name: "frank")
        try await owner.connect(port: server.port, token: frank.accessToken, path: "/~/later")
        let reader = try await TestSyncClient(directory: directory, name: "grace")
        try await reader.connect(port: server.port, token: grace.accessToken, path: "/\(frank.userId)/later")
        await reader.disconnect()
        await owner.disconnect()
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }
}
