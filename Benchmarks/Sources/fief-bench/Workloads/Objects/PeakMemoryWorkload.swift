/// Peak resident memory of a fresh child process per engine and run, so each figure is that
/// engine's alone; one untimed child runs before the measured ones.
///
/// - O10 (`.readAll`): the child opens a loaded store (built and closed by this process first,
///   page cache warm) and reads every object into memory (structs for SQLite and GRDB, live
///   objects for Fief). The remark is its RSS right after opening.
/// - O16 (`.bulkInsert`): the child generates the N-object data set and inserts it as O1 does
///   into a new store. The remark is its RSS once the data set is generated, which every
///   engine's figure includes.
struct PeakMemoryWorkload: ObjectWorkload {
    let step: PeakMemoryChild.Step

    var name: String { isInsert ? "o16-insert-peak-rss" : "o10-peak-rss" }
    var summary: String {
        isInsert ? "peak RSS of a fresh process inserting N objects in one transaction"
            : "peak RSS of a fresh process reading all N objects into memory"
    }
    private var isInsert: Bool { if case .bulkInsert = step { true } else { false } }

    func run(in context: ObjectContext) throws -> [ResultRow] {
        var row = isInsert
            ? ResultRow(workload: name, number: "O16", title: "Peak RSS inserting N objects in one txn (fresh process)", unit: "MiB", better: .lower)
            : ResultRow(workload: name, number: "O10", title: "Peak RSS reading all N objects (fresh process)", unit: "MiB", better: .lower)
        for engine in context.engines {
            let loaded = try context.scratch.freshDirectory("\(name)-\(engine.name)")
            defer { context.scratch.remove(loaded) }
            if !isInsert { try context.writeLoadedStore(engine, in: loaded) }
            var starts: [Int] = []
            row.figures[engine.name] = try context.sample(name, engine, unit: row.unit) { _ in
                let directory = isInsert ? try context.scratch.freshDirectory("\(name)-\(engine.name)-run") : loaded
                defer { if isInsert { context.scratch.remove(directory) } }
                let report = try PeakMemoryChild.spawn(engine: engine.name, directory: directory, step)
                try context.check(name, engine, "objects the child holds", report.digest, expected: context.loadedDigest)
                starts.append(report.startKiB)
                return Double(report.peakKiB) / 1024
            }
            let start = Format.figure(Double(Stats(samples: starts.map(Double.init)).median) / 1024, unit: "MiB")
            row.remarks[engine.name] = "\(start) \(isInsert ? "at start" : "at open")"
        }
        return [row]
    }
}
