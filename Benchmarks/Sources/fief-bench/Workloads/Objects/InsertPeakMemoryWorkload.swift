/// O16: peak resident memory of a fresh process that inserts all N objects (O1's data and
/// indexed class) in one durable transaction into a new store, one child process per engine and
/// run. Each child generates the data set itself before its first reading, so the figure
/// includes the same data set for every engine; "at start" is the resident memory then.
struct InsertPeakMemoryWorkload: ObjectWorkload {
    let name = "o16-insert-peak-rss"
    let summary = "peak RSS of a fresh process inserting N objects in one transaction"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        var row = ResultRow(workload: name, number: "O16", title: "Peak RSS inserting N objects in one txn (fresh process)",
                            unit: "MiB", better: .lower)
        for engine in context.engines {
            var starts: [Int] = []
            row.figures[engine.name] = try context.sample(name, engine, unit: row.unit) { _ in
                let directory = try context.scratch.freshDirectory("\(name)-\(engine.name)")
                defer { context.scratch.remove(directory) }
                let report = try PeakMemoryChild.spawn(engine: engine.name, directory: directory,
                                                       .bulkInsert(count: context.config.objectCount))
                try context.check(name, engine, "objects after the child's insert", report.digest, expected: context.loadedDigest)
                starts.append(report.startKiB)
                return Double(report.peakKiB) / 1024
            }
            row.remarks[engine.name] = "\(Format.figure(Double(Stats(samples: starts.map(Double.init)).median) / 1024, unit: "MiB")) at start"
        }
        return [row]
    }
}
