/// Workloads 1 and 2: insert all N records into a fresh store in one write transaction, in
/// ascending key order or in a fixed random order.
///
/// Timed from the first put to the end of the commit (the commit is durable: it includes one
/// sync). Each run uses a new store; there is no warm-up, since every run starts from nothing.
/// After each run, an untimed scan checks that the store holds exactly the data set.
struct BulkInsertWorkload: Workload {
    let randomOrder: Bool

    var name: String { randomOrder ? "rand-insert" : "seq-insert" }

    var summary: String {
        "\(randomOrder ? "random-order" : "sequential") insert of N records in one transaction into a fresh store"
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let dataset = context.dataset
        let puts = dataset.puts(in: randomOrder ? dataset.insertOrder : dataset.sequentialOrder)
        var row = ResultRow(workload: name, number: randomOrder ? "2" : "1",
                            title: "\(randomOrder ? "Random-order" : "Sequential") insert, N in one txn",
                            unit: "ops/s", better: .higher)
        for engine in context.engines {
            var samples: [Double] = []
            for run in 1...context.config.runs {
                let seconds = try context.withFreshStore(engine, label: name) { store, _ in
                    let seconds = try measureSeconds { try store.putInOneTransaction(puts, 0..<puts.count) }
                    try context.check(name, engine, "scan after insert", store.scan(), expected: dataset.digest)
                    return seconds
                }
                samples.append(Double(puts.count) / seconds)
                context.progress(name, engine, "run \(run): \(Format.figure(samples[samples.count - 1], unit: row.unit)) \(row.unit)")
            }
            row.figures[engine.name] = Stats(samples: samples)
        }
        return [row]
    }
}
