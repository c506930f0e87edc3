import Foundation
import XCTest

/// Replays the `fuzz-sync-changeset` inputs kept in `Fuzz/` through the fuzz target's own
/// oracle, without libFuzzer. `SyncChangesetHarness/` in this directory is a symlink to
/// `Fuzz/Sources/SyncChangesetHarness` (the models, the realm and the checks): an input that
/// breaks a check traps, and fails this test.
///
/// - `Fuzz/corpus/sync-changeset/`: the seeds; each decodes and applies, is refused by the realm
///   with a typed error, or is refused by the decoder with one.
/// - `Fuzz/regressions/fuzz-sync-changeset/`: inputs that once broke a check.
final class SyncChangesetFuzzReplayTests: XCTestCase {
    func testSeedCorpus() throws {
        let files = try QueryFuzzRegressionTests.inputs("corpus/sync-changeset")
        XCTAssertGreaterThan(files.count, 20, "the seed corpus is missing")
        var applied = 0
        for (_, bytes) in files {
            if case .applied = SyncChangesetHarness.run(bytes) { applied += 1 }
        }
        XCTAssertGreaterThan(applied, 10, "most seeds are changesets the realm applies")
    }

    /// The seed setting a mixed value to a list holding a dictionary decodes and applies.
    func testTheNestedCollectionsSeedApplies() throws {
        let files = try QueryFuzzRegressionTests.inputs("corpus/sync-changeset")
        let seed = try XCTUnwrap(files.first { $0.0 == "mixed-nested-collections.bin" }?.1)
        let outcome = SyncChangesetHarness.run(seed)
        guard case .applied(instructions: 2) = outcome else { return XCTFail("\(outcome)") }
    }

    func testRegressions() throws {
        for (_, bytes) in try QueryFuzzRegressionTests.inputs("regressions/fuzz-sync-changeset") { SyncChangesetHarness.run(bytes) }
    }
}
