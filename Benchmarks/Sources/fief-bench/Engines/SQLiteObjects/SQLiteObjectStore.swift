import CSQLite

/// The object table in SQLite through its C API: WAL, statements prepared once, explicit
/// BEGIN/COMMIT around each transaction, each row read into a ``SQLiteItemRow``.
final class SQLiteObjectStore: ObjectStore {
    let connection: SQLiteConnection
    private let path: String
    private let insertStatement: OpaquePointer
    private let selectByIDStatement: OpaquePointer
    private let countAgesStatement: OpaquePointer
    private let selectByNameStatement: OpaquePointer
    private let sumScoresStatement: OpaquePointer
    private let incrementStatement: OpaquePointer
    private let deleteStatement: OpaquePointer
    private let selectAllStatement: OpaquePointer
    private let beginStatement: OpaquePointer
    private let commitStatement: OpaquePointer
    /// Set while a change observation runs: collects the changes the hooks report.
    private var changes: SQLiteChangeHooks?

    /// Opens the database at `path` in WAL mode with the synchronous level of `mode`; with
    /// `create`, also sets the page size and creates the table and (with `indexName`) its index.
    init(path: String, mode: ObjectCommitMode, create: Bool, indexName: Bool = true) throws {
        self.path = path
        connection = try SQLiteConnection(path: path, create: create)
        if create { try connection.execute("PRAGMA page_size=\(SQLiteObjectSchema.pageSize)") }
        try connection.execute("PRAGMA journal_mode=WAL")
        try connection.execute(SQLiteObjectSchema.synchronous(mode))
        if create {
            try connection.execute(SQLiteObjectSchema.createTable)
            if indexName { try connection.execute(SQLiteObjectSchema.createIndex) }
        }
        insertStatement = try connection.prepare(SQLiteObjectSchema.insert)
        selectByIDStatement = try connection.prepare(SQLiteObjectSchema.selectByID)
        countAgesStatement = try connection.prepare(SQLiteObjectSchema.countAges)
        selectByNameStatement = try connection.prepare(SQLiteObjectSchema.selectByName)
        sumScoresStatement = try connection.prepare(SQLiteObjectSchema.sumScores)
        incrementStatement = try connection.prepare(SQLiteObjectSchema.incrementScore)
        deleteStatement = try connection.prepare(SQLiteObjectSchema.deleteByID)
        selectAllStatement = try connection.prepare(SQLiteObjectSchema.selectAll)
        beginStatement = try connection.prepare("BEGIN")
        commitStatement = try connection.prepare("COMMIT")
    }

    func insert(_ data: ObjectDataset, _ range: Range<Int>) throws {
        try transaction {
            for i in range {
                try connection.bind(insertStatement, 1, i)
                try connection.bind(insertStatement, 2, data.names[i])
                try connection.bind(insertStatement, 3, data.scores[i])
                try connection.bind(insertStatement, 4, data.ages[i])
                try connection.run(insertStatement, SQLiteObjectSchema.insert)
            }
        }
    }

    func lookup(_ ids: [Int]) throws -> ObjectDigest {
        try transaction {
            var digest = ObjectDigest()
            for id in ids {
                try connection.bind(selectByIDStatement, 1, id)
                try connection.forEachRow(selectByIDStatement) { SQLiteItemRow($0).add(to: &digest) }
            }
            return digest
        }
    }

    func count(ages: Range<Int>) throws -> Int {
        try connection.bind(countAgesStatement, 1, ages.lowerBound)
        try connection.bind(countAgesStatement, 2, ages.upperBound)
        var count = 0
        try connection.forEachRow(countAgesStatement) { count = sqliteInt($0, 0) }
        return count
    }

    func query(names: [String]) throws -> ObjectDigest {
        try transaction {
            var digest = ObjectDigest()
            for name in names {
                try connection.bind(selectByNameStatement, 1, name)
                try connection.forEachRow(selectByNameStatement) { SQLiteItemRow($0).add(to: &digest) }
            }
            return digest
        }
    }

    func sumScores() throws -> Double {
        var sum = 0.0
        try connection.forEachRow(sumScoresStatement) { sum = sqliteDouble($0, 0) }
        return sum
    }

    func iterateScores() throws -> Double {
        try transaction {
            var sum = 0.0
            try connection.forEachRow(selectAllStatement) { sum += sqliteDouble($0, 2) }
            return sum
        }
    }

    func incrementScores(_ ids: ArraySlice<Int>) throws {
        try transaction {
            for id in ids { try increment(id) }
        }
    }

    func delete(_ ids: ArraySlice<Int>) throws {
        try transaction {
            for id in ids {
                try connection.bind(deleteStatement, 1, id)
                try connection.run(deleteStatement, SQLiteObjectSchema.deleteByID)
            }
        }
    }

    func readAll() throws -> ObjectDigest {
        let rows = try transaction {
            var rows: [SQLiteItemRow] = []
            try connection.forEachRow(selectAllStatement) { rows.append(SQLiteItemRow($0)) }
            return rows
        }
        var digest = ObjectDigest()
        for row in rows { row.add(to: &digest) }
        return digest
    }

    func incrementScore(id: Int, beforeCommit: () -> Void) throws {
        try transaction {
            try increment(id)
            beforeCommit()
        }
    }

    /// Installs the update, commit and rollback hooks on this connection and starts an observer
    /// thread that re-reads the object on a connection of its own after each commit touching it.
    func observeScore(id: Int, _ onScore: @escaping @Sendable (Double) -> Void) throws -> any ObjectObservation {
        let observer = try SQLiteScoreObserver(path: path, id: id, onScore: onScore)
        let hooks = SQLiteChangeHooks(connection: connection) { rowids in observer.changed(rowids) }
        changes = hooks
        return SQLiteObservation { [weak self] in
            hooks.uninstall()
            self?.changes = nil
            observer.stop()
        }
    }

    func writerSource() -> any ObjectWriterSource {
        SQLiteObjectWriterSource(path: path)
    }

    func compact() throws {
        try connection.execute("VACUUM")
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    func close() throws {
        changes?.uninstall()
        changes = nil
        connection.close()
    }

    @inline(__always)
    private func increment(_ id: Int) throws {
        try connection.bind(incrementStatement, 1, id)
        try connection.run(incrementStatement, SQLiteObjectSchema.incrementScore)
    }

    /// Runs `body` in one transaction; after a successful commit, the observation (if any)
    /// publishes what the hooks collected.
    private func transaction<R>(_ body: () throws -> R) throws -> R {
        let result = try connection.transaction(begin: beginStatement, commit: commitStatement, body)
        changes?.publishCommitted()
        return result
    }
}
