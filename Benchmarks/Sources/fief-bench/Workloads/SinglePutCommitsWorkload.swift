/// Workloads 5 and 6: many small write transactions, each updating one random key with a new
/// value and committing, with full durability (5) or without it (6).
///
/// The store is loaded with N/10 records first; a few untimed commits warm it up; each timed run
/// then performs its own slice of a fixed update sequence. An untimed scan at the end checks that
/// every commit landed.
struct SinglePutCommitsWorkload: Workload {
    let mode: CommitMode
    let commitsPerRun: Int

    var name: String { mode == .durable ? "durable-commits" : "nondurable-commits" }

    var summary: String {
        mode == .durable
            ? "one put per transaction, each commit synced (Fief .full, LMDB default, SQLite synchronous=FULL)"
            : "one put per transaction, commits not synced (Fief .relaxed(), LMDB MDB_NOSYNC, SQLite synchronous=OFF)"
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let config = context.config
        let dataset = context.dataset
        let warmup = config.commitWarmup
        let total = warmup + config.runs * commitsPerRun
        let updates = PutList.randomUpdates(keys: dataset.keys, keyRange: config.commitPreload, count: total,
                                            seed: mode == .durable ? 0xD0_4AB1E : 0xFA_57, firstGeneration: 1)
        var expected = dataset.expectedState(prefix: config.commitPreload)
        expected.apply(updates, 0..<total)
        let expectedDigest = expected.digest

        var row = ResultRow(workload: name, number: mode == .durable ? "5" : "6",
                            title: mode == .durable ? "Durable single-put commits" : "Non-durable single-put commits",
                            unit: "commits/s", better: .higher)
        for engine in context.engines {
            row.figures[engine.name] = try context.withFreshStore(engine, label: name, StoreSetup(commitMode: mode)) { store, _ in
                try store.putInOneTransaction(dataset.puts(firstRecords: config.commitPreload), 0..<config.commitPreload)
                try store.putEachInOwnTransaction(updates, 0..<warmup)
                var samples: [Double] = []
                for run in 0..<config.runs {
                    let start = warmup + run * commitsPerRun
                    let seconds = try measureSeconds { try store.putEachInOwnTransaction(updates, start..<start + commitsPerRun) }
                    samples.append(Double(commitsPerRun) / seconds)
                    context.progress(name, engine, "run \(run + 1): \(Format.figure(samples[run], unit: row.unit)) \(row.unit)")
                }
                try context.check(name, engine, "scan after commits", store.scan(), expected: expectedDigest)
                return Stats(samples: samples)
            }
        }
        return [row]
    }
}
