import Foundation
import XCTest
import CrashWorkload
@testable import FiefStorage

/// Tail relocation (FORMAT.md section 7): after most of a store is deleted, ordinary small
/// commits move the live pages out of the file's top region, and the file shrinks to within
/// 1.5 times its live pages without `compact`, while readers keep their snapshots and crashes
/// leave a store that opens at a prefix of the commits.
final class RelocationTests: XCTestCase {
    /// Small commits after the deletes within which the file must be at most 1.5 times its
    /// live pages (FORMAT.md gives the bound; this workload needs far fewer).
    static let commitBound = 40

    func testFileShrinksToWithinOneAndAHalfTimesItsLivePages() throws {
        for encrypted in [false, true] {
            let dir = makeTemporaryDirectory()
            defer { removeDirectory(dir) }
            let path = dir + "/store.fief"
            var options = StorageOptions()
            if encrypted { options.encryptionKey = (0..<64).map { UInt8($0 ^ 0x3A) } }
            let store = try Store(path: path, options: options)
            var model = try Self.fillAndDeleteNinetyPercent(store)
            let afterDelete = try Self.size(path)
            var commits = 0
            var ratio = Double.infinity
            while commits < Self.commitBound {
                commits += 1
                try Self.smallCommit(store, round: commits, model: &model)
                let report = try store.verify()
                XCTAssertTrue(report.isValid, "\(report)")
                ratio = Double(try Self.size(path)) / Double(report.usedPages * UInt64(options.pageSize))
                if ratio <= 1.5 { break }
            }
            print("relocation (encrypted: \(encrypted)): after deleting 90%: \(afterDelete / 1024) KiB; after \(commits) small commits: "
                  + "\(try Self.size(path) / 1024) KiB, \(String(format: "%.2f", ratio))x the live pages; "
                  + "\(store.env.relocatedPageCount) pages moved")
            XCTAssertLessThanOrEqual(ratio, 1.5, "after \(commits) small commits")
            XCTAssertGreaterThan(store.env.relocatedPageCount, 0)
            try Self.check(store, against: model)
            // Reopened, the store is the same.
            try Self.check(try Store(path: path, options: options), against: model)
        }
    }

    func testWithRelocationOffTheFileKeepsItsSize() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/store.fief"
        var options = StorageOptions()
        options.tailRelocationPagesPerCommit = 0
        let store = try Store(path: path, options: options)
        var model = try Self.fillAndDeleteNinetyPercent(store)
        for round in 1...10 { try Self.smallCommit(store, round: round, model: &model) }
        let report = try store.verify()
        XCTAssertTrue(report.isValid, "\(report)")
        XCTAssertEqual(store.env.relocatedPageCount, 0)
        XCTAssertGreaterThan(Double(try Self.size(path)), 1.5 * Double(report.usedPages * 4096), "relocation off: nothing moved")
        try Self.check(store, against: model)
    }

    /// A reader that holds a version from before the deletes keeps seeing it while relocation
    /// moves pages; the file cannot shrink under it, and does once it ends.
    func testReadersKeepTheirSnapshotsAcrossRelocation() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/store.fief"
        let store = try Store(path: path)
        var model = try Self.fillAndDeleteNinetyPercent(store)
        // A reader pinned after the deletes, before any relocation.
        let early = try store.beginRead()
        let earlyModel = model
        var readers: [(Transaction, [[UInt8]: [UInt8]])] = [(early, earlyModel)]
        for round in 1...12 {
            try Self.smallCommit(store, round: round, model: &model)
            if round % 3 == 0 { readers.append((try store.beginRead(), model)) }
            for (reader, expected) in readers { try Self.check(reader, against: expected) }
        }
        XCTAssertGreaterThan(store.env.relocatedPageCount, 0, "relocation ran while readers were open")
        for (reader, expected) in readers {
            try Self.check(reader, against: expected)
            reader.abort()
        }
        for round in 13...(12 + Self.commitBound) {
            try Self.smallCommit(store, round: round, model: &model)
            let report = try store.verify()
            XCTAssertTrue(report.isValid, "\(report)")
            if Double(try Self.size(path)) <= 1.5 * Double(report.usedPages * 4096) { break }
        }
        let report = try store.verify()
        XCTAssertLessThanOrEqual(Double(try Self.size(path)), 1.5 * Double(report.usedPages * 4096))
        try Self.check(store, against: model)
    }

    /// Group commit: deferred-sync commits relocate like ordinary ones; after the waits and a
    /// reopen everything is there.
    func testGroupCommitRelocates() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/store.fief"
        var model: [[UInt8]: [UInt8]]
        do {
            let store = try Store(path: path)
            model = try Self.fillAndDeleteNinetyPercent(store)
            var tickets: [CommitTicket] = []
            for round in 1...(2 * Self.commitBound) {
                let txn = try store.beginWrite()
                let tree = try txn.tree("t")!
                for i in stride(from: round * 10, to: Self.total, by: 3_000) {
                    let value = Self.value(i, round: round)
                    try tree.put(key(i), value)
                    model[key(i)] = value
                }
                tickets.append(try txn.commitDeferringSync())
                if round % 4 == 0 { try store.waitUntilDurable(tickets.last!) }
            }
            try store.waitUntilDurable(tickets.last!)
            XCTAssertGreaterThan(store.env.relocatedPageCount, 0)
            let report = try store.verify()
            XCTAssertTrue(report.isValid, "\(report)")
            XCTAssertLessThanOrEqual(Double(try Self.size(path)), 1.5 * Double(report.usedPages * 4096))
        }
        try Self.check(try Store(path: path), against: model)
    }

    /// The workload of the SIGKILL and power-loss tests (Tests/CrashWorkload: mass deletes
    /// among small commits) makes the writer relocate, so those tests interrupt relocating
    /// commits (with relocation on, the default).
    func testCrashWorkloadRelocates() throws {
        let store = try Store(inMemoryIdentifier: "relocation-crash-workload")
        let seed: UInt64 = 0x5EED_0017
        for k in 1...UInt64(300) {
            let operations = CrashWorkload.operations(seed: seed, transaction: k)
            try store.write { try CrashWorkload.apply(operations, to: $0) }
        }
        XCTAssertGreaterThan(store.env.relocatedPageCount, 0)
        let report = try store.verify()
        XCTAssertTrue(report.isValid, "\(report)")
        let expected = CrashWorkload.model(seed: seed, through: 300)
        let (actual, mismatches) = try store.read { try CrashWorkload.contents(of: $0) }
        XCTAssertNil(CrashWorkload.differences(expected: expected, actual: actual))
        XCTAssertEqual(mismatches, [])
    }

    /// Power losses in the commits of the standard power-loss scenarios, counting those that
    /// came while relocation was under way: every image opens at a prefix of the commits.
    func testPowerLossDuringRelocation() throws {
        for relaxed in [false, true] {
            let coverage = try PowerLossHarness.runScenarios(name: "relocation \(relaxed ? "relaxed" : "full")", pageSize: 4096,
                                                           relaxed: relaxed, baseSeed: relaxed ? 0x17_0003 : 0x17_0004)
            XCTAssertGreaterThan(coverage.relocatedPages, 0, "\(coverage)")
            XCTAssertGreaterThan(coverage.crashesWhileRelocating, 0, "\(coverage)")
        }
    }

    /// Power losses aimed at relocation: a store is filled and 90% deleted, then the power
    /// fails at a random write, sync or truncate of the small commits that move its tail. Every
    /// image (nothing, everything, or a random part of what was pending, writes torn) must open
    /// at a prefix of the commits, verify clean, and take further commits.
    func testPowerLossWhileRelocating() throws {
        for relaxed in [false, true] {
            let coverage = try PowerLossHarness.runScenarios(
                name: "while relocating \(relaxed ? "relaxed" : "full")", baseSeed: relaxed ? 0x17_0005 : 0x17_0006,
                expectTruncates: !relaxed, expectOlderThanAcked: relaxed, file: #filePath, line: #line) { seed, coverage in
                try Self.relocationScenario(seed: seed, relaxed: relaxed, coverage: &coverage)
            }
            XCTAssertGreaterThan(coverage.crashesWhileRelocating, 0, "\(coverage)")
        }
    }

    /// One scenario of ``testPowerLossWhileRelocating()``.
    static func relocationScenario(seed: UInt64, relaxed: Bool, coverage: inout PowerLossHarness.Coverage) throws -> String? {
        var random = SeededRandom(seed: seed)
        let directory = CrashHarness.scratchDirectory("relocation")
        defer { removeDirectory(directory) }
        let liveFile = try FaultInjectingFile(path: directory + "/live.fief")
        let store = try Store(file: liveFile, options: PowerLossHarness.options(pageSize: 4096, relaxed: relaxed))
        defer { withExtendedLifetime(store) {} }
        var models: [CrashWorkload.Model] = [[:]]
        var syncsAtAck: [Int] = [-1]
        var values = CrashWorkload.Random(seed: seed)
        func commitOperations(_ k: UInt64, _ body: [CrashWorkload.Operation]) -> [CrashWorkload.Operation] {
            body + [.put(tree: CrashWorkload.commitTree, key: CrashWorkload.counterKey, value: CrashWorkload.encodeCounter(k))]
        }
        // Commit 1 fills 2,000 keys (a tenth with large values); commit 2 deletes 90% of them.
        let fill = (0..<2_000).map { i -> CrashWorkload.Operation in
            let value = i % 10 == 3 ? [UInt8](repeating: UInt8(i % 251), count: 5_000 + i)
                : (0..<(40 + i % 200)).map { _ in UInt8(truncatingIfNeeded: values.next()) }
            return .put(tree: CrashWorkload.mainTree, key: CrashWorkload.key(i), value: value)
        }
        let deletes = (0..<2_000).filter { $0 % 10 != 0 }.map { CrashWorkload.Operation.delete(tree: CrashWorkload.mainTree, key: CrashWorkload.key($0)) }
        var plan: [[CrashWorkload.Operation]] = [commitOperations(1, fill), commitOperations(2, deletes)]
        for k in 3...40 {
            let puts = (0..<4).map { _ in
                CrashWorkload.Operation.put(tree: CrashWorkload.mainTree, key: CrashWorkload.key(Int(random.next() % 2_000)),
                                            value: [UInt8](repeating: UInt8(k), count: 10 + Int(random.next() % 300)))
            }
            plan.append(commitOperations(UInt64(k), puts))
        }
        let crashAt = 1 + Int(random.next() % 120)
        var interrupted: CrashWorkload.Model?
        var crashedIn = "nowhere (power lost at rest)"
        var k = 0
        for operations in plan {
            if k == 2 {
                // Relaxed: make the deletes durable, so that the pages they freed are reusable.
                if relaxed { try store.sync() }
                liveFile.armCrash(atOperation: crashAt)
            }
            var next = models[k]
            CrashWorkload.apply(operations, to: &next)
            do {
                try store.write { try CrashWorkload.apply(operations, to: $0) }
            } catch {
                guard liveFile.hasCrashed else { return "commit \(k + 1) failed before any power loss: \(error)" }
                interrupted = next
                crashedIn = "commit \(k + 1)"
                coverage.crashesInCommit += 1
                if store.env.relocationCursor != nil { coverage.crashesWhileRelocating += 1 }
                break
            }
            k += 1
            models.append(next)
            syncsAtAck.append(liveFile.completedSyncs)
            if liveFile.hasCrashed {
                crashedIn = "after commit \(k) (its truncate)"
                coverage.crashesInCommit += 1
                break
            }
        }
        if !liveFile.hasCrashed { coverage.noCrash += 1 }
        coverage.scenarios += 1
        coverage.relocatedPages += store.env.relocatedPageCount
        let lastAcked = UInt64(k)
        let lowest = relaxed ? UInt64(syncsAtAck.lastIndex { $0 < liveFile.completedSyncs } ?? 0) : lastAcked
        let steps = ["fill, delete 90%, then power loss at operation \(crashAt) of the small commits; lost in \(crashedIn)"]
        return try PowerLossHarness.checkImages(liveFile, directory: directory, seed: seed, models: models, interrupted: interrupted,
                                                lowest: lowest, highest: lastAcked + (interrupted == nil ? 0 : 1), steps: steps,
                                                random: &random, coverage: &coverage)
    }

    /// Steady single-put commits with relaxed durability keep their freed pages waiting for
    /// syncs: the file needs that room, and relocation mostly stays out of the way (FORMAT.md
    /// section 7: it runs only while the reusable pages are more than twice the waiting ones).
    /// Measured: about 900 pages moved over 3,000 commits that write about 5 pages each.
    func testRelaxedSinglePutChurnRelocatesLittle() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        var options = StorageOptions()
        options.durability = .relaxed()
        let store = try Store(path: dir + "/store.fief", options: options)
        try store.write { txn in
            let tree = try txn.createTree("t")
            for i in 0..<20_000 { try tree.put(key(i), Self.value(i)) }
        }
        var random = SeededRandom(seed: 17)
        for round in 0..<3_000 {
            try store.write { try $0.tree("t")!.put(key(Int(random.next() % 20_000)), Self.value(round)) }
        }
        print("relaxed single-put churn: \(store.env.relocatedPageCount) pages relocated")
        XCTAssertLessThan(store.env.relocatedPageCount, 3_000, "relocation stays a small part of the writes (under a page per commit)")
        XCTAssertTrue(try store.verify().isValid)
    }

    // MARK: Workload

    static let total = 40_000

    /// A value of 100 bytes, or for every 16th key one of 6,000 (an overflow run).
    static func value(_ i: Int, round: Int = 0) -> [UInt8] {
        [UInt8](repeating: UInt8(truncatingIfNeeded: i &+ round), count: i % 16 == 0 ? 6_000 : 100)
    }

    /// Inserts `total` keys in five interleaved passes, then deletes 90% of them spread over
    /// the key range. Returns the expected content.
    static func fillAndDeleteNinetyPercent(_ store: Store) throws -> [[UInt8]: [UInt8]] {
        var model: [[UInt8]: [UInt8]] = [:]
        for batch in 0..<5 {
            try store.write { txn in
                let tree = try txn.createTree("t")
                for i in stride(from: batch, to: total, by: 5) {
                    try tree.put(key(i), value(i))
                    model[key(i)] = value(i)
                }
                try txn.createTree("small-\(batch)").put(key(batch), value(batch))
            }
        }
        try store.write { txn in
            let tree = try txn.tree("t")!
            for i in 0..<total where i % 10 != 0 {
                try tree.delete(key(i))
                model[key(i)] = nil
            }
        }
        return model
    }

    /// A small commit: a few puts spread over the key range.
    static func smallCommit(_ store: Store, round: Int, model: inout [[UInt8]: [UInt8]]) throws {
        try store.write { txn in
            let tree = try txn.tree("t")!
            for i in stride(from: (round * 10) % total, to: total, by: 4_000) {
                try tree.put(key(i), value(i, round: round))
                model[key(i)] = value(i, round: round)
            }
        }
    }

    static func check(_ store: Store, against model: [[UInt8]: [UInt8]]) throws {
        try store.read { try check($0, against: model) }
        let report = try store.verify()
        XCTAssertTrue(report.isValid, "\(report)")
    }

    static func check(_ txn: Transaction, against model: [[UInt8]: [UInt8]]) throws {
        var seen = 0
        var mismatches = 0
        try txn.tree("t")!.forEach { key, value in
            seen += 1
            if model[Array(key)] != Array(value) { mismatches += 1 }
            return true
        }
        XCTAssertEqual(seen, model.count)
        XCTAssertEqual(mismatches, 0)
        for batch in 0..<5 { XCTAssertEqual(try txn.tree("small-\(batch)")?.get(key(batch)), value(batch)) }
    }

    static func size(_ path: String) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)!.uint64Value
    }
}
