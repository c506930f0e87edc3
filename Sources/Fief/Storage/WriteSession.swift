import FiefStorage

/// The object store's state for one write transaction: the storage transaction, the clusters
/// it has decoded and changed, sequence counters, and the changeset being recorded.
final class WriteSession {
    let txn: Transaction
    /// Dirty and loaded clusters per class (by table id), by cluster start.
    @exclusivity(unchecked) var clusters = SessionClusters()
    @exclusivity(unchecked) var clusterCount = 0
    /// The last cluster an insert used per class (at its table id), with the start of the
    /// next cluster.
    @exclusivity(unchecked) private var appendHints: [AppendHint?] = []
    /// Next object keys for classes without an Int primary key.
    @exclusivity(unchecked) var sequences: [String: UInt64] = [:]
    @exclusivity(unchecked) var changeset = ChangesetBuilder()
    /// Before-images of the rows this transaction changes, captured only in synced realms
    /// (nil otherwise, and while integrating downloaded changesets).
    @exclusivity(unchecked) var undoLog: UndoLog?
    /// The sync changeset being recorded, for realms that record sync history (nil otherwise:
    /// the one check local-only realms pay per operation).
    let sync: SyncRecorder?
    /// Cached sync identity trees of this transaction (created on first use).
    @exclusivity(unchecked) var identityTrees: IdentityTrees?
    /// Classes (by table id) whose set of clusters this transaction changed.
    var modifiedTables: Set<Int> = []
    /// Classes whose cluster tree this transaction dropped.
    var droppedClasses: Set<String> = []
    /// Counts changes to objects, so live results know to re-evaluate.
    @exclusivity(unchecked) var mutations: UInt64 = 0
    /// Clusters emptied and removed by a write-back, per class (their directories drop them).
    @exclusivity(unchecked) var removedClusters: [Int: [UInt64]] = [:]
    /// Adding a new object adds the new objects it links to inside it, and deleting an object
    /// deletes the embedded objects it owns inside it: one level per link, as deep as the graph.
    let graphRecursion = DeepRecursion()
    /// The new objects whose rows are being gathered, outermost first: they have their keys
    /// but no rows yet, and a cycle of new objects links back to them.
    @exclusivity(unchecked) var objectsBeingAdded: [ObjectIdentifier] = []
    /// Objects deleted in this transaction, per class, for link cleanup at commit.
    @exclusivity(unchecked) var deleted: [String: Set<UInt64>] = [:]
    /// The keys of objects with a primary key that is not an `Int` whose creation an undo in this
    /// transaction took back, per class and primary key. Integrating a download undoes the
    /// pending sync changesets and redoes them on top of the server's: the redone creation takes
    /// the same key again, so that objects the user holds stay valid across the rebase.
    @exclusivity(unchecked) var undoneCreations: [String: [StoredValue: UInt64]] = [:]

    /// Beyond this many decoded clusters the cache is written back to the storage tree.
    static let cacheLimit = 8192
    /// Beyond this many values the cache is written back too: it bounds the cache's memory
    /// (8 bytes an int or double, about 32 bytes another value, more for long strings and
    /// collections; see ``ColumnValues``) in a bulk load. It grows for a transaction that
    /// comes back to clusters it wrote back (``growValueLimitIfRevisiting()``).
    @exclusivity(unchecked) var valueLimit = 1_000_000
    /// The most ``valueLimit`` grows to for a transaction that keeps coming back to clusters
    /// it wrote back (about 64 MB of ints and doubles, 256 MB of other values).
    static let maxValueLimit = 8_000_000
    /// Values held by the cached clusters: decoded from the tree or inserted.
    @exclusivity(unchecked) var cachedValues = 0
    /// How many times the cache was written back (the commit's own write-back included).
    @exclusivity(unchecked) var writeBacks = 0
    /// How many full clusters a bulk load wrote back at once.
    private(set) var fullClusterWriteBacks = 0
    /// Clusters this transaction wrote back and dropped from the cache, by table id, and how
    /// many clusters were loaded (and how many of those again) since the last write-back.
    private var writtenBack: [Int: Set<UInt64>] = [:]
    private var loadsSinceWriteBack = 0
    private var reloadsSinceWriteBack = 0
    /// Whether a bulk load writes each full cluster it leaves behind back at once (see
    /// ``TableStore``'s insert): true until the transaction loads one of those clusters again,
    /// which tells a transaction that comes back to what it added. (Tests turn it off to have
    /// a bulk load fill the cache.)
    var writesBackFullClusters = true
    /// The full clusters written back at once, by table id, until ``writesBackFullClusters``
    /// turns false.
    private var fullClustersWrittenBack: [Int: Set<UInt64>] = [:]

    /// The cluster the last insert into class `table` used, and the start of the next one,
    /// when `key` belongs to that cluster.
    @inline(__always)
    func appendHint(_ table: Int, covering key: UInt64) -> AppendHint? {
        guard table < appendHints.count, let hint = appendHints[table], key >= hint.cluster.start,
              hint.next.map({ key < $0 }) ?? true else { return nil }
        return hint
    }

    /// Remembers (or, with nil, forgets) the cluster the last insert into class `table` used.
    /// Inlined into each insert (called, it costs about 20 instructions more per object).
    @inline(__always)
    func setAppendHint(_ hint: AppendHint?, _ table: Int) {
        while appendHints.count <= table { appendHints.append(nil) }
        appendHints[table] = hint
    }

    /// Forgets every class's last insert cluster (after a write-back, which drops the clusters).
    func clearAppendHints() {
        appendHints = []
    }

    /// Notes that cluster `start` of class `table` is being loaded into the cache.
    func noteLoad(_ table: Int, _ start: UInt64) {
        loadsSinceWriteBack += 1
        if writtenBack[table]?.contains(start) == true { reloadsSinceWriteBack += 1 }
        if writesBackFullClusters, fullClustersWrittenBack[table]?.contains(start) == true {
            writesBackFullClusters = false
            fullClustersWrittenBack = [:]
        }
    }

    /// Notes that a bulk load wrote full cluster `start` of class `table` back at once.
    func noteFullClusterWrittenBack(_ table: Int, _ start: UInt64) {
        fullClustersWrittenBack[table, default: []].insert(start)
        fullClusterWriteBacks += 1
    }

    /// Notes that every cached cluster (`byTable`, as ``SessionClusters/byTable`` lists them)
    /// is being written back and dropped.
    func noteWriteBack(_ byTable: [(table: Int, clusters: [MutableCluster])]) {
        for (table, clusters) in byTable { writtenBack[table, default: []].formUnion(clusters.map(\.start)) }
        loadsSinceWriteBack = 0
        reloadsSinceWriteBack = 0
    }

    /// Lets the cache hold twice as many values (up to ``maxValueLimit``) when at least a
    /// quarter of the clusters loaded since the last write-back (8 or more) had been written
    /// back before: the transaction comes back to what it changed (random updates or deletes
    /// across a large class), and writing everything back would only have it decode the same
    /// clusters again.
    /// A bulk load, which never comes back, keeps the limit. Returns whether the limit grew.
    func growValueLimitIfRevisiting() -> Bool {
        // A bulk load reloads one cluster after each write-back (the last, now full): 8 loads
        // or more tell a pattern from that.
        guard valueLimit < Self.maxValueLimit, loadsSinceWriteBack >= 8, reloadsSinceWriteBack * 4 >= loadsSinceWriteBack else { return false }
        valueLimit = min(valueLimit * 2, Self.maxValueLimit)
        return true
    }

    init(txn: Transaction, recordsSync: Bool = false) {
        self.txn = txn
        sync = recordsSync ? SyncRecorder() : nil
    }
}

/// The cluster the last insert into a class used (one of the session's decoded clusters, so
/// the next insert and its primary-key check need no lookup) and the start of the cluster
/// after it (nil for the last), which bounds the keys that belong to it.
struct AppendHint {
    let cluster: MutableCluster
    let next: UInt64?
}
