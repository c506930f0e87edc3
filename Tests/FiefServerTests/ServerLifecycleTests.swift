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
        if server.postgresURL == nil {
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("data/server.realm").path))
            let key = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("data/jwt.key").path)
            XCTAssertEqual((key[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        } else {
            // On PostgreSQL the state, and the key every instance shares, are in the database.
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("data/server.realm").path))
            XCTAssertEqual(try server.signingKey().count, 32)
        }
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

    /// A connection that has sent nothing yet (a pooled client connection opened just before
    /// SIGTERM) is closed at once; one stuck in the middle of a request head is cut when the
    /// shutdown deadline passes. Either way the server exits 0 (within `terminate()`'s 20 s).
    func testSigtermExitsWithSilentAndHalfSentConnectionsOpen() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        let silent = try LoopbackSocket(port: server.port)
        let halfSent = try LoopbackSocket(port: server.port)
        try halfSent.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        usleep(300_000)  // let the server read the half request before the signal
        XCTAssertEqual(try server.terminate(), 0, server.log)
        XCTAssertTrue(silent.isClosedByPeer(), "the silent connection was closed by the server")
        XCTAssertTrue(halfSent.isClosedByPeer(), "the half-sent request's connection was closed by the server")
    }
}

/// A blocking TCP connection to 127.0.0.1, for tests that need a client that misbehaves below
/// HTTP.
private final class LoopbackSocket {
    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
    }

    /// True when a read returns end of file or a reset (the server closed its side).
    func isClosedByPeer() -> Bool {
        var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 5_000) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 512)
        return read(descriptor, &buffer, buffer.count) <= 0
    }

    deinit { close(descriptor) }
}
