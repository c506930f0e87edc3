/// How big and how repeated a run is.
enum BenchMode: String, Codable, Sendable {
    /// A smoke test that takes seconds.
    case quick
    /// The figures worth quoting.
    case full
}

/// Every size and repetition count of one run, chosen by its ``BenchMode``.
struct BenchConfig: Codable, Sendable {
    let mode: BenchMode
    /// N: records in the main data set (16-byte keys, 100-byte values).
    let recordCount: Int
    /// Timed runs per figure; the report gives their median, minimum and maximum.
    let runs: Int
    /// Records loaded before the single-put commit workloads start.
    let commitPreload: Int
    /// Untimed commits before each engine's timed commits.
    let commitWarmup: Int
    /// Commits per timed run with full durability.
    let durableCommits: Int
    /// Commits per timed run without durability.
    let nonDurableCommits: Int
    /// Records loaded before the churn.
    let churnKeys: Int
    /// Update transactions of the churn.
    let churnTransactions: Int
    /// Random keys updated by each churn transaction.
    let churnUpdatesPerTransaction: Int
    /// Live data (keys plus values) of the open-time store.
    let openLiveBytes: Int
    /// Value size of the open-time store (large enough to fill it quickly, small enough for
    /// every engine to keep values inside leaf pages of 4 KiB).
    let openValueSize: Int
    /// Live data written per transaction while building the open-time store.
    let openBatchBytes: Int
    /// Timed opens of the open-time store (after one untimed open).
    let openRepeats: Int
    /// LMDB's map size.
    let lmdbMapSize: Int
    /// The object-level sizes (workloads O1–O10).
    let objects: ObjectBenchConfig

    init(mode: BenchMode) {
        self.mode = mode
        let full = mode == .full
        recordCount = full ? 1_000_000 : 20_000
        runs = full ? 3 : 1
        commitPreload = recordCount / 10
        commitWarmup = full ? 10 : 5
        durableCommits = full ? 300 : 50
        nonDurableCommits = full ? 5_000 : 500
        churnKeys = full ? 200_000 : 20_000
        churnTransactions = 100
        churnUpdatesPerTransaction = full ? 2_000 : 200
        openLiveBytes = full ? 1 << 30 : 20 << 20
        openValueSize = 800
        openBatchBytes = 64 << 20
        openRepeats = 5
        lmdbMapSize = full ? 4 << 30 : 256 << 20
        objects = ObjectBenchConfig(mode: mode)
    }
}
