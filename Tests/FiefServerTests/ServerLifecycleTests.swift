@_spi(Sync) import FiefSyncProtocol
import Foundation
import ServerProcessSupport
import XCTest

/// The process: its listening line, health, help, and graceful shutdown.
final class ServerLifecycleTests: XCTestCase {
    func testHealthAnswersOkAndSigtermExitsZero() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        let reply = try await HTTPClient(baseURL: server.baseURL).get("/health")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.json["status"] as? String, "ok")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("data/server.realm").path))
        let key = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("data/jwt.key").path)
        XCTAssertEqual((key[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    func testHelpShowsExamples() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServerProcess.locateExecutable("fief-server"))
        process.arguments = ["--help"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(output.contains("Examples:"), output)
        XCTAssertTrue(output.contains("--data-dir"), output)
    }

    func testSigtermTellsSyncClientsToComeBackLaterAndExitsZero() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        let login = try await HTTPClient(baseURL: server.baseURL).register("sigterm-user")
        let client = try await TestSyncClient(directory: directory, name: "a")
        try await client.connect(port: server.port, token: login.accessToken, path: "/~/tasks")
        try await client.writeBatch(1)
        try await client.syncUntilCaughtUp()

        kill(server.process.processIdentifier, SIGTERM)
        let message = try await client.rawSocket?.receive(timeout: .seconds(20))
        guard case .error(let error) = message else { return XCTFail("expected an error message, got \(String(describing: message))") }
        XCTAssertEqual(error.code, .serverShuttingDown)
        XCTAssertNil(error.session)
        XCTAssertTrue(error.tryAgain)
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }
}
