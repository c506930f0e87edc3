import CrashWorkload
import Foundation
import XCTest
@testable import FiefStorage

/// Power-loss tests: a store runs on a ``FaultInjectingFile`` that "loses power" at a chosen write,
/// sync or truncate. From what was durable then, plus a random subset of the later writes (some
/// torn), the test builds the file a disk could hold after the power came back, opens it with a
/// normal `Store(path:)`, verifies it, and checks its content against the workload's model at
/// the commit it recovered. The recovered store must also accept a further commit.
///
/// Scenarios: `FIEF_POWERLOSS_SCENARIOS` per test (default 90, 120 when `CI=true`); each failure
/// names its scenario seed, and `FIEF_POWERLOSS_ONLY=<seed>` reruns just that scenario.
final class PowerLossTests: XCTestCase {
    func testPowerLossWithFullDurability4K() throws {
        try PowerLossHarness.runScenarios(name: "full-4096", pageSize: 4096, relaxed: false, baseSeed: 0xF0_4096)
    }

    func testPowerLossWithFullDurability512() throws {
        try PowerLossHarness.runScenarios(name: "full-512", pageSize: 512, relaxed: false, baseSeed: 0xF0_0512)
    }

    func testPowerLossWithRelaxedDurability4K() throws {
        try PowerLossHarness.runScenarios(name: "relaxed-4096", pageSize: 4096, relaxed: true, baseSeed: 0x8E_4096)
    }

    func testPowerLossWithRelaxedDurability512() throws {
        try PowerLossHarness.runScenarios(name: "relaxed-512", pageSize: 512, relaxed: true, baseSeed: 0x8E_0512)
    }

    /// Two stores sharing the file as two processes would (a lock file; each commit, sync and
    /// reader from either): the writer lease's hand-overs keep every guarantee.
    func testPowerLossWithTwoProcessesFullDurability() throws {
        try PowerLossHarness.runScenarios(name: "two-processes-full-4096", pageSize: 4096, relaxed: false, baseSeed: 0x2F_4096,
                                          processes: 2)
    }

    func testPowerLossWithTwoProcessesRelaxedDurability() throws {
        try PowerLossHarness.runScenarios(name: "two-processes-relaxed-512", pageSize: 512, relaxed: true, baseSeed: 0x2E_0512,
                                          processes: 2)
    }

    func testPowerLossWithTwoProcessesEncrypted() throws {
        try PowerLossHarness.runScenarios(name: "two-processes-encrypted-relaxed-512", pageSize: 512, relaxed: true,
                                          baseSeed: 0x2C_0512, encrypted: true, processes: 2)
    }

    /// The same for an encrypted store.
    func testPowerLossEncryptedFullDurability512() throws {
        try PowerLossHarness.runScenarios(name: "encrypted-full-512", pageSize: 512, relaxed: false, baseSeed: 0xE0_0512,
                                          encrypted: true)
    }

    func testPowerLossEncryptedRelaxedDurability512() throws {
        try PowerLossHarness.runScenarios(name: "encrypted-relaxed-512", pageSize: 512, relaxed: true, baseSeed: 0x8E_0512,
                                          encrypted: true)
    }

    /// Regression (found by the relaxed scenarios): with relaxed durability a commit gives the
    /// file's free tail back (ftruncate) before the commit is durable, and nothing orders that
    /// truncate before the commit's meta page write. After a power loss the file can then be
    /// shorter than the page count of the version recovery falls back to. Only free pages lie past
    /// the end, so that version must open, verify cleanly, and take new commits. (Before the
    /// verifier learned this, it reported "the file holds N pages but version V uses M" and
    /// free-list pages outside the file.)
    func testRelaxedTailTruncationIsSafeAcrossPowerLoss() throws {
        let directory = CrashHarness.scratchDirectory("truncate")
        defer { removeDirectory(directory) }
        let file = try FaultInjectingFile(path: directory + "/live.fief")
        let store = try Store(file: file, options: PowerLossHarness.options(pageSize: 4096, relaxed: true))
        // Version 1 fills about 50 pages; version 2 empties the tree again.
        try store.write { txn in
            let tree = try txn.createTree("t")
            for i in 0..<200 { try tree.put(key(i), [UInt8](repeating: UInt8(i % 256), count: 900)) }
        }
        try store.sync()
        try store.write { txn in
            for i in 0..<200 { try txn.tree("t")!.delete(key(i)) }
        }
        // Small commits, each made durable by sync(), until one gives the free tail back. (Pages
        // freed by version v are reused, or trimmed, only once v is durable.)
        var durableVersion: UInt64 = 0
        var durableContent: [UInt8]?
        var truncated = false
        for i in 0..<6 where !truncated {
            try store.sync()
            durableVersion = store.latestVersion
            durableContent = try store.read { try $0.tree("t")!.get(key(1)) }
            let truncatesBefore = file.completedTruncates
            try store.write { txn in try txn.tree("t")!.put(key(1), [UInt8(i)]) }
            truncated = file.completedTruncates > truncatesBefore
        }
        XCTAssertTrue(truncated, "precondition: a small commit after the mass delete shrinks the file")

        // The power fails before the next sync: the truncate reached the disk, the last commit's
        // page and meta writes did not.
        var random = SeededRandom(seed: 3)
        let policy = FaultInjectingFile.PowerLossPolicy(persistPercent: 0, tearPercent: 0, truncatePercent: 100,
                                                        lostWritesExtendFile: false)
        let image = file.powerLossImage(policy, random: &random)
        let imagePath = directory + "/after-power-loss.fief"
        XCTAssertTrue(FileManager.default.createFile(atPath: imagePath, contents: Data(image)))
        let recovered = try CrashHarness.inspect(path: imagePath)
        XCTAssertEqual(recovered.report.version, durableVersion, "recovery should fall back to the last synced version")
        XCTAssertTrue(recovered.report.isValid,
                      "version \(durableVersion) after a power loss that kept only the next commit's truncate: \(recovered.report)")
        XCTAssertEqual(recovered.contents["t"]?[key(1)], durableContent)
        withExtendedLifetime(store) {}

        // The recovered store takes a commit that reuses the pages past the end of the file.
        let reopened = try Store(path: imagePath)
        try reopened.write { txn in
            let tree = try txn.createTree("t")
            for i in 0..<100 { try tree.put(key(i), [UInt8](repeating: 7, count: 900)) }
        }
        let report = try reopened.verify()
        XCTAssertTrue(report.isValid, "after a commit on the recovered store: \(report)")
        XCTAssertEqual(try reopened.read { try $0.tree("t")?.count }, 100)
    }

    /// The fault-injecting file itself: what it calls durable, and the images it builds.
    func testFaultInjectingFileModelsDurableState() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let file = try FaultInjectingFile(path: directory + "/model.bin")
        func write(_ byte: UInt8, count: Int, at offset: UInt64) throws {
            let bytes = [UInt8](repeating: byte, count: count)
            try bytes.withUnsafeBytes { try file.write($0, at: offset) }
        }
        try write(1, count: 1024, at: 0)
        try file.sync()
        try write(2, count: 1024, at: 512)
        try file.truncate(to: 1000)
        XCTAssertEqual(file.durableImage, [UInt8](repeating: 1, count: 1024))
        XCTAssertEqual(file.pendingOperations.count, 2)
        var random = SeededRandom(seed: 1)
        XCTAssertEqual(file.powerLossImage(.nothing, random: &random), [UInt8](repeating: 1, count: 1024))
        let everything = file.powerLossImage(.everything, random: &random)
        XCTAssertEqual(everything, try file.currentImage())
        XCTAssertEqual(everything, [UInt8](repeating: 1, count: 512) + [UInt8](repeating: 2, count: 488))
        // Torn writes keep whole sectors or a prefix, never anything else.
        let torn = FaultInjectingFile.PowerLossPolicy(persistPercent: 100, tearPercent: 100, truncatePercent: 0,
                                                      lostWritesExtendFile: false)
        for _ in 0..<50 {
            let image = file.powerLossImage(torn, random: &random)
            XCTAssertEqual(Array(image.prefix(512)), [UInt8](repeating: 1, count: 512))
            let tail = Array(image.dropFirst(512))
            let twos = tail.prefix { $0 == 2 }.count
            let isPrefix = tail.dropFirst(twos).allSatisfy { $0 == 1 }
            let isSectors = tail.count <= 1024 && [tail.prefix(512), tail.dropFirst(512)].allSatisfy {
                $0.allSatisfy { $0 == 1 } || $0.allSatisfy { $0 == 2 }
            }
            XCTAssertTrue(isPrefix || isSectors, "unexpected torn image")
        }
        // A crash: the armed operation and every later one fail.
        file.armCrash(atOperation: 2)
        try write(3, count: 10, at: 0)
        XCTAssertThrowsError(try file.sync())
        XCTAssertTrue(file.hasCrashed)
        XCTAssertThrowsError(try write(4, count: 10, at: 0))
        XCTAssertEqual(file.completedSyncs, 1)
    }

    /// A full disk fails the commit with `diskFull`, leaves the store usable at the previous
    /// version (a smaller commit then succeeds), and a reopen shows the previous version intact.
    func testDiskFullRollsBackAndStoreStaysUsable() throws {
        for (pageSize, relaxed) in [(4096, false), (512, true), (1024, false)] {
            try diskFullScenario(pageSize: pageSize, relaxed: relaxed)
        }
    }

    private func diskFullScenario(pageSize: Int, relaxed: Bool) throws {
        let context = "[disk full: page size \(pageSize), \(relaxed ? "relaxed" : "full") durability]"
        let directory = CrashHarness.scratchDirectory("diskfull\(pageSize)")
        defer { removeDirectory(directory) }
        let path = directory + "/full.fief"
        let shape = PowerLossHarness.shape
        let seed: UInt64 = 0xD15C_F011 &+ UInt64(pageSize)
        var model = CrashWorkload.Model()
        var k: UInt64 = 0
        do {
            let file = try FaultInjectingFile(path: path)
            let store = try Store(file: file, options: PowerLossHarness.options(pageSize: pageSize, relaxed: relaxed))
            while k < 25 {
                k += 1
                let operations = CrashWorkload.operations(seed: seed, transaction: k, shape: shape)
                try store.write { try CrashWorkload.apply(operations, to: $0) }
                CrashWorkload.apply(operations, to: &model)
            }
            let versionBefore = store.latestVersion
            file.byteBudget = try file.size() + 48 * 1024

            // A commit far larger than the budget: 96 incompressible values of 4 KiB.
            var random = SeededRandom(seed: seed)
            XCTAssertThrowsError(try store.write { txn in
                let tree = try txn.createTree("big")
                for i in 0..<96 {
                    try tree.put(key(i), (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) })
                }
                try CrashWorkload.apply([.put(tree: CrashWorkload.commitTree, key: CrashWorkload.counterKey,
                                              value: CrashWorkload.encodeCounter(k + 1))], to: txn)
            }, "\(context) the oversized commit succeeded despite the byte budget") { error in
                XCTAssertEqual(error as? StorageError, .diskFull(path: path), "\(context) wrong error: \(error)")
            }

            // The store stays at the previous version and is readable.
            XCTAssertEqual(store.latestVersion, versionBefore, context)
            let (contents, mismatches) = try store.read { try CrashWorkload.contents(of: $0) }
            XCTAssertEqual(mismatches, [], context)
            XCTAssertNil(CrashWorkload.differences(expected: model, actual: contents), "\(context) after diskFull")
            let report = try store.verify()
            XCTAssertTrue(report.isValid, "\(context) verify after diskFull: \(report)")

            // A process crash right now (everything written survives) recovers the previous version.
            let copy = directory + "/copy.fief"
            XCTAssertTrue(FileManager.default.createFile(atPath: copy, contents: Data(try file.currentImage())), context)
            let recovered = try CrashHarness.inspect(path: copy)
            XCTAssertTrue(recovered.report.isValid, "\(context) reopen after diskFull: \(recovered.report)")
            XCTAssertEqual(recovered.counter, k, context)
            XCTAssertNil(CrashWorkload.differences(expected: model, actual: recovered.contents), "\(context) reopen after diskFull")

            // A smaller commit fits in what is left.
            k += 1
            let small: [CrashWorkload.Operation] = [
                .put(tree: CrashWorkload.mainTree, key: CrashWorkload.key(7), value: Array("small".utf8)),
                .put(tree: CrashWorkload.commitTree, key: CrashWorkload.counterKey, value: CrashWorkload.encodeCounter(k)),
            ]
            XCTAssertNoThrow(try store.write { try CrashWorkload.apply(small, to: $0) }, "\(context) the small commit failed")
            CrashWorkload.apply(small, to: &model)
            let after = try store.read { try CrashWorkload.contents(of: $0) }.0
            XCTAssertNil(CrashWorkload.differences(expected: model, actual: after), "\(context) after the small commit")
            XCTAssertTrue(try store.verify().isValid, "\(context) verify after the small commit")
        }
        // Closed; a normal reopen shows the small commit.
        let reopened = try CrashHarness.inspect(path: path)
        XCTAssertTrue(reopened.report.isValid, "\(context) reopen: \(reopened.report)")
        XCTAssertEqual(reopened.counter, k, context)
        XCTAssertNil(CrashWorkload.differences(expected: model, actual: reopened.contents), "\(context) reopen")
    }
}

/// Runs power-loss scenarios and checks what survives them.
enum PowerLossHarness {
    /// A smaller workload than the SIGKILL tests: more scenarios in the same time.
    static let shape = CrashWorkload.Shape(keySpace: 240, smallOperations: 1...14, bulkOperations: 40...110,
                                           largeValueBytes: 2049...12_000, bulkPercent: 8, massDeletePercent: 8)

    /// Store options for a scenario. Relaxed durability never syncs on a timer (the interval is
    /// huge), only when the test calls `sync()` or the engine must, so scenarios are deterministic.
    static func options(pageSize: Int, relaxed: Bool, encrypted: Bool = false) -> StorageOptions {
        var options = StorageOptions()
        if encrypted { options.encryptionKey = CrashWorkload.encryptionKey }
        options.pageSize = pageSize
        options.durability = relaxed ? .relaxed(interval: 1e9) : .full
        return options
    }

    static var scenarioCount: Int {
        let environment = ProcessInfo.processInfo.environment
        return environment["FIEF_POWERLOSS_SCENARIOS"].flatMap { Int($0) } ?? (environment["CI"] == "true" ? 120 : 90)
    }

    /// Counts of what the scenarios exercised, to show (and check) coverage.
    struct Coverage: CustomStringConvertible {
        var scenarios = 0
        var crashesInCommit = 0
        var crashesInSync = 0
        var noCrash = 0
        var images = 0
        var recoveredInFlight = 0
        var recoveredOlderThanAcked = 0
        var pendingTruncates = 0
        var pendingWrites = 0
        /// Pages moved by tail relocation in the live stores, and power losses in a commit
        /// while a relocation pass was under way.
        var relocatedPages = 0
        var crashesWhileRelocating = 0

        var description: String {
            "\(scenarios) scenarios (\(crashesInCommit) crashes in a commit, \(crashesInSync) in sync(), \(noCrash) at rest), "
                + "\(images) images: \(recoveredInFlight) recovered the interrupted commit, \(recoveredOlderThanAcked) an "
                + "acknowledged but unsynced older one; \(pendingWrites) pending writes, \(pendingTruncates) pending truncates; "
                + "\(relocatedPages) pages relocated, \(crashesWhileRelocating) crashes while relocating"
        }
    }

    /// Runs the scenarios of one configuration, stopping after a few failures.
    @discardableResult
    static func runScenarios(name: String, pageSize: Int, relaxed: Bool, baseSeed: UInt64, encrypted: Bool = false,
                             processes: Int = 1, file: StaticString = #filePath, line: UInt = #line) throws -> Coverage {
        try runScenarios(name: name, baseSeed: baseSeed, expectTruncates: true, expectOlderThanAcked: relaxed,
                         file: file, line: line) { seed, coverage in
            try runScenario(seed: seed, pageSize: pageSize, relaxed: relaxed, encrypted: encrypted, processes: processes,
                            coverage: &coverage)
        }
    }

    /// Runs `scenario` for each scenario seed of `baseSeed` (or `FIEF_POWERLOSS_ONLY`), stopping
    /// after a few failures, and checks what the scenarios covered.
    @discardableResult
    static func runScenarios(name: String, baseSeed: UInt64, expectTruncates: Bool, expectOlderThanAcked: Bool,
                             file: StaticString, line: UInt,
                             _ scenario: (UInt64, inout Coverage) throws -> String?) throws -> Coverage {
        var seeds = (0..<UInt64(scenarioCount)).map { CrashWorkload.mix(baseSeed &+ $0) }
        if let only = ProcessInfo.processInfo.environment["FIEF_POWERLOSS_ONLY"].flatMap({ UInt64($0) }) { seeds = [only] }
        var coverage = Coverage()
        var failures = 0
        for seed in seeds {
            let failure: String?
            do { failure = try scenario(seed, &coverage) } catch {
                failure = "unexpected error: \(error)"
            }
            if let failure {
                XCTFail("[power loss \(name), scenario seed \(seed) — rerun with FIEF_POWERLOSS_ONLY=\(seed)] \(failure)",
                        file: file, line: line)
                failures += 1
                if failures >= 3 { break }
            }
        }
        print("power loss \(name): \(coverage)")
        if failures == 0 && seeds.count >= 40 {
            XCTAssertGreaterThan(coverage.crashesInCommit, 0, "coverage \(name): \(coverage)", file: file, line: line)
            XCTAssertGreaterThan(coverage.recoveredInFlight, 0, "coverage \(name): \(coverage)", file: file, line: line)
            if expectTruncates {
                XCTAssertGreaterThan(coverage.pendingTruncates, 0, "coverage \(name): \(coverage)", file: file, line: line)
            }
            if expectOlderThanAcked {
                XCTAssertGreaterThan(coverage.recoveredOlderThanAcked, 0, "coverage \(name): \(coverage)", file: file, line: line)
            }
        }
        return coverage
    }

    /// One scenario: some commits, a power loss at a random operation, then several possible
    /// disk states checked one by one. Returns a description of the first failure, or nil.
    ///
    /// With `processes` > 1, that many stores share the file through a lock file, as stores in
    /// as many processes would (FORMAT.md, section 11), and each commit, sync and reader uses
    /// one of them at random.
    static func runScenario(seed: UInt64, pageSize: Int, relaxed: Bool, encrypted: Bool = false, processes: Int = 1,
                            coverage: inout Coverage) throws -> String? {
        var random = SeededRandom(seed: seed)
        let directory = CrashHarness.scratchDirectory("powerloss")
        defer { removeDirectory(directory) }
        let liveFile = try FaultInjectingFile(path: directory + "/live.fief")
        let storeOptions = options(pageSize: pageSize, relaxed: relaxed, encrypted: encrypted)
        let stores = processes == 1 ? [try Store(file: liveFile, options: storeOptions)]
            : try (0..<processes).map { _ in
                try Store(file: liveFile, options: storeOptions, sharingThroughLockFileOf: directory + "/live.fief")
            }
        var store = stores[0]

        // models[k]: the content after commit k. syncsAtAck[k]: syncs completed when k returned.
        var models: [CrashWorkload.Model] = [[:]]
        var syncsAtAck: [Int] = [-1] // version 0 was synced when the file was created
        var interrupted: CrashWorkload.Model?
        var steps: [String] = []

        let r = random.next() % 10
        let warmup = r < 3 ? Int(random.next() % 4) : 4 + Int(random.next() % 37)
        let crashAt: Int
        var afterTruncate = false
        switch random.next() % 20 {
        case 0..<7: crashAt = 1 + Int(random.next() % 30)
        case 7..<12: crashAt = 1 + Int(random.next() % 300)
        case 12..<15: crashAt = 1 + Int(random.next() % 1500)
        default:
            // Soon after the file shrinks: the truncate is still pending when the power fails.
            crashAt = 1 + Int(random.next() % 40)
            afterTruncate = true
        }
        // sync() seals the newest meta (writes a twin listing no unsynced pages) in either mode.
        let syncPercent: UInt64 = relaxed ? [5, 15, 40][Int(random.next() % 3)] : [0, 5, 20][Int(random.next() % 3)]
        steps.append("\(warmup) warm-up commits, then power loss at operation \(crashAt)"
                     + (afterTruncate ? " after the next truncate" : "")
                     + ", sync() after \(syncPercent)% of commits")

        var k: UInt64 = 0
        var crashedIn = "nowhere (power lost at rest)"
        // Sometimes a reader pins a version for a while, so freed pages wait longer for reuse;
        // when it lets go, its snapshot must still show exactly that version.
        let readerPercent: UInt64 = [0, 0, 25][Int(random.next() % 3)]
        if readerPercent > 0 { steps.append("a reader pins a version before \(readerPercent)% of commits") }
        var reader: (txn: Transaction, version: UInt64)?
        defer { reader?.txn.abort() }

        running: while k < UInt64(warmup) + 80 {
            if k == UInt64(warmup) { liveFile.armCrash(atOperation: crashAt, afterNextTruncate: afterTruncate) }
            if let pinned = reader, random.next() % 100 < 20 {
                let (seen, mismatches) = try CrashWorkload.contents(of: pinned.txn)
                if let difference = CrashWorkload.differences(expected: models[Int(pinned.version)], actual: seen)
                    ?? (mismatches.isEmpty ? nil : "\(mismatches)") {
                    return "a reader pinned at commit \(pinned.version) saw other content after commit \(k): \(difference)"
                }
                pinned.txn.abort()
                reader = nil
            } else if reader == nil && readerPercent > 0 && random.next() % 100 < readerPercent {
                reader = (try store.beginRead(), k)
            }
            if stores.count > 1 { store = stores[Int(random.next() % UInt64(stores.count))] }
            let operations = CrashWorkload.operations(seed: seed, transaction: k + 1, shape: shape)
            var next = models[Int(k)]
            CrashWorkload.apply(operations, to: &next)
            do {
                try store.write { try CrashWorkload.apply(operations, to: $0) }
            } catch {
                guard liveFile.hasCrashed else { return "commit \(k + 1) failed before any power loss: \(error)" }
                interrupted = next
                crashedIn = "commit \(k + 1)"
                coverage.crashesInCommit += 1
                if store.env.relocationCursor != nil { coverage.crashesWhileRelocating += 1 }
                break running
            }
            k += 1
            models.append(next)
            syncsAtAck.append(liveFile.completedSyncs)
            if liveFile.hasCrashed {
                // The power went out at the commit's final truncate, which a commit may skip.
                crashedIn = "after commit \(k) (its truncate)"
                coverage.crashesInCommit += 1
                break running
            }
            if syncPercent > 0 && random.next() % 100 < syncPercent {
                do { try store.sync() } catch {
                    guard liveFile.hasCrashed else { return "sync() after commit \(k) failed: \(error)" }
                    crashedIn = "sync() after commit \(k)"
                    coverage.crashesInSync += 1
                    break running
                }
            }
        }
        if !liveFile.hasCrashed { coverage.noCrash += 1 }
        coverage.relocatedPages += store.env.relocatedPageCount
        coverage.scenarios += 1
        let lastAcked = k
        let syncsAtCrash = liveFile.completedSyncs
        // Versions that must survive: full durability, every acknowledged commit; relaxed, those
        // followed by a completed sync.
        var lowest = lastAcked
        if relaxed {
            lowest = UInt64(syncsAtAck.lastIndex { $0 < syncsAtCrash } ?? 0)
        }
        let highest = lastAcked + (interrupted == nil ? 0 : 1)
        steps.append("power lost in \(crashedIn); last acknowledged commit \(lastAcked), "
                     + "\(syncsAtCrash) syncs, \(liveFile.pendingOperations.count) operations pending since the last sync")
        // The store stays open while the images are taken: closing syncs, and a power loss "at
        // rest" must find the unsynced state. (A crashed store cannot write any more anyway.)
        defer { withExtendedLifetime(stores) {} }
        return try checkImages(liveFile, directory: directory, seed: seed, encrypted: encrypted, models: models, interrupted: interrupted,
                               lowest: lowest, highest: highest, steps: steps, random: &random, coverage: &coverage)
    }

    /// Checks four images of the live file after a power loss (nothing, everything, two random)
    /// with `checkRecovery`; keeps a failing image and describes it.
    static func checkImages(_ liveFile: FaultInjectingFile, directory: String, seed: UInt64, encrypted: Bool = false,
                            models: [CrashWorkload.Model],
                            interrupted: CrashWorkload.Model?, lowest: UInt64, highest: UInt64, steps: [String],
                            random: inout SeededRandom, coverage: inout Coverage) throws -> String? {
        for operation in liveFile.pendingOperations {
            if case .truncate = operation { coverage.pendingTruncates += 1 } else { coverage.pendingWrites += 1 }
        }
        for variant in 0..<4 {
            let policy: FaultInjectingFile.PowerLossPolicy
            switch variant {
            case 0: policy = .nothing
            case 1: policy = .everything
            default: policy = .random(&random)
            }
            let image = liveFile.powerLossImage(policy, random: &random)
            coverage.images += 1
            let describe = (steps + ["disk image \(variant): \(policy), \(image.count) bytes"]).joined(separator: "; ")
            let imagePath = directory + "/image-\(variant).fief"
            guard FileManager.default.createFile(atPath: imagePath, contents: Data(image)) else {
                return "\(describe): cannot write the image"
            }
            if let failure = try checkRecovery(imagePath: imagePath, seed: seed, encrypted: encrypted, models: models, interrupted: interrupted,
                                               lowest: lowest, highest: highest, coverage: &coverage) {
                let kept = NSTemporaryDirectory() + "fief-powerloss-failure-\(seed)-\(variant).fief"
                try? FileManager.default.removeItem(atPath: kept)
                _ = FileManager.default.createFile(atPath: kept, contents: Data(image))
                return "\(describe): \(failure) (image kept at \(kept))"
            }
            try? FileManager.default.removeItem(atPath: imagePath)
        }
        return nil
    }

    /// Opens one post-power-loss image normally and checks it: valid, a version in
    /// `lowest...highest`, content equal to that version's model; then one more commit on it, and
    /// a reopen after that.
    static func checkRecovery(imagePath: String, seed: UInt64, encrypted: Bool = false, models: [CrashWorkload.Model],
                              interrupted: CrashWorkload.Model?, lowest: UInt64, highest: UInt64,
                              coverage: inout Coverage) throws -> String? {
        var openOptions = StorageOptions()
        if encrypted { openOptions.encryptionKey = CrashWorkload.encryptionKey }
        let recovered: CrashHarness.Recovered
        do { recovered = try CrashHarness.inspect(path: imagePath, options: openOptions) } catch {
            return "reopening failed: \(error)"
        }
        if !recovered.report.isValid { return "verify() found problems: \(recovered.report)" }
        if !recovered.countMismatches.isEmpty { return "tree counts disagree with entries: \(recovered.countMismatches)" }
        let c = recovered.counter
        guard c >= lowest && c <= highest else {
            return "recovered commit \(c), expected one in \(lowest)...\(highest)"
        }
        if c == UInt64(models.count) { coverage.recoveredInFlight += 1 }
        if c < UInt64(models.count - 1) { coverage.recoveredOlderThanAcked += 1 }
        var expected = c < UInt64(models.count) ? models[Int(c)] : interrupted!
        if let difference = CrashWorkload.differences(expected: expected, actual: recovered.contents) {
            return "content of recovered commit \(c) differs from its model: \(difference)"
        }

        // The recovered store must keep working: commit c+1 on it, check, close, reopen, check.
        let operations = CrashWorkload.operations(seed: seed, transaction: c + 1, shape: shape)
        CrashWorkload.apply(operations, to: &expected)
        do {
            let store = try Store(path: imagePath, options: openOptions)
            try store.write { try CrashWorkload.apply(operations, to: $0) }
            let report = try store.verify()
            if !report.isValid { return "verify() after a commit on the recovered store: \(report)" }
        } catch {
            return "committing on the recovered store failed: \(error)"
        }
        let reopened: CrashHarness.Recovered
        do { reopened = try CrashHarness.inspect(path: imagePath, options: openOptions) } catch {
            return "reopening after a commit on the recovered store failed: \(error)"
        }
        if !reopened.report.isValid { return "verify() after reopening the recovered store: \(reopened.report)" }
        if reopened.counter != c + 1 { return "after commit \(c + 1) on the recovered store, a reopen shows \(reopened.counter)" }
        if let difference = CrashWorkload.differences(expected: expected, actual: reopened.contents) {
            return "after commit \(c + 1) on the recovered store: \(difference)"
        }
        return nil
    }
}
