import CSQLite

/// Opens one SQLite connection per writer thread, as raw SQLite is used from several threads.
struct SQLiteObjectWriterSource: ObjectWriterSource {
    let path: String

    func makeWriter() throws -> any ObjectWriter {
        try SQLiteObjectWriter(path: path)
    }
}

/// A writer thread's own connection: `synchronous=FULL`, a busy timeout so that writers queue
/// for the write lock, and `BEGIN IMMEDIATE` so a transaction takes that lock up front.
final class SQLiteObjectWriter: ObjectWriter {
    private let connection: SQLiteConnection
    private let begin: OpaquePointer
    private let increment: OpaquePointer
    private let commit: OpaquePointer

    init(path: String) throws {
        connection = try SQLiteConnection(path: path, create: false)
        try connection.execute(SQLiteObjectSchema.synchronous(.durable))
        try connection.execute("PRAGMA busy_timeout=\(SQLiteObjectSchema.busyTimeoutMilliseconds)")
        begin = try connection.prepare("BEGIN IMMEDIATE")
        increment = try connection.prepare(SQLiteObjectSchema.incrementScore)
        commit = try connection.prepare("COMMIT")
    }

    func incrementScore(id: Int) throws {
        try connection.transaction(begin: begin, commit: commit) {
            try connection.bind(increment, 1, id)
            try connection.run(increment, SQLiteObjectSchema.incrementScore)
        }
    }

    func close() throws {
        connection.close()
    }
}
