/// What every workload shares: the settings, the engines, scratch space and the main data set.
final class BenchContext {
    let config: BenchConfig
    let engines: [any Engine]
    let scratch: ScratchSpace

    /// The N-record data set, generated the first time a workload needs it.
    private(set) lazy var dataset: Dataset = {
        Log.progress("generating \(config.recordCount) records")
        return Dataset(count: config.recordCount)
    }()

    /// What the object-level workloads share.
    let objects: ObjectContext

    init(config: BenchConfig, engines: [any Engine], objectEngines: [any ObjectEngine], scratch: ScratchSpace) {
        self.config = config
        self.engines = engines
        self.scratch = scratch
        objects = ObjectContext(config: config.objects, runs: config.runs, engines: objectEngines, scratch: scratch)
    }

    /// Creates an empty store of `engine` in a fresh directory, runs `body` with it and the
    /// directory, then closes the store and deletes the directory (also when `body` throws).
    func withFreshStore<R>(_ engine: any Engine, label: String, _ setup: StoreSetup = StoreSetup(),
                           _ body: (any KVStore, String) throws -> R) throws -> R {
        let directory = try scratch.freshDirectory("\(label)-\(engine.name)")
        defer { scratch.remove(directory) }
        let store = try engine.create(in: directory, setup)
        do {
            let result = try body(store, directory)
            try store.close()
            return result
        } catch {
            try? store.close()
            throw error
        }
    }

    /// Fails unless `actual` is `expected`.
    func check(_ workload: String, _ engine: any Engine, _ what: String, _ actual: Digest, expected: Digest) throws {
        if actual != expected {
            throw BenchError.disagreement(workload: workload, engine: engine.name,
                                          detail: "\(what): got \(actual); expected \(expected)")
        }
    }

    /// Fails unless the scan saw exactly `expected`, in strictly ascending key order.
    func check(_ workload: String, _ engine: any Engine, _ what: String, _ scan: ScanSummary, expected: Digest) throws {
        if scan != ScanSummary(digest: expected, inOrder: true) {
            throw BenchError.disagreement(workload: workload, engine: engine.name,
                                          detail: "\(what): got \(scan); expected \(expected) in key order")
        }
    }

    /// Logs one measurement to standard error.
    func progress(_ workload: String, _ engine: any Engine, _ message: String) {
        Log.progress("[\(workload)] \(engine.name): \(message)")
    }
}
