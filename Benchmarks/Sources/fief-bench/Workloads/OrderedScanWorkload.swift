/// Workload 4: read every entry in key order with one cursor in one read transaction, hashing
/// each key and value, on a warm store (loaded in ascending order, then scanned once untimed).
struct OrderedScanWorkload: Workload {
    let name = "scan"
    let summary = "full ordered scan of N entries in one read transaction, summing value bytes (warm)"

    func run(in context: BenchContext) throws -> [ResultRow] {
        let dataset = context.dataset
        var row = ResultRow(workload: name, number: "4", title: "Full ordered scan of N (warm)",
                            unit: "entries/s", better: .higher)
        for engine in context.engines {
            row.figures[engine.name] = try context.withFreshStore(engine, label: name) { store, _ in
                try store.putInOneTransaction(dataset.puts(in: dataset.sequentialOrder), 0..<dataset.count)
                try context.check(name, engine, "warm-up scan", store.scan(), expected: dataset.digest)
                var samples: [Double] = []
                for run in 1...context.config.runs {
                    var summary = ScanSummary()
                    let seconds = try measureSeconds { summary = try store.scan() }
                    try context.check(name, engine, "scan", summary, expected: dataset.digest)
                    samples.append(Double(dataset.count) / seconds)
                    context.progress(name, engine, "run \(run): \(Format.figure(samples[samples.count - 1], unit: row.unit)) \(row.unit)")
                }
                return Stats(samples: samples)
            }
        }
        return [row]
    }
}
