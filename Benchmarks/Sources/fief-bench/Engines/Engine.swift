/// How a store's commits reach the disk.
enum CommitMode: String, Codable, Sendable {
    /// Each commit is on stable storage when it returns (Fief `.full`, LMDB default flags,
    /// SQLite `synchronous=FULL`).
    case durable
    /// Commits skip (or defer) the sync (Fief `.relaxed()`, LMDB `MDB_NOSYNC`, SQLite
    /// `synchronous=OFF`).
    case nonDurable
}

/// How a workload wants a store opened.
struct StoreSetup: Sendable {
    var commitMode = CommitMode.durable
    /// The workload holds a read transaction open on the thread that also writes. LMDB documents
    /// that as allowed only with `MDB_NOTLS`, so its engine adds that flag; the others ignore it.
    var longLivedReader = false
}

/// One storage engine under test: how to create and open its stores, which files they occupy,
/// and the settings the report header lists.
protocol Engine {
    /// The engine's column title in the report ("Fief", "LMDB", "SQLite").
    var name: String { get }

    /// Lines describing every setting that matters, read from a real store created in
    /// `probeDirectory` where possible rather than assumed.
    func settings(probeDirectory: String) throws -> [String]

    /// Creates an empty store in the empty directory `directory`.
    func create(in directory: String, _ setup: StoreSetup) throws -> any KVStore

    /// Opens the store that `create` made in `directory`.
    func open(in directory: String, _ setup: StoreSetup) throws -> any KVStore

    /// The files that make up the store in `directory` (for file sizes and handle checks).
    func storeFiles(in directory: String) -> [String]
}

/// An open key-value store of one engine, holding one ordered table of byte keys and values.
///
/// Each method runs whole transactions, so the per-record loop is each engine's own code with no
/// dynamic dispatch inside it.
protocol KVStore: AnyObject {
    /// Performs puts `range` of `puts` in one write transaction and commits it.
    func putInOneTransaction(_ puts: PutList, _ range: Range<Int>) throws

    /// Performs each put of `range` in its own write transaction, committing each.
    func putEachInOwnTransaction(_ puts: PutList, _ range: Range<Int>) throws

    /// Looks up `keys[i]` for each `i` in `order`, in one read transaction, and returns the
    /// digest of the entries found (absent keys are skipped, so the count shows them).
    func get(_ keys: RecordArena, order: [Int]) throws -> Digest

    /// Reads every entry in key order in one read transaction.
    func scan() throws -> ScanSummary

    /// Opens a read transaction that stays open until ``LongLivedReader/end()``.
    func beginLongLivedReader() throws -> any LongLivedReader

    /// Closes the store and releases its files. End every long-lived reader first.
    func close() throws
}

/// A read transaction held open while the store keeps changing.
protocol LongLivedReader: AnyObject {
    /// Reads every entry of the reader's snapshot in key order.
    func scan() throws -> ScanSummary

    /// Ends the read transaction.
    func end() throws
}
