import Foundation
import ServerProcessSupport
import XCTest

/// `fief-server create-admin`, `users` and `realms` on a stopped server's data directory.
final class AdminCommandTests: XCTestCase {
    func testCreateAdminListUsersAndRealms() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        var server = try ServerProcess(dataDirectory: data)
        let olga = try await HTTPClient(baseURL: server.baseURL).register("olga")
        let client = try await TestSyncClient(directory: directory, name: "olga")
        try await client.connect(port: server.port, token: olga.accessToken, path: "/~/listed")
        await client.disconnect()
        XCTAssertEqual(try server.terminate(), 0, server.log)

        let created = try run(["create-admin", "--data-dir", data.path, "--username", "root", "--password", "rootpass1"])
        XCTAssertEqual(created.status, 0, created.output)
        XCTAssertTrue(created.output.contains("created administrator root"), created.output)
        let users = try run(["users", "--data-dir", data.path])
        XCTAssertEqual(users.status, 0, users.output)
        XCTAssertTrue(users.output.contains("\(olga.userId)  password  olga  user"), users.output)
        XCTAssertTrue(users.output.contains("  password  root  admin"), users.output)
        let realms = try run(["realms", "--data-dir", data.path])
        XCTAssertEqual(realms.status, 0, realms.output)
        XCTAssertTrue(realms.output.contains("/\(olga.userId)/listed  \(olga.userId)"), realms.output)
        let taken = try run(["create-admin", "--data-dir", data.path, "--username", "OLGA", "--password", "another1"])
        XCTAssertNotEqual(taken.status, 0)
        XCTAssertTrue(taken.output.contains("taken"), taken.output)
        let missing = try run(["users", "--data-dir", directory.appendingPathComponent("nothing-here").path])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.output.contains("no data directory"), missing.output)

        server = try ServerProcess(dataDirectory: data)
        let reply = try await HTTPClient(baseURL: server.baseURL).post("/auth/login", ["provider": "password", "username": "root", "password": "rootpass1"])
        XCTAssertEqual(try Login(reply).isAdmin, true)
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runServerCommand(arguments)
    }
}
