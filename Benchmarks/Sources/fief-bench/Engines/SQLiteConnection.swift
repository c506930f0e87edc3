import CSQLite

/// One SQLite connection, with the few calls the benchmark needs and errors turned into throws.
final class SQLiteConnection {
    private(set) var db: OpaquePointer?
    private var statements: [OpaquePointer] = []

    /// Opens the database file at `path` (creating it when `create` is set) with the default
    /// threading mode.
    init(path: String, create: Bool) throws {
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let code = sqlite3_open_v2(path, &db, flags, nil)
        if code != SQLITE_OK {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "code \(code)"
            sqlite3_close(db)
            db = nil
            throw BenchError.engine(name: "SQLite", operation: "open \(path)", message: message)
        }
    }

    deinit {
        close()
    }

    /// Runs one or more statements that return nothing the caller needs.
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(db, sql, nil, nil, nil), sql)
    }

    /// The first column of the first row of `sql`, as text (for reading PRAGMA values).
    func text(_ sql: String) throws -> String {
        let statement = try prepare(sql)
        defer { finalize(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else {
            try check(code == SQLITE_DONE ? SQLITE_ERROR : code, sql)
            return ""
        }
        return String(cString: text)
    }

    /// A prepared statement, finalized by ``finalize(_:)`` or when the connection closes.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), "prepare \(sql)")
        guard let statement else { throw BenchError.engine(name: "SQLite", operation: "prepare \(sql)", message: "empty statement") }
        statements.append(statement)
        return statement
    }

    /// Finalizes one statement made by ``prepare(_:)``.
    func finalize(_ statement: OpaquePointer) {
        sqlite3_finalize(statement)
        statements.removeAll { $0 == statement }
    }

    /// Runs a statement that returns no rows, then resets it for reuse.
    @inline(__always)
    func run(_ statement: OpaquePointer, _ operation: @autoclosure () -> String) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        if code != SQLITE_DONE { try check(code, operation()) }
    }

    /// Binds `bytes` to parameter `index` without copying (`SQLITE_STATIC`): the bytes must
    /// stay valid until the statement is reset.
    @inline(__always)
    func bind(_ statement: OpaquePointer, _ index: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        try check(sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), nil), "bind")
    }

    /// Runs `body` between the prepared `begin` and `commit` statements, rolling back if it throws.
    func transaction<R>(begin: OpaquePointer, commit: OpaquePointer, _ body: () throws -> R) throws -> R {
        try run(begin, "BEGIN")
        let result: R
        do {
            result = try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        try run(commit, "COMMIT")
        return result
    }

    /// Finalizes every statement and closes the connection (which checkpoints the WAL).
    func close() {
        for statement in statements { sqlite3_finalize(statement) }
        statements.removeAll()
        if db != nil { sqlite3_close(db) }
        db = nil
    }

    /// Throws for any result code other than `SQLITE_OK`.
    @inline(__always)
    func check(_ code: Int32, _ operation: @autoclosure () -> String) throws {
        if code != SQLITE_OK {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "code \(code)"
            throw BenchError.engine(name: "SQLite", operation: operation(), message: "\(message) (code \(code))")
        }
    }
}

/// The bytes of blob column `column` of the current row, valid until the statement moves on.
@inline(__always)
func sqliteBlob(_ statement: OpaquePointer, _ column: Int32) -> UnsafeRawBufferPointer {
    let start = sqlite3_column_blob(statement, column)
    return UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, column)))
}
