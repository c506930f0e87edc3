/// What the object-level workloads share: their sizes, the object engines, scratch space and
/// the object data set.
final class ObjectContext {
    let config: ObjectBenchConfig
    /// Timed runs per figure.
    let runs: Int
    /// The engines available in this build, in report order.
    let engines: [any ObjectEngine]
    let scratch: ScratchSpace

    /// The N-object data set, generated the first time a workload needs it.
    private(set) lazy var dataset: ObjectDataset = {
        Log.progress("generating \(config.objectCount) objects")
        return ObjectDataset(count: config.objectCount)
    }()

    /// The digest of every object of the data set: what a freshly loaded store holds.
    private(set) lazy var loadedDigest: ObjectDigest = dataset.initialState().digest

    init(config: ObjectBenchConfig, runs: Int, engines: [any ObjectEngine], scratch: ScratchSpace) {
        self.config = config
        self.runs = runs
        self.engines = engines
        self.scratch = scratch
    }

    /// Writes a store of `engine` in `directory` holding the whole data set (one durable
    /// transaction) and closes it, for workloads that time opening it again.
    func writeLoadedStore(_ engine: any ObjectEngine, in directory: String) throws {
        let store = try engine.create(in: directory, .durable)
        do {
            try store.insert(dataset, 0..<dataset.count)
            try store.close()
        } catch {
            try? store.close()
            throw error
        }
    }

    /// Creates a store of `engine` in a fresh directory, loads the data set into it in one
    /// transaction unless `load` is false, runs `body` with it and the directory, then closes
    /// the store and deletes the directory (also when `body` throws).
    func withStore<R>(_ engine: any ObjectEngine, label: String, mode: ObjectCommitMode = .durable, load: Bool = true,
                      _ body: (any ObjectStore, String) throws -> R) throws -> R {
        let directory = try scratch.freshDirectory("\(label)-\(engine.name)")
        defer { scratch.remove(directory) }
        let store = try engine.create(in: directory, mode)
        do {
            if load { try store.insert(dataset, 0..<dataset.count) }
            let result = try body(store, directory)
            try store.close()
            return result
        } catch {
            try? store.close()
            throw error
        }
    }

    /// Runs `body` once untimed per warm-up round, then once per timed run; each call returns the
    /// run's figure, which is logged. Returns the figures' statistics.
    func sample(_ workload: String, _ engine: any ObjectEngine, unit: String, warmups: Int = 1,
                _ body: (_ run: Int) throws -> Double) throws -> Stats {
        for round in 0..<warmups { _ = try body(-1 - round) }
        var samples: [Double] = []
        for run in 0..<runs {
            samples.append(try body(run))
            progress(workload, engine, "run \(run + 1): \(Format.figure(samples[run], unit: unit)) \(unit)")
        }
        return Stats(samples: samples)
    }

    /// The read-only workloads' pattern: on a loaded store of each engine, runs `read` once
    /// untimed, then once per timed run, checking every result against `expected`; the engine's
    /// figure in `row` is `figure(seconds)` of each run.
    func measureReads<T: Equatable>(_ row: inout ResultRow, _ what: String, expected: T, figure: (Double) -> Double,
                                    _ read: (any ObjectStore) throws -> T) throws {
        for engine in engines {
            row.figures[engine.name] = try withStore(engine, label: row.workload) { store, _ in
                try sample(row.workload, engine, unit: row.unit) { _ in
                    var result: T?
                    let seconds = try measureSeconds { result = try read(store) }
                    guard let result else { throw BenchError.harness("\(row.workload): no result from \(engine.name)") }
                    try check(row.workload, engine, what, result, expected: expected)
                    return figure(seconds)
                }
            }
        }
    }

    /// The write workloads' pattern: on a loaded store of each engine, runs `write(store, run)`
    /// once as warm-up (run -1), then once per timed run; each returns the run's figure. Then an
    /// untimed read of every object must give `expected`.
    func measureWrites(_ row: inout ResultRow, expected: ObjectDigest,
                       _ write: (any ObjectStore, _ run: Int) throws -> Double) throws {
        for engine in engines {
            row.figures[engine.name] = try withStore(engine, label: row.workload) { store, _ in
                let stats = try sample(row.workload, engine, unit: row.unit) { run in try write(store, run) }
                try check(row.workload, engine, "objects afterwards", store.readAll(), expected: expected)
                return stats
            }
        }
    }

    /// Fails unless `actual` is `expected`.
    func check<T: Equatable>(_ workload: String, _ engine: any ObjectEngine, _ what: String, _ actual: T, expected: T) throws {
        if actual != expected {
            throw BenchError.disagreement(workload: workload, engine: engine.name,
                                          detail: "\(what): got \(actual); expected \(expected)")
        }
    }

    /// Logs one measurement to standard error.
    func progress(_ workload: String, _ engine: any ObjectEngine, _ message: String) {
        Log.progress("[\(workload)] \(engine.name): \(message)")
    }
}
