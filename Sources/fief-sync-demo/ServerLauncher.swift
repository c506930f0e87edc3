import Foundation

/// The `fief-server` the demo runs: the binary next to this one, on 127.0.0.1 with an
/// ephemeral port and a temporary data directory, stopped with SIGTERM at the end.
final class ServerLauncher {
    let process = Process()
    let port: Int

    init(dataDirectory: URL) throws {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = here.appendingPathComponent("fief-server")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw DemoFailure("fief-server is not built next to this demo (\(binary.path)); run scripts/demo")
        }
        process.executableURL = binary
        process.arguments = ["serve", "--data-dir", dataDirectory.path, "--host", "127.0.0.1", "--port", "0", "--log-level", "error"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = ""
        while !line.hasSuffix("\n") {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { break }
            line += String(decoding: byte, as: UTF8.self)
        }
        guard let portText = line.split(separator: ":").last, let port = Int(portText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw DemoFailure("fief-server did not say where it listens: \(line)")
        }
        self.port = port
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Sends SIGTERM and returns the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Why the demo stopped.
struct DemoFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
