import CrashWorkload
import Foundation
import XCTest
@testable import FiefStorage

/// Commits written while a group sync runs.
final class GroupSyncOverlapTests: XCTestCase {
    /// A commit whose pages are written while a group sync is under way is not covered by it:
    /// it stays listed as unsynced, and the next group sync's meta page lists its pages, so a
    /// power loss before that sync completes can only lose it, never trust its missing pages.
    func testCommitWrittenDuringAGroupSyncStaysListed() throws {
        for seed in 0..<UInt64(12) {
            try overlapScenario(seed: seed)
        }
    }

    private func overlapScenario(seed: UInt64) throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let file = try FaultInjectingFile(path: directory + "/overlap.fief")
        let store = try Store(file: file, options: PowerLossHarness.options(pageSize: 1024, relaxed: false))
        defer { withExtendedLifetime(store) {} }
        let shape = PowerLossHarness.shape
        var ticket: CommitTicket?
        for _ in 0..<3 { ticket = try CrashWorkload.commitNextDeferred(to: store, seed: seed, shape: shape).ticket }
        // The first group sync after the open restarts the window (two syncs); the next one,
        // tested here, takes the ordinary path unless its list overflows.
        try store.waitUntilDurable(ticket!)
        let first = try CrashWorkload.commitNextDeferred(to: store, seed: seed, shape: shape)
        // During the sync for `first`, the next commit writes its pages.
        let during = Box<CommitTicket>()
        file.duringSync = {
            guard during.value == nil else { return }
            during.value = try? CrashWorkload.commitNextDeferred(to: store, seed: seed, shape: shape).ticket
        }
        try store.waitUntilDurable(first.ticket)
        file.duringSync = nil
        let overlapping = try XCTUnwrap(during.value)
        XCTAssertFalse(store.isDurable(overlapping), "the sync began before this commit's pages were written")
        let state = store.env.coordinator.state
        XCTAssertEqual(state.syncedThrough, first.ticket.version)
        XCTAssertFalse(state.unsyncedRanges.isEmpty, "the overlapping commit's pages stay listed")

        // One more commit; its group sync writes the meta page and then the power fails.
        let last = try CrashWorkload.commitNextDeferred(to: store, seed: seed, shape: shape)
        file.armCrash(atOperation: 2) // 1: the meta page, 2: the sync
        XCTAssertThrowsError(try store.waitUntilDurable(last.ticket))
        var random = SeededRandom(seed: seed)
        var replay = CrashHarness.Replay(seed: seed, shape: shape)
        for variant in 0..<8 {
            let policy: FaultInjectingFile.PowerLossPolicy = variant == 0 ? .everything : .random(&random)
            let image = file.powerLossImage(policy, random: &random)
            let imagePath = directory + "/image-\(variant).fief"
            XCTAssertTrue(FileManager.default.createFile(atPath: imagePath, contents: Data(image)))
            let recovered = try CrashHarness.inspect(path: imagePath)
            XCTAssertTrue(recovered.report.isValid, "seed \(seed), \(policy): \(recovered.report)")
            XCTAssertGreaterThanOrEqual(recovered.counter, first.number, "seed \(seed), \(policy)")
            XCTAssertLessThanOrEqual(recovered.counter, last.number, "seed \(seed), \(policy)")
            XCTAssertNil(CrashWorkload.differences(expected: replay.model(at: recovered.counter), actual: recovered.contents),
                         "seed \(seed), \(policy): recovered commit \(recovered.counter)")
        }
    }
}

/// A value set from one closure and read after it ran.
final class Box<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
