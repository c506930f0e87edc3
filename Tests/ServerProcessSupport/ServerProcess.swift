import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `fief-server` binary running as a child process on 127.0.0.1 and an ephemeral
/// port, for the server's and the client's tests. `swift build` builds it beside the test bundle.
///
/// ```swift
/// let server = try ServerProcess(dataDirectory: makeTemporaryDirectory().appendingPathComponent("data"))
/// defer { _ = try? server.terminate() }
/// let app = App(id: "t", configuration: AppConfiguration(baseURL: server.baseURL))
/// ```
public final class ServerProcess: @unchecked Sendable {
    public let process: Process
    /// The port the server listens on.
    public let port: Int
    /// The server's state.
    public let dataDirectory: URL
    /// The server's stderr (its logs).
    public let logURL: URL
    /// The PostgreSQL database the server serves from; nil on the embedded store.
    public let postgresURL: String?

    /// Starts the server with `serve --port 0` on `dataDirectory` plus `arguments`, with
    /// `environment` added to this process's, and waits (at most 30 s) for its
    /// `fief-server listening on HOST:PORT` line.
    ///
    /// With `postgresURL`, the server serves from that database (several processes may share
    /// one). Without it, under `FIEF_TEST_SERVER_BACKEND=postgres` (``TestPostgres``), it serves
    /// from the database of `dataDirectory` in the test cluster; otherwise from the embedded store.
    public init(dataDirectory: URL, arguments: [String] = [], environment: [String: String] = [:], postgresURL: String? = nil) throws {
        self.dataDirectory = dataDirectory
        let postgresURL = try postgresURL ?? (TestPostgres.isServerBackend ? TestPostgres.database(for: dataDirectory) : nil)
        self.postgresURL = postgresURL
        let executable = try Self.locateExecutable("fief-server")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["serve", "--data-dir", dataDirectory.path, "--host", "127.0.0.1", "--port", "0",
                             "--log-level", "debug"] + (postgresURL.map { ["--postgres-url", $0] } ?? []) + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let stdout = Pipe()
        process.standardOutput = stdout
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        logURL = dataDirectory.deletingLastPathComponent()
            .appendingPathComponent("\(dataDirectory.lastPathComponent)-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logURL)
        try process.run()
        self.process = process
        let line: String
        do {
            line = try Self.readFirstLine(stdout.fileHandleForReading, timeout: 30)
        } catch {
            process.terminate()
            throw error
        }
        let prefix = "fief-server listening on 127.0.0.1:"
        guard line.hasPrefix(prefix), let port = Int(line.dropFirst(prefix.count)), port > 0 else {
            process.terminate()
            throw ServerProcessError.unexpectedOutput(line)
        }
        self.port = port
    }

    /// The 32-byte key the server signs access tokens with: `jwt.key` in the data directory, or
    /// on PostgreSQL the row every instance shares.
    public func signingKey() throws -> [UInt8] {
        guard let postgresURL else { return try Array(Data(contentsOf: dataDirectory.appendingPathComponent("jwt.key"))) }
        let database = URLComponents(string: postgresURL)?.path.dropFirst().description
        let hex = try TestPostgres.psql("SELECT encode(key, 'hex') FROM fief_signing_key WHERE id = 1", database: database)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let end = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), let byte = UInt8(hex[index..<end], radix: 16) {
            bytes.append(byte)
            index = end
        }
        return bytes
    }

    /// The server's base URL, `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Sends SIGTERM and waits (at most 20 s) for the exit; returns the exit status.
    @discardableResult
    public func terminate() throws -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        return try waitForExit(timeout: 20)
    }

    /// Kills the process with SIGKILL and waits for it.
    public func killHard() throws {
        kill(process.processIdentifier, SIGKILL)
        _ = try waitForExit(timeout: 20)
    }

    /// The server's log so far (for failure messages).
    public var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    private func waitForExit(timeout: TimeInterval) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            throw ServerProcessError.didNotExit(logTail: String(log.suffix(2_000)))
        }
        return process.terminationStatus
    }

    private static func readFirstLine(_ handle: FileHandle, timeout: TimeInterval) throws -> String {
        let fd = handle.fileDescriptor
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            guard n == 1 else {
                throw ServerProcessError.unexpectedOutput(String(decoding: bytes, as: UTF8.self) + " (stdout closed)")
            }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        throw ServerProcessError.noListeningLine
    }

    /// The path of the executable `name` built beside the tests.
    public static func locateExecutable(_ name: String) throws -> String {
        var directories: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
            directories.append(bundle.bundleURL)
        }
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ServerProcessError.executableMissing(name)
    }
}

/// Why a ``ServerProcess`` could not start or stop.
public enum ServerProcessError: Error, CustomStringConvertible {
    case executableMissing(String)
    case unexpectedOutput(String)
    case noListeningLine
    case didNotExit(logTail: String)

    public var description: String {
        switch self {
        case .executableMissing(let name): "\(name) not found beside the tests (`swift build` builds it; run it before `swift test`)"
        case .unexpectedOutput(let line): "unexpected first line from fief-server: \(line)"
        case .noListeningLine: "fief-server printed no listening line within 30 s"
        case .didNotExit(let logTail): "fief-server did not exit within 20 s; the end of its log:\n\(logTail)"
        }
    }
}

/// A new empty directory under the temporary directory.
public func makeTemporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fief-server-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
