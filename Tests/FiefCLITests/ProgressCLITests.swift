#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest

/// Progress bars are drawn on standard error only when it is a terminal.
final class ProgressCLITests: XCTestCase {
    /// A pseudo-terminal: its controlling side and the terminal side a child writes to.
    private func openTerminal() throws -> (master: Int32, slave: Int32) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw XCTSkip("no /dev/ptmx") }
        #if os(Linux)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK = _IOW('T', 0x31, int) and TIOCGPTN = _IOR('T', 0x30, unsigned int): Swift
        // does not import these function-like macros.
        let lockRequest: UInt = 0x4004_5431, numberRequest: UInt = 0x8004_5430
        guard ioctl(master, lockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else {
            close(master)
            throw XCTSkip("cannot unlock the pseudo-terminal")
        }
        let name = "/dev/pts/\(number)"
        #else
        guard grantpt(master) == 0, unlockpt(master) == 0, let cName = ptsname(master) else {
            close(master)
            throw XCTSkip("cannot unlock the pseudo-terminal")
        }
        let name = String(cString: cName)
        #endif
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { close(master); throw XCTSkip("cannot open \(name)") }
        return (master, slave)
    }

    /// Runs `fief` with standard error on a pseudo-terminal; returns standard output and what
    /// the terminal received.
    private func runOnTerminal(_ arguments: [String]) throws -> (status: Int32, output: String, terminal: String) {
        let (master, slave) = try openTerminal()
        defer { close(master) }
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data().write(to: URL(fileURLWithPath: dir + "/stdout"))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/stdout"))
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        try process.run()
        close(slave)
        var terminal = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            terminal += buffer[0..<n]
        }
        process.waitUntilExit()
        try out.close()
        return (process.terminationStatus, try String(contentsOfFile: dir + "/stdout", encoding: .utf8),
                String(decoding: terminal, as: UTF8.self))
    }

    /// Export draws a bar with its counts, then erases it; the JSON on standard output is untouched.
    func testExportDrawsABarOnATerminal() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try CLIFixture.makeRealm(at: dir + "/app.realm")
        let plain = try CLI.run(["export", dir + "/app.realm"])
        XCTAssertEqual(plain.errors, "")
        let result = try runOnTerminal(["export", dir + "/app.realm"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, plain.output)
        XCTAssertTrue(result.terminal.contains("exporting ["), result.terminal.debugDescription)
        XCTAssertTrue(result.terminal.contains("100%  9/9 objects"), result.terminal.debugDescription)
        XCTAssertTrue(result.terminal.hasSuffix("\r\u{1B}[2K"), "the bar is erased at the end: \(result.terminal.debugDescription)")

        let verify = try runOnTerminal(["verify", dir + "/app.realm"])
        XCTAssertEqual(verify.status, 0)
        XCTAssertTrue(verify.terminal.contains("verifying "), verify.terminal.debugDescription)
    }
}
