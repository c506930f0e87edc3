import CrashWorkload
import Foundation
import XCTest
@testable import FiefStorage

/// SIGKILL during in-place compaction: a child process compacts the store again and again and
/// is killed at a random moment; the file at the path must then open, verify, and hold exactly
/// the content it had (old file or new file, never neither, never a mix).
final class CompactionCrashTests: XCTestCase {
    func testSIGKILLDuringCompaction() throws {
        try killLoop(encrypted: false, seed: 31)
    }

    func testSIGKILLDuringCompactionEncrypted() throws {
        try killLoop(encrypted: true, seed: 32)
    }

    private func killLoop(encrypted: Bool, seed: UInt64) throws {
        let writer = try CrashHarness.locateWriter()
        let directory = makeTemporaryDirectory("compaction-crash")
        defer { removeDirectory(directory) }
        let path = directory + "/store.fief"
        var options = StorageOptions()
        options.pageSize = 1024
        if encrypted { options.encryptionKey = CrashWorkload.encryptionKey }
        var replay = CrashHarness.Replay(seed: seed)
        let commits: UInt64 = 40
        do {
            let store = try Store(path: path, options: options)
            for k in 1...commits {
                let operations = CrashWorkload.operations(seed: seed, transaction: k)
                try store.write { try CrashWorkload.apply(operations, to: $0) }
            }
        }
        let expected = replay.model(at: commits)
        var schedule = SeededRandom(seed: seed ^ 0xC0_3AC7)
        var compactions = 0
        for iteration in 0..<12 {
            let plan = CrashHarness.KillPlan(acks: Int(schedule.next() % 3),
                                             pauseMicroseconds: UInt32(schedule.next() % 30_000))
            let context = "iteration \(iteration), \(plan)"
            let run = try CrashHarness.runAndKill(writer, arguments: ["--compact", path] + (encrypted ? ["encrypted"] : []),
                                                  plan: plan, stderrPath: directory + "/writer-stderr.txt")
            XCTAssertTrue(run.killedBySIGKILL && !run.exitedEarly && !run.hung, "\(context): \(run.stderr)")
            compactions += run.acks.count
            let state = try CrashHarness.inspect(path: path, options: options)
            XCTAssertTrue(state.report.isValid, "\(context): \(state.report)")
            XCTAssertEqual(state.counter, commits, context)
            XCTAssertNil(CrashWorkload.differences(expected: expected, actual: state.contents), context)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            XCTAssertTrue(Set(names).isSubset(of: ["store.fief", "store.fief.lock", "store.fief.fief-writing", "writer-stderr.txt"]), "\(names)")
        }
        print("compaction crash test (encrypted: \(encrypted)): 12 kills, \(compactions) completed compactions")
    }
}
