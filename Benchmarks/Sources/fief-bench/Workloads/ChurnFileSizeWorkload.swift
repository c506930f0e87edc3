/// Workload 7: how big the file gets under update churn, without (7a) and with (7b) a read
/// transaction held open from before the churn to after it.
///
/// Each engine loads K records in one transaction, then runs 100 transactions that each update
/// U random keys with new values (durable commits). The figure is the size of the store's files
/// at the end, taken while the reader (if any) is still open: the database file for Fief and
/// LMDB, database plus WAL for SQLite. The remark gives the ratio to the live data (K keys plus
/// values). Checks: the final contents match the expected state, and the long-lived reader still
/// sees exactly the data as loaded.
struct ChurnFileSizeWorkload: Workload {
    let name = "churn-size"
    let summary = "file size after 100 update transactions over K records, without and with a long-lived reader"

    func run(in context: BenchContext) throws -> [ResultRow] {
        let config = context.config
        let dataset = context.dataset
        let keys = min(config.churnKeys, dataset.count)
        let perTransaction = config.churnUpdatesPerTransaction
        let updates = PutList.randomUpdates(keys: dataset.keys, keyRange: keys, count: config.churnTransactions * perTransaction,
                                            seed: 0xC4_0824, firstGeneration: 1 << 32)
        var expected = dataset.expectedState(prefix: keys)
        let loadedDigest = expected.digest
        expected.apply(updates, 0..<updates.count)
        let finalDigest = expected.digest
        let liveBytes = Dataset.liveBytes(records: keys)

        var rows: [ResultRow] = []
        for withReader in [false, true] {
            var row = ResultRow(workload: name, number: withReader ? "7b" : "7a",
                                title: "File size after churn, \(withReader ? "long-lived reader open" : "no reader")",
                                unit: "MiB", better: .lower)
            let setup = StoreSetup(commitMode: .durable, longLivedReader: withReader)
            for engine in context.engines {
                let bytes = try context.withFreshStore(engine, label: name, setup) { store, directory in
                    try store.putInOneTransaction(dataset.puts(firstRecords: keys), 0..<keys)
                    let reader = withReader ? try store.beginLongLivedReader() : nil
                    defer { try? reader?.end() }
                    for transaction in 0..<config.churnTransactions {
                        let start = transaction * perTransaction
                        try store.putInOneTransaction(updates, start..<start + perTransaction)
                    }
                    let bytes = Files.totalSize(engine.storeFiles(in: directory))
                    try context.check(name, engine, "scan after churn", store.scan(), expected: finalDigest)
                    if let reader {
                        try context.check(name, engine, "long-lived reader's scan", reader.scan(), expected: loadedDigest)
                        try reader.end()
                    }
                    return bytes
                }
                row.figures[engine.name] = Stats(single: Double(bytes) / 1_048_576)
                row.remarks[engine.name] = Format.ratio(Double(bytes) / Double(liveBytes)) + " live"
                context.progress(name, engine, "\(withReader ? "with" : "without") reader: \(Format.figure(Double(bytes) / 1_048_576, unit: "MiB")) MiB")
            }
            rows.append(row)
        }
        return rows
    }
}
