/// One benchmark: it runs on every engine, checks that they all produced the expected result,
/// and returns the figures for the report.
protocol Workload {
    /// The name `--only` selects.
    var name: String { get }
    /// One line for `--list`.
    var summary: String { get }
    /// Runs on every engine of `context`; throws ``BenchError/disagreement(workload:engine:detail:)``
    /// when an engine's result is not the expected one.
    func run(in context: BenchContext) throws -> [ResultRow]

    /// Whether the workload compares object stores (Fief, SQLite, GRDB) rather than key-value
    /// stores; its rows go to the report's object-level table.
    var isObjectLevel: Bool { get }
}

extension Workload {
    var isObjectLevel: Bool { false }
}

/// The object-level workloads share this: their rows go to the object-level table.
protocol ObjectWorkload: Workload {
    /// Runs on every object engine of `context`.
    func run(in context: ObjectContext) throws -> [ResultRow]
}

extension ObjectWorkload {
    var isObjectLevel: Bool { true }

    func run(in context: BenchContext) throws -> [ResultRow] {
        try run(in: context.objects)
    }
}

/// Every workload, in report order.
enum WorkloadCatalog {
    static func all(_ config: BenchConfig) -> [any Workload] {
        [
            BulkInsertWorkload(randomOrder: false),
            BulkInsertWorkload(randomOrder: true),
            RandomGetWorkload(),
            OrderedScanWorkload(),
            SinglePutCommitsWorkload(mode: .durable, commitsPerRun: config.durableCommits),
            SinglePutCommitsWorkload(mode: .nonDurable, commitsPerRun: config.nonDurableCommits),
            ChurnFileSizeWorkload(),
            SpaceReturnWorkload(),
            OpenTimeWorkload(),
            GroupCommitWorkload(),
            ObjectInsertWorkload(),
            ObjectLookupWorkload(),
            AgeRangeCountWorkload(),
            NameQueryWorkload(),
            ScoreSumWorkload(),
            ObjectUpdateWorkload(),
            ObjectDeleteWorkload(),
            DurableUpdatesWorkload(),
            NotificationLatencyWorkload(),
            PeakMemoryWorkload(step: .readAll),
            OpenReadOneWorkload(cold: true),
            OpenReadOneWorkload(cold: false),
            IterateObjectsWorkload(),
            UnindexedInsertWorkload(),
            CompactedSizeWorkload(),
            PeakMemoryWorkload(step: .bulkInsert(count: config.objects.objectCount)),
            WireCodecWorkload(),
            SyncMergeWorkload(),
            SyncEndToEndWorkload(),
            SyncConnectionsWorkload(),
            SyncScaleWorkload(),
            SyncDownloadWorkload(),
            SyncFlexibleWorkload(),
        ]
    }
}
