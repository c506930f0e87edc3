import Foundation

/// `fief-bench --object-profile STEP ENGINE DIRECTORY [N [REPEATS]]`: one object-level step
/// alone in this process, REPEATS times (default 1), to run under a profiler
/// (`valgrind --tool=callgrind`) without the rest of a workload. The difference between two
/// repeat counts is the steady cost of the step, without the process's first-use costs. STEP is `build` (create the store in the empty DIRECTORY and load N objects),
/// `build-unindexed` (the same with O14's class, whose `name` has no index),
/// `open-read` (open it and read object N/2), `open-read-cold` (drop its files from the page
/// cache, then open it and read object N/2, as O11), `pk-lookups` (open it and run O2's lookups of
/// 100,000 random ids reading every field), `iterate` (open it and loop over every object
/// reading its score), `read-all` (open it and keep every object in memory, as O10) or
/// `name-query` (open it and run O4's 10,000 indexed equality queries on random names) or
/// `durable-updates` (open it and commit O8a's 1,000 durable one-object updates, one writer) or
/// `deletes` (open it and delete N/10 random objects in one transaction, as O7; this changes the
/// store: build it again before the next run).
enum ObjectProfileCommand {
    static let flag = "--object-profile"

    /// Runs the step named by `arguments`; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 3, let engine = ObjectEngineCatalog.engine(named: arguments[1]) else {
            Log.error("usage: fief-bench \(flag) build|build-unindexed|open-read|open-read-cold|pk-lookups|iterate|read-all|name-query|durable-updates|deletes ENGINE DIRECTORY [N [REPEATS]]")
            return 2
        }
        let directory = arguments[2]
        let count = arguments.count > 3 ? Int(arguments[3]) ?? 1_000_000 : 1_000_000
        let repeats = arguments.count > 4 ? Int(arguments[4]) ?? 1 : 1
        do {
            for _ in 0..<repeats {
                guard try step(arguments[0], engine, directory, count) else { return 2 }
            }
            return 0
        } catch {
            Log.error("\(engine.name): \(error)")
            return 1
        }
    }

    /// Runs `name` once and logs its result; false when there is no such step.
    private static func step(_ name: String, _ engine: any ObjectEngine, _ directory: String, _ count: Int) throws -> Bool {
        let start = Date()
        let result: String
        switch name {
        case "build":
            let store = try engine.create(in: directory, .durable)
            try store.insert(ObjectDataset(count: count), 0..<count)
            try store.close()
            result = "\(count) objects"
        case "build-unindexed":
            let store = try engine.createUnindexed(in: directory)
            try store.insert(ObjectDataset(count: count), 0..<count)
            try store.close()
            result = "\(count) objects without an index"
        case "open-read":
            let store = try engine.open(in: directory, .durable)
            result = "\(try store.lookup([count / 2]))"
            try store.close()
        case "open-read-cold":
            try Files.regularFiles(in: directory).forEach(Files.dropFromPageCache)
            let opened = Date()
            let store = try engine.open(in: directory, .durable)
            let digest = try store.lookup([count / 2])
            let milliseconds = Date().timeIntervalSince(opened) * 1000
            result = "\(digest); open and read in \(Format.figure(milliseconds, unit: "ms")) ms from a dropped page cache"
            try store.close()
        case "pk-lookups":
            let store = try engine.open(in: directory, .durable)
            var random = SplitMix64(seed: 0x02)
            result = "\(try store.lookup((0..<100_000).map { _ in Int(random.next() % UInt64(count)) }))"
            try store.close()
        case "iterate":
            let store = try engine.open(in: directory, .durable)
            result = "score sum \(try store.iterateScores())"
            try store.close()
        case "read-all":
            let store = try engine.open(in: directory, .durable)
            result = "\(try store.readAll()); peak RSS \(ResidentMemory.peakKiB()) KiB"
            try store.close()
        case "name-query":
            let store = try engine.open(in: directory, .durable)
            result = "\(try store.query(names: ObjectDataset(count: count).randomNames(10_000, seed: 0x4A_3E)))"
            try store.close()
        case "durable-updates":
            let store = try engine.open(in: directory, .durable)
            var random = SplitMix64(seed: 0x08A)
            for _ in 0..<1_000 { try store.incrementScore(id: Int(random.next() % UInt64(count)), beforeCommit: {}) }
            result = "1,000 commits"
            try store.close()
        case "deletes":
            let store = try engine.open(in: directory, .durable)
            let ids = SplitMix64.permutation(count: count, seed: 0x07_DE1)[0..<(count / 10)]
            try store.delete(ids)
            result = "\(ids.count) objects deleted"
            try store.close()
        default:
            Log.error("unknown step '\(name)'")
            return false
        }
        Log.progress("\(name) \(engine.name): \(result) in \(Format.figure(Date().timeIntervalSince(start) * 1000, unit: "ms")) ms")
        return true
    }
}
