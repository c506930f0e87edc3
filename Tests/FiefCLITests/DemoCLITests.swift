import Foundation
import XCTest

/// `fief demo`, which doubles as an end-to-end check of the storage engine.
final class DemoCLITests: XCTestCase {
    /// The demo succeeds, and the files it keeps with `--dir` verify as it said they would.
    func testDemoSucceedsAndKeepsItsFiles() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let demo = try CLI.run(["demo", "--dir", dir])
        XCTAssertEqual(demo.status, 0, demo.output + demo.errors)
        XCTAssertTrue(demo.output.hasSuffix("Everything behaved as expected.\n"), demo.output)
        XCTAssertEqual(demo.errors, "")

        XCTAssertEqual(try CLI.run(["verify", dir + "/demo.realm"]).status, 0)
        let damaged = try CLI.run(["verify", dir + "/demo-damaged.realm"])
        XCTAssertEqual(damaged.status, 1)
        XCTAssertTrue(damaged.output.contains("checksum mismatch"), damaged.output)

        let again = try CLI.run(["demo", "--dir", dir])
        XCTAssertEqual(again.status, 64, "an existing demo.realm is a usage error, not overwritten")
    }

    /// Without `--dir` the demo cleans up its temporary directory.
    func testDemoInTemporaryDirectory() throws {
        let result = try CLI.run(["demo"])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        let line = result.output.split(separator: "\n").first { $0.hasPrefix("Files go to ") }
        let dir = try XCTUnwrap(line).dropFirst("Files go to ".count)
        XCTAssertFalse(FileManager.default.fileExists(atPath: String(dir)), "the demo left \(dir) behind")
    }
}
