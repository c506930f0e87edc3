import Foundation
import ServerProcessSupport

/// Runs `fief-server` with `arguments` (an admin command on a stopped server); its exit status
/// and its stdout and stderr together.
func runServerCommand(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try ServerProcess.locateExecutable("fief-server"))
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}
