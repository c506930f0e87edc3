import CrashWorkload
import Foundation
import XCTest
@testable import FiefStorage

/// Group commit: deferred-sync commits, durability waits (blocking, callback, async), one sync
/// covering many commits, and what a failed sync does. Power loss and SIGKILL scenarios are in
/// GroupCommitPowerLossTests.swift and CrashTests.swift.
final class GroupCommitTests: XCTestCase {
    /// One wait syncs once and covers every commit written before it; waiting on the others
    /// then syncs nothing more. Readers see deferred commits at once.
    func testOneSyncCoversEveryCommitWrittenBeforeIt() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let file = try FaultInjectingFile(path: directory + "/group.fief")
        let store = try Store(file: file)
        // The first commit after an open syncs before its meta page (FORMAT.md, section 8).
        try store.write { try $0.createTree("t").put(key(0), [0]) }
        var tickets: [CommitTicket] = []
        for i in 1...5 {
            let txn = try store.beginWrite()
            try txn.tree("t")!.put(key(i), [UInt8(i)])
            tickets.append(try txn.commitDeferringSync())
            XCTAssertEqual(try store.read { try $0.tree("t")?.get(key(i)) }, [UInt8(i)], "readers see a deferred commit")
        }
        XCTAssertEqual(tickets.map(\.version), tickets.map(\.version).sorted())
        XCTAssertFalse(store.isDurable(tickets[4]))
        let syncsBefore = file.completedSyncs
        try store.waitUntilDurable(tickets[4])
        XCTAssertEqual(file.completedSyncs, syncsBefore + 1, "one sync for five commits")
        for ticket in tickets {
            XCTAssertTrue(store.isDurable(ticket))
            try store.waitUntilDurable(ticket)
        }
        XCTAssertEqual(file.completedSyncs, syncsBefore + 1, "covered commits need no further sync")

        // What is durable now is exactly what a power loss keeps.
        var random = SeededRandom(seed: 1)
        let image = file.powerLossImage(.nothing, random: &random)
        let imagePath = directory + "/image.fief"
        XCTAssertTrue(FileManager.default.createFile(atPath: imagePath, contents: Data(image)))
        let recovered = try Store(path: imagePath)
        XCTAssertEqual(try recovered.read { try $0.tree("t")?.count }, 6)
        XCTAssertTrue(try recovered.verify().isValid)
        withExtendedLifetime(store) {}
    }

    /// A read transaction's ticket names the version it read; a ticket of another store is refused.
    func testTicketsOfReadTransactionsAndOtherStores() throws {
        let store = try Store(inMemoryIdentifier: "tickets-\(UUID())")
        let other = try Store(inMemoryIdentifier: "tickets-other-\(UUID())")
        let write = try store.beginWrite()
        try write.createTree("t").put([1], [1])
        let ticket = try write.commitDeferringSync()
        XCTAssertTrue(store.isDurable(ticket), "durability .none: made at once")
        let read = try store.beginRead()
        XCTAssertEqual(try read.commitDeferringSync().version, ticket.version)
        XCTAssertThrowsError(try other.waitUntilDurable(ticket)) { error in
            guard case StorageError.invalidOption = error else { return XCTFail("\(error)") }
        }
    }

    /// Many threads commit small transactions with deferred syncs and wait for durability; every
    /// acknowledged commit is there, in this process and after a reopen, and the file verifies.
    func testConcurrentWritersGetEveryCommit() throws {
        let directory = CrashHarness.scratchDirectory("group-threads")
        defer { removeDirectory(directory) }
        let path = directory + "/threads.fief"
        let threads = 8, commitsPerThread = 40
        let failures = Failures()
        let acknowledged = Counter()
        do {
            let store = try Store(path: path)
            try store.write { try $0.createTree("t") }
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for i in 0..<commitsPerThread {
                    do {
                        let txn = try store.beginWrite()
                        try txn.tree("t")!.put(key(thread * 1000 + i), Array("thread \(thread) commit \(i)".utf8))
                        let ticket = try txn.commitDeferringSync()
                        try store.waitUntilDurable(ticket)
                        acknowledged.add()
                        // What this thread committed is there, whoever synced it.
                        if try store.read({ try $0.tree("t")?.get(key(thread * 1000 + i)) }) == nil {
                            failures.add("thread \(thread) commit \(i) missing after its wait")
                        }
                    } catch {
                        failures.add("thread \(thread) commit \(i): \(error)")
                    }
                }
            }
            XCTAssertEqual(failures.all, [])
            XCTAssertEqual(acknowledged.value, threads * commitsPerThread)
            XCTAssertEqual(try store.read { try $0.tree("t")?.count }, threads * commitsPerThread)
            XCTAssertTrue(try store.verify().isValid)
        }
        let reopened = try Store(path: path)
        try reopened.read { txn in
            let tree = try XCTUnwrap(txn.tree("t"))
            XCTAssertEqual(tree.count, threads * commitsPerThread)
            for thread in 0..<threads {
                for i in 0..<commitsPerThread {
                    XCTAssertEqual(try tree.get(key(thread * 1000 + i)), Array("thread \(thread) commit \(i)".utf8))
                }
            }
        }
        XCTAssertTrue(try reopened.verify().isValid)
    }

    /// Normal commits, deferred ones and `sync()` mix: a full-durability commit covers the
    /// deferred commits before it, and the workload's content is right throughout.
    func testDeferredAndNormalCommitsMix() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/mix.fief"
        let seed: UInt64 = 77
        let shape = PowerLossHarness.shape
        do {
            let store = try Store(path: path, options: PowerLossHarness.options(pageSize: 512, relaxed: false))
            var pending: [CommitTicket] = []
            for k in 1...60 as ClosedRange<UInt64> {
                switch k % 7 {
                case 0:
                    try store.write { try CrashWorkload.apply(CrashWorkload.operations(seed: seed, transaction: k, shape: shape), to: $0) }
                    XCTAssertTrue(pending.allSatisfy(store.isDurable), "a full commit makes earlier deferred ones durable")
                    pending.removeAll()
                case 3:
                    pending.append(try CrashWorkload.commitNextDeferred(to: store, seed: seed, shape: shape).ticket)
                    try store.sync()
                    XCTAssertTrue(pending.allSatisfy(store.isDurable))
                default:
                    pending.append(try CrashWorkload.commitNextDeferred(to: store, seed: seed, shape: shape).ticket)
                }
                let (contents, mismatches) = try store.read { try CrashWorkload.contents(of: $0) }
                XCTAssertEqual(mismatches, [])
                XCTAssertNil(CrashWorkload.differences(expected: CrashWorkload.model(seed: seed, through: k, shape: shape), actual: contents))
            }
            XCTAssertTrue(try store.verify().isValid)
        }
        let recovered = try CrashHarness.inspect(path: path)
        XCTAssertEqual(recovered.counter, 60, "closing makes every commit durable")
        XCTAssertTrue(recovered.report.isValid)
    }

    /// The callback and `async` waits: many tasks await their own commits without blocking the
    /// concurrency pool; every commit is durable when its wait returns.
    func testAsyncAndCallbackWaits() async throws {
        let directory = CrashHarness.scratchDirectory("group-async")
        defer { removeDirectory(directory) }
        let store = try Store(path: directory + "/async.fief")
        try store.write { try $0.createTree("t") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for i in 0..<10 {
                        let txn = try store.beginWrite()
                        try txn.tree("t")!.put(key(task * 100 + i), [UInt8(i)])
                        let ticket = try txn.commitDeferringSync()
                        try await store.waitUntilDurable(ticket)
                        XCTAssertTrue(store.isDurable(ticket))
                    }
                }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(try store.read { try $0.tree("t")?.count }, 160)

        let txn = try store.beginWrite()
        try txn.tree("t")!.put(key(9999), [1])
        let ticket = try txn.commitDeferringSync()
        let outcome = await withCheckedContinuation { continuation in
            store.waitUntilDurable(ticket) { continuation.resume(returning: $0) }
        }
        XCTAssertNoThrow(try outcome.get())
        XCTAssertTrue(store.isDurable(ticket))
    }

    /// A failed sync fails every wait it did not cover, with the sync's error, and poisons the
    /// store: later transactions fail with `needsReopen`. Commits made durable before the failure
    /// stay acknowledged, and a reopen finds at least them.
    func testFailedSyncFailsUncoveredWaitersAndPoisonsTheStore() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/poison.fief"
        let file = try FaultInjectingFile(path: path)
        let store = try Store(file: file)
        try store.write { try $0.createTree("t").put(key(0), [0]) }
        func commitDeferred(_ i: Int) throws -> CommitTicket {
            let txn = try store.beginWrite()
            try txn.tree("t")!.put(key(i), [UInt8(i)])
            return try txn.commitDeferringSync()
        }
        let durable = try commitDeferred(1)
        try store.waitUntilDurable(durable)
        let pending = try (2...5).map(commitDeferred)

        file.failsSyncs = true
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: pending.count) { i in
            do {
                try store.waitUntilDurable(pending[i])
                failures.add("the wait for \(pending[i]) succeeded although every sync fails")
            } catch let error as StorageError {
                guard case let .io(operation, _, errno) = error, operation.hasPrefix("sync"), errno == EIO else {
                    return failures.add("the wait for \(pending[i]) failed with \(error), not the sync's error")
                }
            } catch {
                failures.add("untyped error \(error)")
            }
        }
        XCTAssertEqual(failures.all, [])
        XCTAssertNoThrow(try store.waitUntilDurable(durable), "a commit durable before the failure stays durable")
        let outcome = DispatchSemaphore(value: 0)
        let callbackFailed = Flag()
        store.waitUntilDurable(pending[0]) { result in
            if case .failure = result { callbackFailed.set() }
            outcome.signal()
        }
        outcome.wait()
        XCTAssertTrue(callbackFailed.isSet)
        XCTAssertThrowsError(try store.beginWrite()) { XCTAssertEqual($0 as? StorageError, .needsReopen(path: path)) }
        XCTAssertThrowsError(try store.beginRead()) { XCTAssertEqual($0 as? StorageError, .needsReopen(path: path)) }

        // After a power loss the store opens at a version with at least the durable commit.
        var random = SeededRandom(seed: 5)
        for policy in [FaultInjectingFile.PowerLossPolicy.nothing, .everything, .random(&random)] {
            let imagePath = directory + "/image.fief"
            try? FileManager.default.removeItem(atPath: imagePath)
            XCTAssertTrue(FileManager.default.createFile(atPath: imagePath, contents: Data(file.powerLossImage(policy, random: &random))))
            let reopened = try Store(path: imagePath)
            let count = try reopened.read { try $0.tree("t")?.count } ?? 0
            XCTAssertGreaterThanOrEqual(count, 2, "\(policy)")
            XCTAssertTrue(try reopened.verify().isValid, "\(policy)")
        }
        withExtendedLifetime(store) {}
    }

    /// A failed write of a deferred commit's pages (a full disk) fails that commit only; the
    /// commits before it can still be made durable, and the window restarts after the skipped id.
    func testFailedDeferredCommitLeavesEarlierOnesToSync() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let file = try FaultInjectingFile(path: directory + "/full.fief")
        let store = try Store(file: file)
        try store.write { try $0.createTree("t").put(key(0), [0]) }
        let first = try store.beginWrite()
        try first.tree("t")!.put(key(1), [1])
        let ticket = try first.commitDeferringSync()
        file.byteBudget = try file.size() + 8192
        let big = try store.beginWrite()
        for i in 0..<200 { try big.tree("t")!.put(key(100 + i), [UInt8](repeating: 7, count: 900)) }
        XCTAssertThrowsError(try big.commitDeferringSync()) { XCTAssertEqual($0 as? StorageError, .diskFull(path: file.path)) }
        file.byteBudget = nil
        let after = try store.beginWrite()
        try after.tree("t")!.put(key(2), [2])
        let last = try after.commitDeferringSync()
        try store.waitUntilDurable(last)
        XCTAssertTrue(store.isDurable(ticket))
        var random = SeededRandom(seed: 2)
        let image = file.powerLossImage(.nothing, random: &random)
        let imagePath = directory + "/image.fief"
        XCTAssertTrue(FileManager.default.createFile(atPath: imagePath, contents: Data(image)))
        let recovered = try CrashHarness.inspect(path: imagePath)
        XCTAssertTrue(recovered.report.isValid, "\(recovered.report)")
        XCTAssertEqual(recovered.contents["t"]?.count, 3)
        withExtendedLifetime(store) {}
    }

    /// Deferred commits that no one waits for: once many pages wait for a sync, the store starts
    /// a group sync by itself (on its own thread), so freed pages become reusable.
    func testUnwaitedCommitsGetSyncedByTheStore() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let file = try FaultInjectingFile(path: directory + "/unwaited.fief")
        let store = try Store(file: file)
        try store.write { try $0.createTree("t") }
        let started = DispatchSemaphore(value: 0)
        file.duringSync = { started.signal() }
        var last: CommitTicket?
        var commits = 0
        // About four pages per commit, none reusable before a sync: 1,024 waiting pages come
        // after a few hundred commits.
        while commits < 5000, started.wait(timeout: .now()) == .timedOut {
            let txn = try store.beginWrite()
            try txn.tree("t")!.put(key(commits), [UInt8(truncatingIfNeeded: commits)])
            last = try txn.commitDeferringSync()
            commits += 1
        }
        // A guard against a hang, never a measure of speed.
        if commits == 5000 { XCTAssertEqual(started.wait(timeout: .now() + 60), .success, "no sync started by itself") }
        XCTAssertGreaterThan(commits, 100, "a sync started before many pages waited")
        file.duringSync = nil
        try store.waitUntilDurable(last!)
        XCTAssertEqual(try store.read { try $0.tree("t")?.count }, commits)
        XCTAssertTrue(try store.verify().isValid)
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
