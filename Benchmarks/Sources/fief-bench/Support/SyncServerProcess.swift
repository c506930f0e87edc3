import Foundation

/// The real `fief-server` binary, started by the harness on 127.0.0.1 and an ephemeral port
/// with its data under the scratch directory, for the end-to-end sync workloads.
///
/// The binary is `$FIEF_SERVER_BIN`, else the root package's `.build/release/fief-server`
/// (`run.sh --full` builds it), else `.build/debug/fief-server` (which `swift build` makes; good
/// for `--quick`, whose figures are never quoted). ``build`` says which one ran.
final class SyncServerProcess: @unchecked Sendable {
    let process: Process
    /// The port it listens on.
    let port: Int
    /// "release" or "debug" (or "FIEF_SERVER_BIN").
    let build: String

    /// Starts the server on `dataDirectory` (its embedded store), or on the PostgreSQL
    /// database `postgresURL` when given (several instances may share one), and waits (at most
    /// 60 s) for its listening line.
    init(dataDirectory: String, postgresURL: String? = nil) throws {
        let (executable, build) = try Self.locate()
        self.build = build
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["serve", "--data-dir", dataDirectory, "--host", "127.0.0.1", "--port", "0",
                             "--log-level", "error", "--login-attempts-per-minute", "1000"]
            + (postgresURL.map { ["--postgres-url", $0] } ?? [])
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let line = Self.readLine(stdout.fileHandleForReading.fileDescriptor, timeout: 60)
        let prefix = "fief-server listening on 127.0.0.1:"
        guard let line, line.hasPrefix(prefix), let port = Int(line.dropFirst(prefix.count)) else {
            process.terminate()
            throw BenchError.harness("fief-server (\(executable)) did not start: \(line ?? "no output")")
        }
        self.port = port
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops it with SIGTERM and waits for the exit.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// The server's resident memory now, in KiB (`VmRSS` of `/proc/<pid>/status`).
    func residentKiB() throws -> Int {
        let path = "/proc/\(process.processIdentifier)/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kib = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
        else { throw BenchError.harness("cannot read the server's resident memory from \(path)") }
        return kib
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    private static func locate() throws -> (String, String) {
        if let path = ProcessInfo.processInfo.environment["FIEF_SERVER_BIN"], !path.isEmpty {
            return (path, "FIEF_SERVER_BIN")
        }
        // This file is Benchmarks/Sources/fief-bench/Support/SyncServerProcess.swift.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { root.deleteLastPathComponent() }
        for build in ["release", "debug"] {
            let path = root.appendingPathComponent(".build/\(build)/fief-server").path
            if FileManager.default.isExecutableFile(atPath: path) { return (path, build) }
        }
        throw BenchError.harness("no fief-server binary: run `swift build -c release --product fief-server` at the repository root, or set FIEF_SERVER_BIN")
    }

    private static func readLine(_ fd: Int32, timeout: Double) -> String? {
        var bytes: [UInt8] = []
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}
