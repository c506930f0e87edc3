/// O10: peak resident memory while reading every object into memory (structs for SQLite and
/// GRDB, live objects for Fief), each read in a fresh child process per engine and run, so each
/// figure is that engine's alone. The store is built and closed by this process first (page cache
/// warm); one untimed child runs before the measured ones.
struct PeakMemoryWorkload: ObjectWorkload {
    let name = "o10-peak-rss"
    let summary = "peak RSS of a fresh process reading all N objects into memory"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        var row = ResultRow(workload: name, number: "O10", title: "Peak RSS reading all N objects (fresh process)",
                            unit: "MiB", better: .lower)
        for engine in context.engines {
            let directory = try context.scratch.freshDirectory("\(name)-\(engine.name)")
            defer { context.scratch.remove(directory) }
            try context.writeLoadedStore(engine, in: directory)
            var starts: [Int] = []
            row.figures[engine.name] = try context.sample(name, engine, unit: row.unit) { _ in
                let report = try PeakMemoryChild.spawn(engine: engine.name, directory: directory, .readAll)
                try context.check(name, engine, "objects read by the child", report.digest, expected: context.loadedDigest)
                starts.append(report.startKiB)
                return Double(report.peakKiB) / 1024
            }
            row.remarks[engine.name] = "\(Format.figure(Double(Stats(samples: starts.map(Double.init)).median) / 1024, unit: "MiB")) at open"
        }
        return [row]
    }
}
