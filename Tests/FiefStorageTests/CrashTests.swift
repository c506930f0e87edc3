import Foundation
import CrashWorkload
import XCTest
@testable import FiefStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash tests: a child process (`fief-crash-writer`, Tests/CrashWriter) commits an endless
/// deterministic workload to one store file and is killed with SIGKILL at a random moment, again
/// and again on the same file. After every kill the test reopens the file, verifies it, and checks
/// that the commit counter and every tree's content equal the workload's model at that commit.
///
/// Iterations: `FIEF_CRASH_ITERATIONS` (kills shared out over the kill tests), else 240 when
/// `CI=true`, else 90. `FIEF_CRASH_SEED` changes the seed. The writer executable is found next to
/// the test bundle (any `--scratch-path`); `FIEF_CRASH_WRITER` may point at it explicitly.
final class CrashTests: XCTestCase {
    /// The writer must run exactly the workload the tests model (a stale build would otherwise
    /// make a content mismatch below blame the storage engine).
    func testCrashWriterRunsTheSameWorkload() throws {
        let writer = try CrashHarness.locateWriter()
        let seed = CrashHarness.baseSeed ^ 0xD16E57
        let count: UInt64 = 250
        let child = try CrashHarness.runToCompletion(writer, arguments: ["--digest", String(seed), String(count)])
        let expected = CrashWorkload.digest(CrashWorkload.model(seed: seed, through: count))
        XCTAssertEqual(child.status, 0, "fief-crash-writer --digest failed: \(child.stderr)")
        XCTAssertEqual(child.stdout, "DIGEST \(expected)\n",
                       "fief-crash-writer (\(writer)) and CrashTests.swift disagree on the workload of seed \(seed): "
                           + "rebuild the writer")
    }

    /// SIGKILL during commits with full durability, 4 KiB pages, on the real temporary directory
    /// (not tmpfs), so that the writer's fsyncs take time and many kills land inside them.
    func testSIGKILLWithFullDurability() throws {
        try CrashHarness.runKillLoop(name: "full-4096", durability: "full", pageSize: 4096,
                                     iterations: CrashHarness.iterations(share: 0.40), seed: CrashHarness.baseSeed,
                                     onTmpfs: false)
    }

    /// SIGKILL during commits with full durability, 512-byte pages (deeper trees, more overflow pages).
    func testSIGKILLWithFullDurabilitySmallPages() throws {
        try CrashHarness.runKillLoop(name: "full-512", durability: "full", pageSize: 512,
                                     iterations: CrashHarness.iterations(share: 0.35), seed: CrashHarness.baseSeed &+ 1)
    }

    /// SIGKILL while 4 threads of the writer group-commit (deferred-sync commits, each thread
    /// waiting for its own to be durable before its ACK), on the real temporary directory so that
    /// syncs take time and groups form: every acknowledged commit survives, and what recovery
    /// yields is a prefix of the commit sequence (the content of exactly one commit).
    func testSIGKILLWithGroupCommit() throws {
        try CrashHarness.runKillLoop(name: "group-4096", durability: "group", pageSize: 4096,
                                     iterations: CrashHarness.iterations(share: 0.25), seed: CrashHarness.baseSeed &+ 3,
                                     onTmpfs: false)
    }

    /// SIGKILL during commits of an encrypted store, full durability, 512-byte pages (a smaller run).
    func testSIGKILLEncrypted() throws {
        try CrashHarness.runKillLoop(name: "encrypted-512", durability: "full", pageSize: 512,
                                     iterations: max(4, CrashHarness.iterations(share: 0.15)), seed: CrashHarness.baseSeed &+ 4,
                                     encrypted: true)
    }

    /// SIGKILL while 4 threads group-commit to an encrypted store (the group sync's leader writes
    /// encrypted meta pages), 1 KiB pages, on the real temporary directory (a smaller run).
    func testSIGKILLWithGroupCommitEncrypted() throws {
        try CrashHarness.runKillLoop(name: "group-encrypted-1024", durability: "group", pageSize: 1024,
                                     iterations: max(4, CrashHarness.iterations(share: 0.15)), seed: CrashHarness.baseSeed &+ 5,
                                     onTmpfs: false, encrypted: true)
    }

    /// SIGKILL during commits with relaxed durability (syncs at most every 50 ms).
    func testSIGKILLWithRelaxedDurability() throws {
        try CrashHarness.runKillLoop(name: "relaxed-1024", durability: "relaxed", pageSize: 1024,
                                     iterations: CrashHarness.iterations(share: 0.25), seed: CrashHarness.baseSeed &+ 2)
    }
}

/// The parent side of the crash tests: finding and running the writer, killing it, and checking
/// the file it leaves behind.
enum CrashHarness {
    /// The workload seed (`FIEF_CRASH_SEED` overrides it).
    static var baseSeed: UInt64 {
        ProcessInfo.processInfo.environment["FIEF_CRASH_SEED"].flatMap { UInt64($0) } ?? 20_251_121
    }

    /// A fresh scratch directory, on tmpfs (/dev/shm) when there is one, else in the temporary
    /// directory. Neither a SIGKILL (the kernel keeps every write) nor the modelled power losses
    /// depend on real fsyncs, which would only cost time. Remove it with `removeDirectory`.
    static func scratchDirectory(_ name: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue,
           FileManager.default.isWritableFile(atPath: "/dev/shm") {
            let path = "/dev/shm/fief-tests-\(name)-\(UUID().uuidString)"
            if (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil { return path }
        }
        return makeTemporaryDirectory(name)
    }

    /// Threads of the writer in `group` mode (Tests/CrashWriter).
    static let groupWriterThreads = 4

    /// This test's share of the total number of kills.
    static func iterations(share: Double) -> Int {
        let environment = ProcessInfo.processInfo.environment
        let total = environment["FIEF_CRASH_ITERATIONS"].flatMap { Int($0) }
            ?? (environment["CI"] == "true" ? 240 : 90)
        return max(1, Int((Double(total) * share).rounded()))
    }


    struct WriterNotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "fief-crash-writer not found (build it with `swift build --build-tests` using the same --scratch-path, "
                + "or set FIEF_CRASH_WRITER); looked in: " + searched.joined(separator: ", ")
        }
    }

    /// Finds the `fief-crash-writer` executable: `FIEF_CRASH_WRITER`, else the build products
    /// directory holding this test bundle (whatever the scratch path), else the newest
    /// `.build*/…/debug` (or release) directory of the package checkout.
    static func locateWriter() throws -> String {
        let fileManager = FileManager.default
        let name = "fief-crash-writer"
        if let explicit = ProcessInfo.processInfo.environment["FIEF_CRASH_WRITER"] { return explicit }
        var directories: [URL] = []
        for bundle in [Bundle.main, Bundle(for: CrashTests.self)] + Bundle.allBundles {
            directories.append(bundle.bundleURL)
            directories.append(bundle.bundleURL.deletingLastPathComponent())
            if let executable = bundle.executableURL { directories.append(executable.deletingLastPathComponent()) }
        }
        if let first = CommandLine.arguments.first {
            let url = URL(fileURLWithPath: first).resolvingSymlinksInPath()
            directories.append(url.deletingLastPathComponent())
            // macOS: .../debug/X.xctest/Contents/MacOS/X
            directories.append(url.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name).path
            if fileManager.isExecutableFile(atPath: candidate) { return candidate }
        }
        // Fall back to the checkout: <root>/Tests/FiefStorageTests/CrashTests.swift.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var found: [(path: String, modified: Date)] = []
        let scratch = ((try? fileManager.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasPrefix(".build") }
        for entry in scratch {
            let base = root.appendingPathComponent(entry)
            var configurations = ["debug", "release"].map { base.appendingPathComponent($0) }
            for triple in (try? fileManager.contentsOfDirectory(atPath: base.path)) ?? [] {
                configurations += ["debug", "release"].map { base.appendingPathComponent(triple).appendingPathComponent($0) }
            }
            for directory in configurations {
                let candidate = directory.appendingPathComponent(name).path
                if fileManager.isExecutableFile(atPath: candidate),
                   let modified = (try? fileManager.attributesOfItem(atPath: candidate))?[.modificationDate] as? Date {
                    found.append((candidate, modified))
                }
            }
        }
        if let newest = found.max(by: { $0.modified < $1.modified }) { return newest.path }
        throw WriterNotFound(searched: directories.map(\.path) + [root.path + "/.build*"])
    }

    /// What a finished child printed.
    struct Completed {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the writer to completion (for `--digest`).
    static func runToCompletion(_ writer: String, arguments: [String]) throws -> Completed {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: writer)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var reader = LineReader(fd: output.fileHandleForReading.fileDescriptor)
        var lines = ""
        while case let .line(line) = reader.next(timeoutMilliseconds: 120_000) { lines += line + "\n" }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try? output.fileHandleForReading.close()
        try? errors.fileHandleForReading.close()
        return Completed(status: process.terminationStatus, stdout: lines, stderr: stderr)
    }

    /// Reads newline-terminated lines from a pipe, waiting at most a timeout for each.
    struct LineReader {
        let fd: Int32
        private var buffer: [UInt8] = []
        private var atEnd = false

        enum Result: Equatable {
            case line(String)
            case end
            case timedOut
        }

        init(fd: Int32) { self.fd = fd }

        /// The next complete line; `.end` at end of file (a final partial line is dropped: the
        /// writer prints each line with one write, so a partial line cannot be an acknowledgement).
        mutating func next(timeoutMilliseconds: Int32) -> Result {
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return .line(line)
                }
                if atEnd { return .end }
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, timeoutMilliseconds)
                if ready < 0 {
                    if errno == EINTR { continue }
                    atEnd = true
                    continue
                }
                if ready == 0 { return .timedOut }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    atEnd = true
                } else {
                    buffer += chunk[..<n]
                }
            }
        }
    }

    /// When to kill the writer: after it acknowledged `acks` commits (0: right after it starts),
    /// plus a short pause so the kill lands anywhere inside the next commit.
    struct KillPlan: CustomStringConvertible {
        var acks: Int
        var pauseMicroseconds: UInt32

        static func random(_ random: inout SeededRandom) -> KillPlan {
            let r = random.next() % 100
            let acks: Int
            switch r {
            case 0..<12: acks = 0
            case 12..<40: acks = 1 + Int(random.next() % 4)
            case 40..<85: acks = 5 + Int(random.next() % 21)
            default: acks = 26 + Int(random.next() % 95)
            }
            let pause = random.next() % 2 == 0 ? 0 : UInt32(random.next() % 4000)
            return KillPlan(acks: acks, pauseMicroseconds: pause)
        }

        var description: String { "kill after \(acks) ACKs + \(pauseMicroseconds) µs" }
    }

    /// What one killed child did.
    struct KilledRun {
        /// The counter the writer found when it opened the store (nil if killed before).
        var started: UInt64?
        /// Every commit it acknowledged, in order.
        var acks: [UInt64] = []
        /// Lines that are neither START nor ACK.
        var unexpected: [String] = []
        var killedBySIGKILL = false
        var exitedEarly = false
        var hung = false
        var terminationDescription = ""
        var stderr = ""
    }

    /// Starts the writer, kills it with SIGKILL according to `plan`, and collects what it printed.
    static func runAndKill(_ writer: String, arguments: [String], plan: KillPlan, stderrPath: String) throws -> KilledRun {
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let stderrHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        defer { try? stderrHandle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: writer)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = stderrHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let readHandle = output.fileHandleForReading
        defer { try? readHandle.close() }
        var reader = LineReader(fd: readHandle.fileDescriptor)
        var run = KilledRun()

        func record(_ line: String) {
            if line.hasPrefix("ACK "), let k = UInt64(line.dropFirst(4)) {
                run.acks.append(k)
            } else if line.hasPrefix("START "), let k = UInt64(line.dropFirst(6)) {
                run.started = k
            } else {
                run.unexpected.append(line)
            }
        }

        // A generous guard against a hung writer; never an assertion on speed.
        let hangLimit: Int32 = 60_000
        waiting: while run.acks.count < plan.acks {
            switch reader.next(timeoutMilliseconds: hangLimit) {
            case let .line(line): record(line)
            case .end:
                run.exitedEarly = true
                break waiting
            case .timedOut:
                run.hung = true
                break waiting
            }
        }
        if plan.pauseMicroseconds > 0 { usleep(plan.pauseMicroseconds) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        run.killedBySIGKILL = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        run.terminationDescription = "\(process.terminationReason == .uncaughtSignal ? "signal" : "exit status") \(process.terminationStatus)"
        // Whatever it printed before dying was acknowledged too.
        draining: while true {
            switch reader.next(timeoutMilliseconds: hangLimit) {
            case let .line(line): record(line)
            case .end, .timedOut: break draining
            }
        }
        run.stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return run
    }

    /// What the test finds in the store after a crash.
    struct Recovered {
        var counter: UInt64
        var report: VerificationReport
        var contents: CrashWorkload.Model
        var countMismatches: [String]
    }

    /// Opens the store at `path` (a normal open, with recovery), verifies it and reads everything.
    static func inspect(path: String, options: StorageOptions = StorageOptions()) throws -> Recovered {
        let store = try Store(path: path, options: options)
        let report = try store.verify()
        return try store.read { txn in
            let (contents, mismatches) = try CrashWorkload.contents(of: txn)
            return Recovered(counter: try CrashWorkload.counter(in: txn), report: report, contents: contents,
                             countMismatches: mismatches)
        }
    }

    /// The model of a seed's workload, advanced transaction by transaction.
    struct Replay {
        let seed: UInt64
        let shape: CrashWorkload.Shape
        private(set) var position: UInt64 = 0
        private(set) var model = CrashWorkload.Model()

        init(seed: UInt64, shape: CrashWorkload.Shape = .standard) {
            self.seed = seed
            self.shape = shape
        }

        /// The model after transactions 1...k.
        mutating func model(at k: UInt64) -> CrashWorkload.Model {
            if k < position {
                position = 0
                model = [:]
            }
            while position < k {
                position += 1
                CrashWorkload.apply(CrashWorkload.operations(seed: seed, transaction: position, shape: shape), to: &model)
            }
            return model
        }
    }

    /// Kills the writer `iterations` times on one file, checking the file after every kill.
    /// Stops at the first failure, keeping a copy of the file and naming it in the message.
    static func runKillLoop(name: String, durability: String, pageSize: Int, iterations: Int, seed: UInt64,
                            onTmpfs: Bool = true, encrypted: Bool = false,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        var openOptions = StorageOptions()
        if encrypted { openOptions.encryptionKey = CrashWorkload.encryptionKey }
        let writer = try locateWriter()
        let directory = onTmpfs ? scratchDirectory("crash-\(name)") : makeTemporaryDirectory("crash-\(name)")
        defer { removeDirectory(directory) }
        let path = directory + "/crash.fief"
        var schedule = SeededRandom(seed: seed ^ 0x0C0F_FEE0)
        var replay = Replay(seed: seed)
        var recovered: UInt64 = 0
        var totalAcks = 0
        var killsMidCommit = 0

        for iteration in 0..<iterations {
            let plan = KillPlan.random(&schedule)
            let context = "[crash test \(name): seed \(seed) (FIEF_CRASH_SEED=\(baseSeed)), iteration \(iteration), \(plan), "
                + "writer \(writer) \(path) \(seed) \(durability) \(pageSize)]"
            func fail(_ message: String) {
                let kept = NSTemporaryDirectory() + "fief-crash-failure-\(name)-\(seed)-\(iteration).fief"
                try? FileManager.default.removeItem(atPath: kept)
                try? FileManager.default.copyItem(atPath: path, toPath: kept)
                XCTFail("\(context) \(message) (file kept at \(kept))", file: file, line: line)
            }

            let run = try runAndKill(writer, arguments: [path, String(seed), durability, String(pageSize)] + (encrypted ? ["encrypted"] : []),
                                     plan: plan, stderrPath: directory + "/writer-stderr.txt")
            totalAcks += run.acks.count
            if run.hung { return fail("the writer printed nothing for 60 s; stderr: \(run.stderr)") }
            if run.exitedEarly || !run.killedBySIGKILL {
                return fail("the writer died by itself (\(run.terminationDescription)); stderr: \(run.stderr)")
            }
            if !run.unexpected.isEmpty { return fail("unexpected writer output \(run.unexpected); stderr: \(run.stderr)") }
            if let started = run.started, started != recovered {
                return fail("the writer found counter \(started) but the previous recovery found \(recovered)")
            }
            // Group mode: threads acknowledge in any order, and each may have one commit in flight.
            let group = durability == "group"
            if group {
                if Set(run.acks).count != run.acks.count || run.acks.contains(where: { $0 <= recovered }) {
                    return fail("acknowledgements repeat or precede the recovered commit \(recovered): \(run.acks)")
                }
            } else if run.acks.isEmpty == false, run.acks != Array(recovered + 1...recovered + UInt64(run.acks.count)) {
                return fail("acknowledgements are not consecutive from \(recovered + 1): \(run.acks)")
            }
            let lastAcked = run.acks.max() ?? recovered
            let inFlight = UInt64(group ? groupWriterThreads : 1)
            let mostCommitted = group ? recovered + UInt64(run.acks.count) + inFlight : lastAcked + 1

            let state: Recovered
            do { state = try inspect(path: path, options: openOptions) } catch {
                return fail("reopening after the kill failed: \(error)")
            }
            if !state.report.isValid { return fail("verify() found problems after the kill: \(state.report)") }
            if !state.countMismatches.isEmpty { return fail("tree counts disagree with entries: \(state.countMismatches)") }
            // Full durability: every acknowledged commit survives. Relaxed: a SIGKILL is not a power
            // loss — the kernel keeps every write — so nothing acknowledged may be lost either;
            // syncing less must never cost anything in a process crash.
            if state.counter < lastAcked {
                return fail("recovered commit \(state.counter) but commit \(lastAcked) was acknowledged (\(durability) durability)")
            }
            if state.counter > mostCommitted {
                return fail("recovered commit \(state.counter), yet at most \(mostCommitted) can have been committed")
            }
            if state.counter > lastAcked { killsMidCommit += 1 }
            let expected = replay.model(at: state.counter)
            if let difference = CrashWorkload.differences(expected: expected, actual: state.contents) {
                return fail("content after recovery differs from the model at commit \(state.counter): \(difference)")
            }
            recovered = state.counter
        }
        print("crash test \(name): \(iterations) kills, \(totalAcks) acknowledged commits, final commit \(recovered), "
              + "\(killsMidCommit) kills recovered a commit not yet acknowledged")
        XCTAssertGreaterThan(recovered, 0, "the writer never committed anything (seed \(seed))", file: file, line: line)
    }
}

/// Test-only helpers for the workload.
extension CrashWorkload {
    /// Every tree's entries as a transaction sees them, plus any tree whose `count` disagrees with
    /// its entries.
    static func contents(of txn: Transaction) throws -> (Model, [String]) {
        var model = Model()
        var mismatches: [String] = []
        for name in try txn.treeNames() {
            guard let tree = try txn.tree(name) else {
                mismatches.append("tree '\(name)' is listed but cannot be opened")
                continue
            }
            var entries: [[UInt8]: [UInt8]] = [:]
            try tree.forEach { key, value in
                entries[Array(key)] = Array(value)
                return true
            }
            if entries.count != tree.count { mismatches.append("'\(name)': count \(tree.count), \(entries.count) entries") }
            model[name] = entries
        }
        return (model, mismatches)
    }

    /// A description of the first differences between two models, or nil when they are equal.
    static func differences(expected: Model, actual: Model, limit: Int = 6) -> String? {
        guard expected != actual else { return nil }
        var notes: [String] = []
        func show(_ bytes: [UInt8]) -> String {
            "\(bytes.count) bytes [" + bytes.prefix(12).map { String(format: "%02x", $0) }.joined() + (bytes.count > 12 ? "…" : "") + "]"
        }
        for name in Set(expected.keys).union(actual.keys).sorted() {
            guard let want = expected[name] else { notes.append("unexpected tree '\(name)' (\(actual[name]!.count) entries)"); continue }
            guard let have = actual[name] else { notes.append("missing tree '\(name)' (\(want.count) entries)"); continue }
            if want == have { continue }
            notes.append("tree '\(name)': \(want.count) entries expected, \(have.count) found")
            let keys = Set(want.keys).union(have.keys).sorted { $0.lexicographicallyPrecedes($1) }
            for key in keys where want[key] != have[key] {
                if notes.count >= limit { break }
                switch (want[key], have[key]) {
                case let (w?, h?): notes.append("  key \(show(key)): expected \(show(w)), found \(show(h))")
                case let (w?, nil): notes.append("  key \(show(key)) missing (expected \(show(w)))")
                case let (nil, h?): notes.append("  key \(show(key)) unexpected (\(show(h)))")
                default: break
                }
            }
            if notes.count >= limit { break }
        }
        return notes.joined(separator: "\n")
    }
}


