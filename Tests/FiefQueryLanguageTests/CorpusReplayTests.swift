import Foundation
import XCTest
@testable import FiefQueryLanguage

/// Replays `Fuzz/corpus/query/` (real queries: each must parse and round-trip) and
/// `Fuzz/regressions/fuzz-query/` (past findings: each must parse or fail with a
/// `QueryParseError`, and round-trip when it parses) without libFuzzer.
final class CorpusReplayTests: XCTestCase {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    private func inputs(_ directory: String) throws -> [(String, [UInt8])] {
        let url = Self.fuzzDirectory.appendingPathComponent(directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        return try names.filter { $0 != "README.md" }.sorted().map { name in
            (name, Array(try Data(contentsOf: url.appendingPathComponent(name))))
        }
    }

    func testSeedCorpusParsesAndRoundTrips() throws {
        let files = try inputs("corpus/query")
        XCTAssertGreaterThanOrEqual(files.count, 30)
        for (name, bytes) in files {
            do {
                let query = try QueryLanguage.parse(utf8: bytes)
                XCTAssertEqual(try QueryLanguage.parse(query.description), query, name)
            } catch {
                XCTFail("\(name): \(error)")
            }
        }
    }

    func testRegressions() throws {
        for (name, bytes) in try inputs("regressions/fuzz-query") {
            guard let query = try? QueryLanguage.parse(utf8: bytes) else { continue }
            XCTAssertEqual(try QueryLanguage.parse(query.description), query, name)
        }
    }
}
