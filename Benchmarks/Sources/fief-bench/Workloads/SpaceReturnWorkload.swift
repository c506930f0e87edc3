import CSQLite
import FiefStorage

/// Workload F1 (issue 17, part 3): does space come back without an explicit compaction?
///
/// Each engine loads N records (durable, 50,000 per transaction), deletes 90% of them spread
/// over the key range (every record whose index is not a multiple of 10) in one transaction,
/// then runs M = 100 small durable commits, each updating 4 surviving records. Figures: the
/// store's files after the deletes (F1a) and after the M commits (F1b), each with its ratio to
/// the live pages (pages in use: Fief's page count less its free pages; SQLite's `page_count`
/// less `freelist_count`) and the number of commits after which the file was first within
/// 1.5 times them; and the median time of those commits (F1c).
///
/// Fief runs with tail relocation (the default, FORMAT.md section 7) and, in the same run,
/// without it (`tailRelocationPagesPerCommit = 0`): F1c's Fief remark is the cost relocation
/// adds per commit. SQLite runs with `auto_vacuum=INCREMENTAL` and `PRAGMA
/// incremental_vacuum(256)` in every commit (the same 256-page budget per commit as Fief's
/// default), in WAL mode with `synchronous=FULL` like the other durable SQLite figures; its size
/// is the database plus its WAL. Checks: every surviving record holds its last value.
struct SpaceReturnWorkload: Workload {
    let name = "space-return"
    let summary = "file size after deleting 90% of N records and after 100 small commits, without compaction"

    static let smallCommits = 100
    static let updatesPerCommit = 4
    static let batch = 50_000

    /// What one engine's run measured.
    struct Outcome {
        var afterDelete: Int
        var liveAfterDelete: Int
        var afterCommits: Int
        var liveAfterCommits: Int
        /// Commits after which the file was first within 1.5 times its live pages (nil: never).
        var commitsToBound: Int?
        var commitSeconds: [Double]
        /// SQLite: the database file alone after a truncating WAL checkpoint at the end.
        var databaseAfterCheckpoint: Int?
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let records = context.config.recordCount
        let names = context.engines.map(\.name)
        var sizeAfterDelete = ResultRow(workload: name, number: "F1a", title: "File after deleting 90% of N records",
                                        unit: "MiB", better: .lower)
        var sizeAfterCommits = ResultRow(workload: name, number: "F1b",
                                         title: "File after \(Self.smallCommits) further small commits", unit: "MiB", better: .lower)
        var commitTime = ResultRow(workload: name, number: "F1c", title: "Small commit while space comes back (median)",
                                   unit: "ms", better: .lower)
        var outcomes: [(String, Outcome)] = []
        if names.contains("Fief") {
            let with = try runFief(context, records: records, relocation: true)
            let without = try runFief(context, records: records, relocation: false)
            outcomes.append(("Fief", with))
            let added = (with.commitSeconds.reduce(0, +) - without.commitSeconds.reduce(0, +)) / Double(Self.smallCommits)
            commitTime.remarks["Fief"] = "without relocation: median \(Self.milliseconds(Self.median(without.commitSeconds))) ms, "
                + "max \(Self.milliseconds(without.commitSeconds.max() ?? 0)) ms (with: max \(Self.milliseconds(with.commitSeconds.max() ?? 0)) ms); "
                + "relocation adds \(Self.milliseconds(added)) ms per commit on average over the \(Self.smallCommits); "
                + "file without it: \(Format.figure(Double(without.afterCommits) / 1_048_576, unit: "MiB")) MiB, "
                + "≤ 1.5× live " + (without.commitsToBound.map { "after \($0) commits" } ?? "never")
        }
        if names.contains("SQLite") {
            outcomes.append(("SQLite", try runSQLite(context, records: records)))
            commitTime.remarks["SQLite"] = "auto_vacuum=INCREMENTAL, incremental_vacuum(256) per commit"
        }
        for (engine, outcome) in outcomes {
            sizeAfterDelete.figures[engine] = Stats(single: Double(outcome.afterDelete) / 1_048_576)
            sizeAfterDelete.remarks[engine] = Format.ratio(Double(outcome.afterDelete) / Double(outcome.liveAfterDelete)) + " live pages"
            sizeAfterCommits.figures[engine] = Stats(single: Double(outcome.afterCommits) / 1_048_576)
            sizeAfterCommits.remarks[engine] = Format.ratio(Double(outcome.afterCommits) / Double(outcome.liveAfterCommits))
                + " live pages; ≤ 1.5× " + (outcome.commitsToBound.map { "after \($0) commits" } ?? "never")
                + (outcome.databaseAfterCheckpoint.map { "; database alone after wal_checkpoint(TRUNCATE): "
                    + Format.figure(Double($0) / 1_048_576, unit: "MiB") + " MiB" } ?? "")
            commitTime.figures[engine] = Stats(samples: outcome.commitSeconds.map { $0 * 1000 })
        }
        return [sizeAfterDelete, sizeAfterCommits, commitTime]
    }

    // MARK: Records

    static func key(_ i: Int) -> [UInt8] {
        (0..<RecordFormat.keySize).map { UInt8(truncatingIfNeeded: $0 < 8 ? i >> (8 * (7 - $0)) : i &* 31 &+ $0) }
    }

    static func value(_ i: Int, generation: Int) -> [UInt8] {
        var state = UInt64(truncatingIfNeeded: i &* 0x9E37_79B9 &+ generation)
        return (0..<RecordFormat.valueSize).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// The records commit `m` updates: survivors (multiples of 10) spread over the key range.
    static func updated(commit m: Int, records: Int) -> [Int] {
        let survivors = records / 10
        return (0..<updatesPerCommit).map { u in ((m * 7_919 + u * survivors / updatesPerCommit) % survivors) * 10 }
    }

    /// The expected last value of every survivor after all commits.
    static func expectedGenerations(records: Int) -> [Int: Int] {
        var generations: [Int: Int] = [:]
        for m in 0..<smallCommits { for i in updated(commit: m, records: records) { generations[i] = 1 + m } }
        return generations
    }

    static func milliseconds(_ seconds: Double) -> String { Format.figure(seconds * 1000, unit: "ms") }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    // MARK: Fief

    private func runFief(_ context: BenchContext, records: Int, relocation: Bool) throws -> Outcome {
        let directory = try context.scratch.freshDirectory("\(name)-Fief-\(relocation ? "relocating" : "plain")")
        defer { context.scratch.remove(directory) }
        let path = directory + "/store.fief"
        var options = StorageOptions()
        if !relocation { options.tailRelocationPagesPerCommit = 0 }
        let store = try Store(path: path, options: options)
        for start in stride(from: 0, to: records, by: Self.batch) {
            try store.write { txn in
                let tree = try txn.createTree("kv")
                for i in start..<min(start + Self.batch, records) { try tree.put(Self.key(i), Self.value(i, generation: 0)) }
            }
        }
        try store.write { txn in
            let tree = try txn.tree("kv")!
            for i in 0..<records where i % 10 != 0 { try tree.delete(Self.key(i)) }
        }
        func live() throws -> Int {
            let info = try store.info()
            return Int(info.pageCount - info.freePages) * info.pageSize
        }
        var outcome = Outcome(afterDelete: Files.size(path), liveAfterDelete: try live(), afterCommits: 0, liveAfterCommits: 0,
                              commitsToBound: nil, commitSeconds: [])
        for m in 0..<Self.smallCommits {
            outcome.commitSeconds.append(try measureSeconds {
                try store.write { txn in
                    let tree = try txn.tree("kv")!
                    for i in Self.updated(commit: m, records: records) { try tree.put(Self.key(i), Self.value(i, generation: 1 + m)) }
                }
            })
            if outcome.commitsToBound == nil, Double(Files.size(path)) <= 1.5 * Double(try live()) { outcome.commitsToBound = m + 1 }
        }
        outcome.afterCommits = Files.size(path)
        outcome.liveAfterCommits = try live()
        let generations = Self.expectedGenerations(records: records)
        let engineName = "Fief"
        try store.read { txn in
            let tree = try txn.tree("kv")!
            guard tree.count == (records + 9) / 10 else {
                throw BenchError.disagreement(workload: name, engine: engineName, detail: "\(tree.count) records survive")
            }
            for i in stride(from: 0, to: records, by: 10) where try tree.get(Self.key(i)) != Self.value(i, generation: generations[i] ?? 0) {
                throw BenchError.disagreement(workload: name, engine: engineName, detail: "record \(i) has another value")
            }
        }
        context.progress(name, FiefEngine(), "relocation \(relocation ? "on" : "off"): \(outcome.afterDelete / 1024) KiB after deletes, "
                         + "\(outcome.afterCommits / 1024) KiB after \(Self.smallCommits) commits, live \(outcome.liveAfterCommits / 1024) KiB, "
                         + "bound after \(outcome.commitsToBound.map(String.init) ?? "never"); slowest commits "
                         + Self.slowest(outcome.commitSeconds))
        return outcome
    }

    /// The three slowest commits, as "#number: milliseconds".
    static func slowest(_ seconds: [Double]) -> String {
        seconds.enumerated().sorted { $0.element > $1.element }.prefix(3)
            .map { "#\($0.offset + 1): \(milliseconds($0.element)) ms" }.joined(separator: ", ")
    }

    // MARK: SQLite

    private func runSQLite(_ context: BenchContext, records: Int) throws -> Outcome {
        let directory = try context.scratch.freshDirectory("\(name)-SQLite")
        defer { context.scratch.remove(directory) }
        let path = directory + "/store.sqlite"
        let connection = try SQLiteConnection(path: path, create: true)
        try connection.execute("PRAGMA page_size=\(SQLiteEngine.pageSize)")
        try connection.execute("PRAGMA auto_vacuum=INCREMENTAL")
        try connection.execute("PRAGMA journal_mode=WAL")
        try connection.execute("PRAGMA synchronous=FULL")
        try connection.execute(SQLiteEngine.createTable)
        let begin = try connection.prepare("BEGIN")
        let commit = try connection.prepare("COMMIT")
        let put = try connection.prepare("INSERT OR REPLACE INTO kv(k, v) VALUES(?, ?)")
        let delete = try connection.prepare("DELETE FROM kv WHERE k = ?")
        let vacuum = try connection.prepare("PRAGMA incremental_vacuum(256)")
        func store(_ i: Int, generation: Int) throws {
            let key = Self.key(i)
            let value = Self.value(i, generation: generation)
            try key.withUnsafeBytes { key in
                try value.withUnsafeBytes { value in
                    try connection.bind(put, 1, key)
                    try connection.bind(put, 2, value)
                    try connection.run(put, "put")
                }
            }
        }
        for start in stride(from: 0, to: records, by: Self.batch) {
            try connection.transaction(begin: begin, commit: commit) {
                for i in start..<min(start + Self.batch, records) { try store(i, generation: 0) }
            }
        }
        try connection.transaction(begin: begin, commit: commit) {
            for i in 0..<records where i % 10 != 0 {
                try Self.key(i).withUnsafeBytes { key in
                    try connection.bind(delete, 1, key)
                    try connection.run(delete, "delete")
                }
            }
        }
        let files = [path, path + "-wal"]
        func live() throws -> Int {
            let pages = Int(try connection.text("PRAGMA page_count")) ?? 0
            let free = Int(try connection.text("PRAGMA freelist_count")) ?? 0
            return (pages - free) * SQLiteEngine.pageSize
        }
        var outcome = Outcome(afterDelete: Files.totalSize(files), liveAfterDelete: try live(), afterCommits: 0, liveAfterCommits: 0,
                              commitsToBound: nil, commitSeconds: [])
        for m in 0..<Self.smallCommits {
            outcome.commitSeconds.append(try measureSeconds {
                try connection.transaction(begin: begin, commit: commit) {
                    for i in Self.updated(commit: m, records: records) { try store(i, generation: 1 + m) }
                    // incremental_vacuum returns no rows; step it until done.
                    while sqlite3_step(vacuum) == SQLITE_ROW {}
                    sqlite3_reset(vacuum)
                }
            })
            if outcome.commitsToBound == nil, Double(Files.totalSize(files)) <= 1.5 * Double(try live()) { outcome.commitsToBound = m + 1 }
        }
        outcome.afterCommits = Files.totalSize(files)
        outcome.liveAfterCommits = try live()
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        outcome.databaseAfterCheckpoint = Files.size(path)
        let survivors = Int(try connection.text("SELECT count(*) FROM kv")) ?? -1
        guard survivors == (records + 9) / 10 else {
            throw BenchError.disagreement(workload: name, engine: "SQLite", detail: "\(survivors) records survive")
        }
        connection.close()
        context.progress(name, SQLiteEngine(), "\(outcome.afterDelete / 1024) KiB after deletes, \(outcome.afterCommits / 1024) KiB after "
                         + "\(Self.smallCommits) commits, live \(outcome.liveAfterCommits / 1024) KiB, "
                         + "bound after \(outcome.commitsToBound.map(String.init) ?? "never"); slowest commits "
                         + Self.slowest(outcome.commitSeconds))
        return outcome
    }
}
