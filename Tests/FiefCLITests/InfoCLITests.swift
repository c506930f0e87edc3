import Foundation
import XCTest
@testable import FiefStorage

/// `fief info` in text and JSON.
final class InfoCLITests: XCTestCase {
    /// The JSON shape scripts rely on.
    private struct Report: Decodable {
        /// One tree: its name and number of entries.
        struct Tree: Decodable, Equatable {
            /// The tree's name.
            var name: String
            /// Its number of entries.
            var entries: Int
        }
        /// The file-format version.
        var formatVersion: UInt32
        /// Bytes per page.
        var pageSize: Int
        /// The file's length in bytes.
        var fileSize: UInt64
        /// Pages of the newest version.
        var pageCount: UInt64
        /// Pages in use.
        var usedPages: UInt64
        /// Pages on the free list.
        var freePages: UInt64
        /// The newest committed version.
        var version: UInt64
        /// Every tree, in name order.
        var trees: [Tree]
    }

    /// `--json` reports the trees and counts the test wrote, and sizes that add up.
    func testJSONReportsTreeCounts() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/info.fief"
        let version = try CLI.makeStore(at: path, trees: [("beta", 1_234), ("alpha", 3), ("empty", 0)])

        let result = try CLI.run(["info", "--json", path])
        XCTAssertEqual(result.status, 0, result.errors)
        let report = try JSONDecoder().decode(Report.self, from: Data(result.output.utf8))
        XCTAssertEqual(report.trees, [.init(name: "alpha", entries: 3), .init(name: "beta", entries: 1_234),
                                      .init(name: "empty", entries: 0)])
        XCTAssertEqual(report.version, version)
        XCTAssertEqual(report.formatVersion, 1)
        XCTAssertEqual(report.pageSize, 4096)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber
        XCTAssertEqual(report.fileSize, size?.uint64Value)
        XCTAssertEqual(report.usedPages + report.freePages, report.pageCount)
        XCTAssertLessThanOrEqual(report.pageCount * 4096, report.fileSize)
    }

    /// The text form names every field and tree.
    func testTextReport() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/info.fief"
        try CLI.makeStore(at: path, trees: [("users", 20_000)])

        let result = try CLI.run(["info", path])
        XCTAssertEqual(result.status, 0, result.errors)
        for expected in ["format version  1\n", "page size       4,096 bytes\n", "trees           1 holding 20,000 entries\n",
                         "  users  20,000 entries"] {
            XCTAssertTrue(result.output.contains(expected), "missing '\(expected)' in:\n\(result.output)")
        }
        XCTAssertTrue(result.output.contains(" MiB)\n") || result.output.contains(" KiB)\n"), result.output)
    }

    /// `--version` prints the tool's version.
    func testVersion() throws {
        let result = try CLI.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "0.1.0\n")
    }
}
