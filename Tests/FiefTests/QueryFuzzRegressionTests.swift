import Foundation
import XCTest

/// Replays the `fuzz-query-eval` inputs kept in `Fuzz/` through the fuzz target's own harness,
/// without libFuzzer. `QueryEvalHarness/` in this directory is a symlink to
/// `Fuzz/Sources/QueryEvalHarness` (the models, the fixture realm, the input format and the
/// checks), so the test and the fuzz target run the same code.
///
/// - `Fuzz/corpus/query-eval/`: the seeds, real queries; each must end in results or a
///   `RealmError` with every consistency check passing.
/// - `Fuzz/regressions/fuzz-query-eval/`: inputs that once crashed the target or broke a check.
final class QueryFuzzRegressionTests: XCTestCase {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    func testSeedCorpus() throws {
        let files = try Self.inputs("corpus/query-eval")
        XCTAssertGreaterThanOrEqual(files.count, 50)
        var evaluated = 0
        for (name, bytes) in files {
            let outcome = replay(name, bytes)
            if !outcome.summary.hasPrefix("rejected") && !outcome.summary.hasPrefix("skipped") { evaluated += 1 }
        }
        XCTAssertGreaterThan(evaluated, files.count * 3 / 4, "most seeds should be valid queries")
    }

    func testRegressions() throws {
        for (name, bytes) in try Self.inputs("regressions/fuzz-query-eval") { _ = replay(name, bytes) }
    }

    @discardableResult
    private func replay(_ name: String, _ bytes: [UInt8]) -> QueryEvalHarness.Outcome {
        let outcome = QueryEvalHarness.run(bytes)
        for failure in outcome.failures { XCTFail("\(name): \(failure)") }
        return outcome
    }

    /// The files under `Fuzz/<directory>` (README.md aside), sorted by name.
    static func inputs(_ directory: String) throws -> [(String, [UInt8])] {
        let url = Self.fuzzDirectory.appendingPathComponent(directory)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        return try names.filter { $0 != "README.md" }.sorted().map { name in
            (name, Array(try Data(contentsOf: url.appendingPathComponent(name))))
        }
    }
}
