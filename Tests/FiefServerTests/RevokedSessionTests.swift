@_spi(Sync) import FiefSyncProtocol
import Foundation
import ServerProcessSupport
import XCTest

/// A grant changed while its holder's session is bound: a revoked reader's session ends at once
/// with `permissionDenied` and downloads nothing more; a writer lowered to read keeps downloading
/// but its next upload is refused with `writeNotAllowed`.
final class RevokedSessionTests: XCTestCase {
    func testRevokingReadEndsTheBoundSessionWithoutAnUpload() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = "/\(frank.userId)/notes"

        let owner = try await TestSyncClient(directory: directory, name: "frank")
        try await owner.connect(port: server.port, token: frank.accessToken, path: notes)
        try await owner.writeBatch(1)
        try await owner.syncUntilCaughtUp()
        let value1 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "read").status
        XCTAssertEqual(value1, 200)
        let reader = try await TestSyncClient(directory: directory, name: "grace")
        try await reader.connect(port: server.port, token: grace.accessToken, path: notes)
        try await reader.waitForItems(["frank-1"])

        // Revoked while bound and silent: the server ends her session by itself.
        let value2 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "none").status
        XCTAssertEqual(value2, 200)
        let ended = try await reader.expectError()
        XCTAssertEqual(ended.code, .permissionDenied, ended.message)
        XCTAssertEqual(ended.session, 1)
        XCTAssertTrue(ended.message.contains("revoked"), ended.message)

        // frank's later writes no longer reach her.
        try await owner.writeBatch(2)
        try await owner.syncUntilCaughtUp()
        _ = try await reader.pump(timeout: .milliseconds(500))
        let readerSees = await reader.itemIds()
        XCTAssertFalse(readerSees.contains("frank-2"))
        XCTAssertTrue(readerSees.contains("frank-1"))

        await reader.disconnect()
        await owner.disconnect()
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    func testLoweringWriteToReadRefusesTheNextUploadButKeepsDownloads() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = "/\(frank.userId)/notes"

        let owner = try await TestSyncClient(directory: directory, name: "frank")
        try await owner.connect(port: server.port, token: frank.accessToken, path: notes)
        let value3 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "write").status
        XCTAssertEqual(value3, 200)
        let writer = try await TestSyncClient(directory: directory, name: "grace")
        try await writer.connect(port: server.port, token: grace.accessToken, path: notes)
        try await writer.writeBatch(1)
        try await writer.syncUntilCaughtUp()

        // Lowered to read while bound: the session stays, downloads go on.
        let value4 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "read").status
        XCTAssertEqual(value4, 200)
        try await owner.writeBatch(1)
        try await owner.syncUntilCaughtUp()
        try await writer.waitForItems(["frank-1", "grace-1"])

        // Her next upload is refused.
        try await writer.writeBatch(2)
        try await writer.uploadPending()
        let refusal = try await writer.expectError()
        XCTAssertEqual(refusal.code, .writeNotAllowed, refusal.message)
        try await owner.syncUntilCaughtUp()
        let ownerSees = await owner.itemIds()
        XCTAssertTrue(ownerSees.contains("grace-1"))
        XCTAssertFalse(ownerSees.contains("grace-2"))

        await writer.disconnect()
        await owner.disconnect()
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }
}
