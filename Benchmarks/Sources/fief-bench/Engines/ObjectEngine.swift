/// How an object store's commits reach the disk in the object-level workloads.
enum ObjectCommitMode: String, Codable, Sendable {
    /// Each commit is on stable storage when it returns (SQLite and GRDB `synchronous=FULL`).
    case durable
    /// The usual app setting for change notifications: commits are atomic but not synced one by
    /// one (SQLite and GRDB `synchronous=NORMAL` in WAL mode).
    case normal
}

/// One engine at the object level: objects `{id: Int primary key, name: String indexed,
/// score: Double, age: Int}`, stored and queried the way a user of that engine would.
protocol ObjectEngine: Sendable {
    /// The engine's column title in the report ("Fief", "SQLite", "GRDB").
    var name: String { get }

    /// Whether the engine can deliver change notifications in this build (workload O9).
    var observesChanges: Bool { get }

    /// Lines describing every setting that matters, read from a real store created in
    /// `probeDirectory` where possible rather than assumed.
    func settings(probeDirectory: String) throws -> [String]

    /// Creates an empty store, with the object type declared, in the empty directory `directory`.
    func create(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore

    /// Opens the store that `create` made in `directory`.
    func open(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore

    /// Creates an empty durable store in the empty directory `directory` whose object type has
    /// no secondary index (`name` not indexed): the bulk insert without an index (O14).
    func createUnindexed(in directory: String) throws -> any ObjectLoading
}

/// What a store must do to be loaded and checked: the bulk-insert workloads need no more.
protocol ObjectLoading: AnyObject {
    /// Inserts objects `range` of `data` in one write transaction and commits it.
    func insert(_ data: ObjectDataset, _ range: Range<Int>) throws

    /// Reads every object into memory as the engine's natural in-memory form (structs or live
    /// objects), keeps them all until the digest is taken, and returns it.
    func readAll() throws -> ObjectDigest

    /// Closes the store and releases its files.
    func close() throws
}

/// An open object store. Each method is one whole transaction (or one read of a snapshot), so
/// the per-object loop is the engine's own code.
protocol ObjectStore: ObjectLoading {
    /// Looks up each of `ids` by primary key, reading all four fields, in one read transaction.
    func lookup(_ ids: [Int]) throws -> ObjectDigest

    /// Counts the objects with `ages.lowerBound <= age < ages.upperBound` (age is not indexed).
    func count(ages: Range<Int>) throws -> Int

    /// Fetches the objects named each of `names` (name is indexed), reading all four fields, in
    /// one read transaction.
    func query(names: [String]) throws -> ObjectDigest

    /// The sum of every object's score, as the engine's aggregate.
    func sumScores() throws -> Double

    /// The sum of every object's score, by a loop over every object (live object or row) that
    /// reads its score: how an app iterates (O13).
    func iterateScores() throws -> Double

    /// Adds 1 to the score of each of `ids` in one write transaction.
    func incrementScores(_ ids: ArraySlice<Int>) throws

    /// Rewrites the store without its free space, the way the engine's users do it (Fief:
    /// reopening with `shouldCompactOnLaunch`; SQLite and GRDB: `VACUUM`, then a truncating WAL
    /// checkpoint), and leaves it open (O15).
    func compact() throws

    /// Deletes the objects with `ids` in one write transaction.
    func delete(_ ids: ArraySlice<Int>) throws

    /// Adds 1 to the score of object `id` in its own write transaction; `beforeCommit` runs
    /// inside the transaction right before the commit starts.
    func incrementScore(id: Int, beforeCommit: () -> Void) throws

    /// Starts observing object `id` the way a user of the engine would; `onScore` receives its
    /// score (from any thread) each time the engine notifies.
    func observeScore(id: Int, _ onScore: @escaping @Sendable (Double) -> Void) throws -> any ObjectObservation

    /// What each thread of the concurrent-writer workload uses to get a writer of its own.
    func writerSource() -> any ObjectWriterSource
}

/// Makes writers on the thread that will use them.
protocol ObjectWriterSource: Sendable {
    /// A writer for the calling thread: its own connection, or a handle on a shared one where
    /// that is how the engine is meant to be used from several threads.
    func makeWriter() throws -> any ObjectWriter
}

/// One writer thread's handle on the store.
protocol ObjectWriter: AnyObject {
    /// Adds 1 to the score of object `id` in its own durable write transaction.
    func incrementScore(id: Int) throws

    /// Releases the writer.
    func close() throws
}

/// A running change observation.
protocol ObjectObservation: AnyObject {
    /// Stops the observation; no notification arrives after it returns.
    func stop()
}
