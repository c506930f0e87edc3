import CSQLite

/// A SQLite database holding the benchmark's table, with its statements prepared once.
final class SQLiteStore: KVStore {
    let connection: SQLiteConnection
    private let path: String
    private let putStatement: OpaquePointer
    private let getStatement: OpaquePointer
    private let scanStatement: OpaquePointer
    private let beginStatement: OpaquePointer
    private let commitStatement: OpaquePointer

    /// Opens the database at `path`, setting WAL mode and the synchronous level for `setup`;
    /// with `create`, also sets the page size and creates the table.
    init(path: String, setup: StoreSetup, create: Bool) throws {
        self.path = path
        connection = try SQLiteConnection(path: path, create: create)
        if create { try connection.execute("PRAGMA page_size=\(SQLiteEngine.pageSize)") }
        try connection.execute("PRAGMA journal_mode=WAL")
        try connection.execute("PRAGMA synchronous=\(setup.commitMode == .durable ? "FULL" : "OFF")")
        if create { try connection.execute(SQLiteEngine.createTable) }
        putStatement = try connection.prepare(SQLiteEngine.put)
        getStatement = try connection.prepare(SQLiteEngine.get)
        scanStatement = try connection.prepare(SQLiteEngine.scan)
        beginStatement = try connection.prepare("BEGIN")
        commitStatement = try connection.prepare("COMMIT")
    }

    func putInOneTransaction(_ puts: PutList, _ range: Range<Int>) throws {
        try transaction {
            for j in range { try put(puts.key(j), puts.value(j)) }
        }
    }

    func putEachInOwnTransaction(_ puts: PutList, _ range: Range<Int>) throws {
        for j in range {
            try transaction { try put(puts.key(j), puts.value(j)) }
        }
    }

    func get(_ keys: RecordArena, order: [Int]) throws -> Digest {
        try transaction {
            var digest = Digest()
            for index in order {
                let key = keys[index]
                try connection.bind(getStatement, 1, key)
                let code = sqlite3_step(getStatement)
                if code == SQLITE_ROW {
                    digest.add(key: key, value: sqliteBlob(getStatement, 0))
                } else if code != SQLITE_DONE {
                    sqlite3_reset(getStatement)
                    try connection.check(code, SQLiteEngine.get)
                }
                sqlite3_reset(getStatement)
            }
            return digest
        }
    }

    func scan() throws -> ScanSummary {
        try transaction { try Self.scan(scanStatement, connection) }
    }

    /// A second connection whose explicit transaction keeps its WAL snapshot until it ends.
    func beginLongLivedReader() throws -> any LongLivedReader {
        try SQLiteReader(path: path)
    }

    func close() throws {
        connection.close()
    }

    /// Steps `statement` (a scan) through every row, then resets it.
    fileprivate static func scan(_ statement: OpaquePointer, _ connection: SQLiteConnection) throws -> ScanSummary {
        defer { sqlite3_reset(statement) }
        var accumulator = ScanAccumulator()
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            accumulator.visit(key: sqliteBlob(statement, 0), value: sqliteBlob(statement, 1))
            code = sqlite3_step(statement)
        }
        if code != SQLITE_DONE { try connection.check(code, SQLiteEngine.scan) }
        return accumulator.summary
    }

    /// Runs `body` between BEGIN and COMMIT, rolling back if it throws.
    private func transaction<R>(_ body: () throws -> R) throws -> R {
        try connection.transaction(begin: beginStatement, commit: commitStatement, body)
    }

    @inline(__always)
    private func put(_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws {
        try connection.bind(putStatement, 1, key)
        try connection.bind(putStatement, 2, value)
        try connection.run(putStatement, SQLiteEngine.put)
    }
}

/// A second SQLite connection holding a read transaction open.
private final class SQLiteReader: LongLivedReader {
    private let connection: SQLiteConnection
    private let scanStatement: OpaquePointer

    init(path: String) throws {
        connection = try SQLiteConnection(path: path, create: false)
        scanStatement = try connection.prepare(SQLiteEngine.scan)
        try connection.execute("BEGIN")
        // The snapshot is taken by the first read; step once to take it now.
        let code = sqlite3_step(scanStatement)
        sqlite3_reset(scanStatement)
        if code != SQLITE_ROW && code != SQLITE_DONE { try connection.check(code, SQLiteEngine.scan) }
    }

    func scan() throws -> ScanSummary {
        try SQLiteStore.scan(scanStatement, connection)
    }

    func end() throws {
        try connection.execute("COMMIT")
        connection.close()
    }
}
