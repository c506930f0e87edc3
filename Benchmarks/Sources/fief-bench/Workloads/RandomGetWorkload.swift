/// Workload 3: look up all N keys in a fixed random order, in one read transaction, on a warm
/// store (loaded in ascending order, then read once untimed).
///
/// Every value read is folded into a digest that must match the data set's.
struct RandomGetWorkload: Workload {
    let name = "rand-get"
    let summary = "point get of all N keys in random order, in one read transaction (warm)"

    func run(in context: BenchContext) throws -> [ResultRow] {
        let dataset = context.dataset
        var row = ResultRow(workload: name, number: "3", title: "Random point get, N in one read txn (warm)",
                            unit: "ops/s", better: .higher)
        for engine in context.engines {
            row.figures[engine.name] = try context.withFreshStore(engine, label: name) { store, _ in
                try store.putInOneTransaction(dataset.puts(in: dataset.sequentialOrder), 0..<dataset.count)
                let warm = try store.get(dataset.keys, order: dataset.lookupOrder)
                try context.check(name, engine, "warm-up gets", warm, expected: dataset.digest)
                var samples: [Double] = []
                for run in 1...context.config.runs {
                    var digest = Digest()
                    let seconds = try measureSeconds { digest = try store.get(dataset.keys, order: dataset.lookupOrder) }
                    try context.check(name, engine, "gets", digest, expected: dataset.digest)
                    samples.append(Double(dataset.count) / seconds)
                    context.progress(name, engine, "run \(run): \(Format.figure(samples[samples.count - 1], unit: row.unit)) \(row.unit)")
                }
                return Stats(samples: samples)
            }
        }
        return [row]
    }
}
