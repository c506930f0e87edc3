import Foundation
import XCTest
@testable import FiefStorage

/// `fief verify` as a user runs it: the verdict, the page it names, and the exit status.
final class VerifyCLITests: XCTestCase {
    /// A sound store: one `ok` line on standard output, exit status 0.
    func testGoodFileExitsZero() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/good.fief"
        let version = try CLI.makeStore(at: path, trees: [("users", 2_000), ("orders", 500)])

        let result = try CLI.run(["verify", path])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        XCTAssertTrue(result.output.hasPrefix("ok: \(path): version \(version), "), result.output)
        XCTAssertTrue(result.output.contains("2 trees, 2,500 entries"), result.output)
        XCTAssertEqual(result.errors, "")
    }

    /// One flipped byte inside a leaf page: exit status 1 and that page named with the reason.
    func testFlippedByteInDataPageIsNamed() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/damaged.fief"
        let version = try CLI.makeStore(at: path, trees: [("users", 5_000)])
        let leaves = try CLI.leafPages(at: path, version: version)
        XCTAssertGreaterThan(leaves.count, 2)
        let page = leaves[leaves.count / 2]
        try CLI.flipByte(at: Int(page) * 4096 + 2048, of: path)

        let result = try CLI.run(["verify", path])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        XCTAssertTrue(result.output.hasPrefix("damaged: \(path): "), result.output)
        XCTAssertTrue(result.output.contains("\n  page \(page): checksum mismatch"), result.output)
    }

    /// A file that is not a store: exit status 1 and a sentence on standard error.
    func testNonFiefFileIsRejectedClearly() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/notes.txt"
        try Data(String(repeating: "not a database\n", count: 500).utf8).write(to: URL(fileURLWithPath: path))

        let result = try CLI.run(["verify", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.output, "")
        XCTAssertTrue(result.errors.hasPrefix("Error: \(path) is not a Fief store"), result.errors)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)).count, 7_500, "verify changed the file")
    }

    /// A missing file, a file another program holds exclusively, and a missing argument.
    func testUnopenableFilesAndUsageErrors() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = try CLI.run(["verify", dir + "/missing.fief"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.errors.contains("missing.fief: no such file"), missing.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/missing.fief"), "verify created the file")

        let path = dir + "/busy.fief"
        try CLI.makeStore(at: path, trees: [("t", 10)])
        // A program that uses the file alone (an exclusive flock, as older builds of Fief took).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--exclusive", path, "cat"] // holds the lock until its input closes
        let input = Pipe()
        holder.standardInput = input
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        var locked = try CLI.run(["verify", path])
        for _ in 0..<200 where locked.status == 0 {
            usleep(10_000)
            locked = try CLI.run(["verify", path])
        }
        XCTAssertEqual(locked.status, 1)
        XCTAssertTrue(locked.errors.contains("is locked by another process"), locked.errors)

        let usage = try CLI.run(["verify"])
        XCTAssertEqual(usage.status, 64, "ArgumentParser's EX_USAGE")
        XCTAssertTrue(usage.errors.contains("Missing expected argument"), usage.errors)
    }
}
