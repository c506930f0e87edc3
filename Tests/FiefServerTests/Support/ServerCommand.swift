import Foundation
import ServerProcessSupport

/// Runs `fief-server` with `arguments` (an admin command on a stopped server); its exit status
/// and its stdout and stderr together.
func runServerCommand(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try ServerProcess.locateExecutable("fief-server"))
    // Under FIEF_TEST_SERVER_BACKEND=postgres the server of a data directory keeps its state in
    // that directory's database: the admin commands read it there.
    var arguments = arguments
    if TestPostgres.isServerBackend, let flag = arguments.firstIndex(of: "--data-dir"), flag + 1 < arguments.count,
       FileManager.default.fileExists(atPath: arguments[flag + 1]) {
        arguments += ["--postgres-url", try TestPostgres.database(for: URL(fileURLWithPath: arguments[flag + 1]))]
    }
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}
