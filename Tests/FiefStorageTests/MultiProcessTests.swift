#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CrashWorkload
import Foundation
import XCTest
@testable import FiefStorage

/// Several processes on one store at once (FORMAT.md, section 11): `fief-crash-writer --shared`
/// children (Tests/CrashWriter/SharedWorker.swift) and this process write and read together,
/// and `SharedWorkload.check` verifies every version anyone reads.
final class MultiProcessTests: XCTestCase {
    /// A worker process and the last count it acknowledged, read on a thread of its own.
    final class Worker: @unchecked Sendable {
        let id: Int
        let process = Process()
        let stderrPath: String
        private let lock = NSLock()
        private var acknowledged: UInt64 = 0
        private var finished = false

        init(writer: String, path: String, id: Int, rounds: Int, mode: String, directory: String) throws {
            self.id = id
            stderrPath = directory + "/worker-\(id)-\(UUID().uuidString).stderr"
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
            process.executableURL = URL(fileURLWithPath: writer)
            process.arguments = ["--shared", path, String(id), String(rounds), mode]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let fd = output.fileHandleForReading.fileDescriptor
            Thread.detachNewThread { [self] in
                var reader = CrashHarness.LineReader(fd: fd)
                while case let .line(line) = reader.next(timeoutMilliseconds: 300_000) {
                    lock.withLock {
                        if line.hasPrefix("ACK "), let n = UInt64(line.dropFirst(4)) { acknowledged = max(acknowledged, n) }
                        if line == "DONE" { finished = true }
                    }
                }
                try? output.fileHandleForReading.close()
            }
        }

        /// The highest count the worker said it committed.
        var lastAcknowledged: UInt64 { lock.withLock { acknowledged } }
        /// Whether it printed `DONE`.
        var isDone: Bool { lock.withLock { finished } }
        var errors: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

        func kill() {
            if process.isRunning { sendSIGKILL(process.processIdentifier) }
            process.waitUntilExit()
        }

        /// Waits for the worker to exit by itself, at most `seconds`.
        func waitForExit(seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if process.isRunning { return false }
            process.waitUntilExit()
            return true
        }
    }

    static var readOnly: StorageOptions {
        var options = StorageOptions()
        options.readOnly = true
        return options
    }

    /// Checks the store as a new process would see it; returns the counts.
    private func checkStore(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Int: UInt64] {
        let store = try Store(path: path, options: MultiProcessTests.readOnly)
        return try store.read { try SharedWorkload.check($0) }
    }

    /// Four processes with different durability modes and this one write the same store at
    /// once while readers everywhere check each version they read; no update is lost.
    func testProcessesWriteAndReadTogether() throws {
        let writer = try CrashHarness.locateWriter()
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/shared.fief"
        let rounds = 120
        let workers = try ["full", "group", "relaxed", "full"].enumerated().map {
            try Worker(writer: writer, path: path, id: $0.offset, rounds: rounds, mode: $0.element, directory: dir)
        }
        defer { workers.forEach { $0.kill() } }
        let store = try Store(path: path)
        var local: UInt64 = 0
        var checks = 0
        while workers.contains(where: { $0.process.isRunning }) || local < 40 {
            if local < 40 {
                local = try store.write { try SharedWorkload.writeNext($0, worker: 9) }
            }
            _ = try store.read { try SharedWorkload.check($0) }
            checks += 1
            if local >= 40 { Thread.sleep(forTimeInterval: 0.01) }
        }
        for worker in workers {
            XCTAssertTrue(worker.waitForExit(seconds: 120), "worker \(worker.id) did not finish")
            XCTAssertEqual(worker.process.terminationStatus, 0, "worker \(worker.id): \(worker.errors)")
            XCTAssertTrue(worker.isDone, "worker \(worker.id) stopped early: \(worker.errors)")
        }
        let counts = try store.read { try SharedWorkload.check($0) }
        XCTAssertEqual(counts, [0: UInt64(rounds), 1: UInt64(rounds), 2: UInt64(rounds), 3: UInt64(rounds), 9: 40])
        XCTAssertGreaterThan(checks, 0)
    }

    /// Processes are killed with SIGKILL at random moments, the writer lease or a reader slot
    /// in hand or not: the others go on without waiting for them, nothing a killed process
    /// acknowledged is lost, and every version checks out.
    func testKillingProcessesAtRandomMoments() throws {
        let writer = try CrashHarness.locateWriter()
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/killed.fief"
        var random = SeededRandom(seed: 0x5EED_0017)
        let iterations = CrashHarness.iterations(share: 0.1)
        var acknowledged: [Int: UInt64] = [:]
        for iteration in 0..<iterations {
            let modes = ["full", "group", "relaxed"]
            let workers = try (0..<3).map {
                try Worker(writer: writer, path: path, id: $0, rounds: 1_000_000,
                           mode: modes[Int(random.next() % 3)], directory: dir)
            }
            defer { workers.forEach { $0.kill() } }
            Thread.sleep(forTimeInterval: 0.03 + Double(random.next() % 220) / 1000)
            let victim = workers[Int(random.next() % 3)]
            victim.kill()
            // The others must go on: the victim's lease and slot are released by its death.
            let survivors = workers.filter { $0 !== victim && $0.process.isRunning }
            let before = survivors.map(\.lastAcknowledged)
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, !zip(survivors, before).contains(where: { $0.lastAcknowledged > $1 }) {
                Thread.sleep(forTimeInterval: 0.005)
            }
            XCTAssertTrue(survivors.isEmpty || zip(survivors, before).contains { $0.lastAcknowledged > $1 },
                          "iteration \(iteration): no process committed for 30 s after worker \(victim.id) was killed: "
                          + survivors.map(\.errors).joined(separator: " | "))
            Thread.sleep(forTimeInterval: Double(random.next() % 100) / 1000)
            workers.forEach { $0.kill() }
            for worker in workers {
                XCTAssertTrue(worker.errors.isEmpty, "iteration \(iteration), worker \(worker.id): \(worker.errors)")
                acknowledged[worker.id] = max(acknowledged[worker.id] ?? 0, worker.lastAcknowledged)
            }
            let counts = try checkStore(path)
            for (id, count) in acknowledged {
                XCTAssertGreaterThanOrEqual(counts[id] ?? 0, count, "iteration \(iteration): worker \(id) lost acknowledged commits")
            }
        }
        XCTAssertGreaterThan(acknowledged.values.reduce(0, +), 0, "no process ever committed")
    }

    /// A read-only open in one process while others write: its snapshots stay consistent.
    func testReadOnlyOpenWhileOthersWrite() throws {
        let writer = try CrashHarness.locateWriter()
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/readonly.fief"
        try Store(path: path).write { _ = try SharedWorkload.writeNext($0, worker: 5) }
        let workers = try (0..<2).map { try Worker(writer: writer, path: path, id: $0, rounds: 150, mode: "full", directory: dir) }
        defer { workers.forEach { $0.kill() } }
        let store = try Store(path: path, options: MultiProcessTests.readOnly)
        var versions = Set<UInt64>()
        var held: [(Transaction, [Int: UInt64])] = []
        while workers.contains(where: { $0.process.isRunning }) {
            let txn = try store.beginRead()
            versions.insert(txn.version)
            held.append((txn, try SharedWorkload.check(txn)))
            if held.count > 4 {
                let (old, counts) = held.removeFirst()
                XCTAssertEqual(try SharedWorkload.check(old), counts, "version \(old.version) changed under its reader")
                old.abort()
            }
        }
        for worker in workers { XCTAssertEqual(worker.process.terminationStatus, 0, worker.errors) }
        held.forEach { $0.0.abort() }
        XCTAssertEqual(try store.read { try SharedWorkload.check($0) }, [0: 150, 1: 150, 5: 1])
        XCTAssertGreaterThan(versions.count, 1, "the reader never saw another process's commit")
    }
}

/// `kill(pid, SIGKILL)` (a free function: `Worker.kill()` hides the C one inside the class).
private func sendSIGKILL(_ pid: pid_t) {
    kill(pid, SIGKILL)
}
