@_spi(Sync) import FiefSyncProtocol
import Foundation
import ServerProcessSupport
import XCTest

/// Who may bind which path.
final class PermissionTests: XCTestCase {
    func testOwnPathsOtherUsersPathsAdminAndTilde() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace(arguments: ["--admin-token", "root-token"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let admin = try await http.loginAdmin(token: "root-token")

        // `~` is the user's id: two files of frank, one through `~`, one through the id, share a realm.
        let viaTilde = try await TestSyncClient(directory: directory, name: "frank-tilde")
        try await viaTilde.connect(port: server.port, token: frank.accessToken, path: "/~/notes")
        let viaId = try await TestSyncClient(directory: directory, name: "frank-id")
        try await viaId.connect(port: server.port, token: frank.accessToken, path: "/\(frank.userId)/notes")
        try await viaTilde.writeBatch(1)
        try await viaTilde.syncUntilCaughtUp()
        try await viaId.syncUntilCaughtUp()
        let seen = await viaId.itemIds()
        XCTAssertTrue(seen.contains("frank-tilde-1"))

        // Another user's path, and paths outside any user's folder, are refused for that session
        // only, with nothing said about the realm.
        let socket = SyncSocket(port: server.port, token: grace.accessToken)
        for (session, path) in [(UInt32(1), "/\(frank.userId)/notes"), (2, "/\(frank.userId)/never-created"), (3, "/globalRealm"), (4, "/~")] {
            socket.send(.bind(.init(session: session, path: path, accessToken: grace.accessToken, needsFileIdent: true, isSubscriptionBased: false)))
            guard case .error(let error) = try await socket.receive() else { return XCTFail("expected an error for \(path)") }
            XCTAssertEqual(error.session, session)
            XCTAssertEqual(error.code, .permissionDenied, "\(path): \(error.message)")
            XCTAssertFalse(error.message.contains("exist"), error.message)
        }
        socket.send(.bind(.init(session: 5, path: "relative/path", accessToken: grace.accessToken, needsFileIdent: true, isSubscriptionBased: false)))
        guard case .error(let badPath) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(badPath.code, .badPath)
        // App-wide paths are open to every user by default: /default and the partitions.
        for (session, path) in [(UInt32(7), "/default"), (8, "/partition/s-team")] {
            socket.send(.bind(.init(session: session, path: path, accessToken: grace.accessToken, needsFileIdent: true, isSubscriptionBased: false)))
            guard case .identAssigned(let opened) = try await socket.receive() else { return XCTFail("expected identAssigned for \(path)") }
            XCTAssertEqual(opened.session, session)
        }
        // The connection still works: grace's own realm binds.
        socket.send(.bind(.init(session: 6, path: "/~/mine", accessToken: grace.accessToken, needsFileIdent: true, isSubscriptionBased: false)))
        guard case .identAssigned(let assigned) = try await socket.receive() else { return XCTFail("expected identAssigned") }
        XCTAssertEqual(assigned.session, 6)
        XCTAssertEqual(assigned.fileIdent, 1)
        await socket.close()

        // An admin binds anywhere, and sees frank's data.
        let adminClient = try await TestSyncClient(directory: directory, name: "admin")
        try await adminClient.connect(port: server.port, token: admin.accessToken, path: "/\(frank.userId)/notes")
        try await adminClient.syncUntilCaughtUp()
        let adminSees = await adminClient.itemIds()
        XCTAssertTrue(adminSees.contains("frank-tilde-1"))
        let adminElsewhere = try await TestSyncClient(directory: directory, name: "admin-default")
        try await adminElsewhere.connect(port: server.port, token: admin.accessToken, path: "/default")

        for client in [viaTilde, viaId, adminClient, adminElsewhere] { await client.disconnect() }
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }
}
