import CrashWorkload
import Foundation
import XCTest
@testable import FiefStorage

/// Power-loss scenarios for group commit: deferred-sync commits, durability waits, normal
/// commits and `sync()` mixed at random on a ``FaultInjectingFile`` that loses power at a chosen
/// write, sync or truncate. Every image a disk could hold afterwards must open at a commit no
/// older than the newest one acknowledged durable (a wait that returned, a full commit, a
/// `sync()`), no newer than the newest committed, with exactly that commit's content.
///
/// Scenarios: as in PowerLossTests (`FIEF_POWERLOSS_SCENARIOS`, `FIEF_POWERLOSS_ONLY=<seed>`).
final class GroupCommitPowerLossTests: XCTestCase {
    func testPowerLossWithGroupCommit4K() throws {
        try GroupPowerLoss.runScenarios(name: "group-4096", pageSize: 4096, relaxed: false, baseSeed: 0x6C_4096)
    }

    /// 512-byte pages: a meta page lists at most 36 ranges, so group syncs often overflow it and
    /// take the sync-first path.
    func testPowerLossWithGroupCommit512() throws {
        try GroupPowerLoss.runScenarios(name: "group-512", pageSize: 512, relaxed: false, baseSeed: 0x6C_0512)
    }

    /// The store's normal commits use relaxed durability; deferred ones mix in.
    func testPowerLossWithGroupCommitRelaxed() throws {
        try GroupPowerLoss.runScenarios(name: "group-relaxed-1024", pageSize: 1024, relaxed: true, baseSeed: 0x6C_1024)
    }

    /// The same for an encrypted store: the leader of each group sync writes an encrypted meta
    /// page, and overflowing lists (a smaller meta capacity) take the sync-first path.
    func testPowerLossWithGroupCommitEncrypted512() throws {
        try GroupPowerLoss.runScenarios(name: "group-encrypted-512", pageSize: 512, relaxed: false, baseSeed: 0x6C_E512,
                                        encrypted: true)
    }

    func testPowerLossWithGroupCommitEncryptedRelaxed() throws {
        try GroupPowerLoss.runScenarios(name: "group-encrypted-relaxed-1024", pageSize: 1024, relaxed: true,
                                        baseSeed: 0x6C_EE24, encrypted: true)
    }

    /// Four threads group-commit while the power fails at a random operation (every third
    /// scenario on an encrypted store).
    func testPowerLossWithConcurrentGroupCommitters() throws {
        let count = max(10, PowerLossHarness.scenarioCount / 3)
        var failures = 0
        var coverage = PowerLossHarness.Coverage()
        for scenario in 0..<UInt64(count) where failures < 3 {
            let seed = CrashWorkload.mix(0x6C_7EAD &+ scenario)
            let failure: String?
            do { failure = try GroupPowerLoss.runThreadedScenario(seed: seed, pageSize: scenario % 2 == 0 ? 4096 : 512,
                                                                  encrypted: scenario % 3 == 2, coverage: &coverage) } catch {
                failure = "unexpected error: \(error)"
            }
            if let failure {
                XCTFail("[group power loss, threads, scenario seed \(seed)] \(failure)")
                failures += 1
            }
        }
        print("group power loss, threads: \(coverage)")
    }
}

/// Scenario runners for the group-commit power-loss tests.
enum GroupPowerLoss {
    static let shape = PowerLossHarness.shape

    static func runScenarios(name: String, pageSize: Int, relaxed: Bool, baseSeed: UInt64, encrypted: Bool = false,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        try PowerLossHarness.runScenarios(name: name, baseSeed: baseSeed, expectTruncates: false, expectOlderThanAcked: true,
                                          file: file, line: line) { seed, coverage in
            try runScenario(seed: seed, pageSize: pageSize, relaxed: relaxed, encrypted: encrypted, coverage: &coverage)
        }
    }

    /// One deterministic scenario on one thread. Returns a description of the first failure.
    static func runScenario(seed: UInt64, pageSize: Int, relaxed: Bool, encrypted: Bool = false,
                            coverage: inout PowerLossHarness.Coverage) throws -> String? {
        var random = SeededRandom(seed: seed)
        let directory = CrashHarness.scratchDirectory("group-powerloss")
        defer { removeDirectory(directory) }
        let liveFile = try FaultInjectingFile(path: directory + "/live.fief")
        let store = try Store(file: liveFile, options: PowerLossHarness.options(pageSize: pageSize, relaxed: relaxed,
                                                                                encrypted: encrypted))
        defer { withExtendedLifetime(store) {} }

        let warmup = Int(random.next() % 12)
        let crashAt = 1 + Int(random.next() % ([40, 200, 800][Int(random.next() % 3)]))
        // How often the scenario waits: rarely (long groups, overflowing lists) or often.
        let waitPercent = [10, 30, 60][Int(random.next() % 3)]
        var steps = ["\(warmup) warm-up transactions, power loss at operation \(crashAt), waits \(waitPercent)%"]
        var models: [CrashWorkload.Model] = [[:]]
        var tickets: [CommitTicket] = []
        var acknowledged: UInt64 = 0
        var interrupted: CrashWorkload.Model?
        var crashedIn = "nowhere (power lost at rest)"
        // Sometimes a reader pins a version (deferred commits keep coming): its snapshot must
        // still show exactly that version when it lets go, and freed pages wait for it.
        let readerPercent = [0, 20][Int(random.next() % 2)]
        var reader: (txn: Transaction, version: Int)?
        defer { reader?.txn.abort() }

        running: while models.count <= warmup + 80 {
            let k = UInt64(models.count)
            if k == UInt64(warmup) + 1 { liveFile.armCrash(atOperation: crashAt) }
            if let pinned = reader, random.next() % 100 < 15 {
                let (seen, mismatches) = try CrashWorkload.contents(of: pinned.txn)
                if let difference = CrashWorkload.differences(expected: models[pinned.version], actual: seen)
                    ?? (mismatches.isEmpty ? nil : "\(mismatches)") {
                    return "a reader pinned at commit \(pinned.version) saw other content before step \(k): \(difference)"
                }
                pinned.txn.abort()
                reader = nil
            } else if reader == nil, Int(random.next() % 100) < readerPercent, !liveFile.hasCrashed {
                reader = (try store.beginRead(), models.count - 1)
            }
            let roll = Int(random.next() % 100)
            do {
                if roll < waitPercent, !tickets.isEmpty {
                    // Wait for a random earlier commit (most often the newest).
                    let index = random.next() % 2 == 0 ? tickets.count - 1 : Int(random.next() % UInt64(tickets.count))
                    try store.waitUntilDurable(tickets[index])
                    acknowledged = max(acknowledged, UInt64(index + 1))
                    continue
                }
                if roll >= 95 {
                    try store.sync()
                    acknowledged = k - 1
                    continue
                }
                var next = models.last!
                CrashWorkload.apply(CrashWorkload.operations(seed: seed, transaction: k, shape: shape), to: &next)
                if roll >= 80 {
                    interrupted = next
                    try store.write { try CrashWorkload.apply(CrashWorkload.operations(seed: seed, transaction: k, shape: shape), to: $0) }
                    interrupted = nil
                    tickets.append(CommitTicket(version: store.latestVersion, environment: ObjectIdentifier(store.env)))
                    if !relaxed { acknowledged = k }
                } else {
                    let (number, ticket) = try CrashWorkload.commitNextDeferred(to: store, seed: seed, shape: shape)
                    guard number == k else { return "committed transaction \(number), expected \(k)" }
                    tickets.append(ticket)
                }
                models.append(next)
            } catch {
                guard liveFile.hasCrashed else { return "step \(k) failed before any power loss: \(error)" }
                crashedIn = "step after commit \(k - 1)"
                coverage.crashesInCommit += 1
                break running
            }
        }
        if !liveFile.hasCrashed { coverage.noCrash += 1 }
        coverage.scenarios += 1
        let lastCommitted = UInt64(models.count - 1)
        steps.append("power lost in \(crashedIn); acknowledged durable through \(acknowledged), committed \(lastCommitted)")
        return try PowerLossHarness.checkImages(liveFile, directory: directory, seed: seed, encrypted: encrypted,
                               models: models, interrupted: interrupted,
                               lowest: acknowledged, highest: lastCommitted + (interrupted == nil ? 0 : 1),
                               steps: steps, random: &random, coverage: &coverage)
    }

    /// Four threads commit the next workload transaction with deferred syncs and wait for it;
    /// the power fails at a random operation.
    static func runThreadedScenario(seed: UInt64, pageSize: Int, encrypted: Bool = false,
                                    coverage: inout PowerLossHarness.Coverage) throws -> String? {
        var random = SeededRandom(seed: seed)
        let directory = CrashHarness.scratchDirectory("group-powerloss-threads")
        defer { removeDirectory(directory) }
        let liveFile = try FaultInjectingFile(path: directory + "/live.fief")
        let store = try Store(file: liveFile, options: PowerLossHarness.options(pageSize: pageSize, relaxed: false,
                                                                                encrypted: encrypted))
        defer { withExtendedLifetime(store) {} }
        liveFile.armCrash(atOperation: 1 + Int(random.next() % 300))
        let log = AcknowledgementLog()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<25 {
                do {
                    let (k, ticket) = try CrashWorkload.commitNextDeferred(to: store, seed: seed, shape: shape)
                    log.committed(k)
                    try store.waitUntilDurable(ticket)
                    log.acknowledged(k)
                } catch {
                    if !liveFile.hasCrashed { log.unexpected("\(error)") }
                    return
                }
            }
        }
        if let unexpected = log.firstUnexpected { return "a thread failed before any power loss: \(unexpected)" }
        coverage.scenarios += 1
        if liveFile.hasCrashed { coverage.crashesInCommit += 1 } else { coverage.noCrash += 1 }
        var replay = CrashHarness.Replay(seed: seed, shape: shape)
        let models = (0...log.highestCommitted).map { replay.model(at: $0) }
        return try PowerLossHarness.checkImages(liveFile, directory: directory, seed: seed, encrypted: encrypted,
                               models: models, interrupted: nil,
                               lowest: log.highestAcknowledged, highest: log.highestCommitted,
                               steps: ["4 threads\(encrypted ? ", encrypted" : ""), acknowledged \(log.highestAcknowledged), committed \(log.highestCommitted)"],
                               random: &random, coverage: &coverage)
    }
}

/// What the threads of a scenario committed and had acknowledged.
final class AcknowledgementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var committedMax: UInt64 = 0
    private var acknowledgedMax: UInt64 = 0
    private var errors: [String] = []

    func committed(_ k: UInt64) { lock.lock(); committedMax = max(committedMax, k); lock.unlock() }
    func acknowledged(_ k: UInt64) { lock.lock(); acknowledgedMax = max(acknowledgedMax, k); lock.unlock() }
    func unexpected(_ message: String) { lock.lock(); errors.append(message); lock.unlock() }
    var highestCommitted: UInt64 { lock.lock(); defer { lock.unlock() }; return committedMax }
    var highestAcknowledged: UInt64 { lock.lock(); defer { lock.unlock() }; return acknowledgedMax }
    var firstUnexpected: String? { lock.lock(); defer { lock.unlock() }; return errors.first }
}
