/// The sizes of the object-level workloads (O1–O10), chosen by the ``BenchMode``.
struct ObjectBenchConfig: Codable, Sendable {
    /// N: objects loaded into every store.
    let objectCount: Int
    /// Primary-key lookups per timed run (O2).
    let lookups: Int
    /// Age ranges counted per timed run (O3): `[10k, 10k + 10)` for `k` in `0..<ageQueries`.
    let ageQueries: Int
    /// Name lookups per timed run (O4).
    let nameQueries: Int
    /// Objects updated (O6) or deleted (O7) by each timed transaction.
    let batch: Int
    /// Durable single-update commits per timed run (O8), split among the writers.
    let commits: Int
    /// Untimed commits before the timed ones (O8).
    let commitWarmup: Int
    /// Threads of the concurrent variant of O8, each with its own writer.
    let concurrentWriters: Int
    /// Commits whose notification latency is measured per timed run (O9).
    let notifications: Int
    /// Untimed commit–notification rounds first (O9).
    let notificationWarmup: Int
    /// How long to wait for one notification before calling the engine broken, in seconds.
    let notificationTimeout: Double

    init(mode: BenchMode) {
        let full = mode == .full
        objectCount = full ? 1_000_000 : 20_000
        lookups = full ? 200_000 : 5_000
        ageQueries = 10
        nameQueries = full ? 50_000 : 2_000
        batch = full ? 100_000 : 2_000
        commits = full ? 400 : 48
        commitWarmup = full ? 16 : 8
        concurrentWriters = 8
        notifications = full ? 300 : 30
        notificationWarmup = 10
        notificationTimeout = 10
    }
}
