import CSQLite

/// SQLite through its C API at the object level: one `item` table with an index on `name`.
struct SQLiteObjectEngine: ObjectEngine {
    let name = "SQLite"
    let observesChanges = true

    func settings(probeDirectory: String) throws -> [String] {
        let store = try SQLiteObjectStore(path: Self.path(in: probeDirectory), mode: .durable, create: true)
        defer { try? store.close() }
        let writer = try SQLiteObjectWriter(path: Self.path(in: probeDirectory))
        try writer.close()
        return [
            "SQLite \(String(cString: sqlite3_libversion())) C API; `\(SQLiteObjectSchema.createTable)`; `\(SQLiteObjectSchema.createIndex)`",
            "pragmas: " + (try SQLitePragmas.line { try store.connection.text($0) }) + " (synchronous: 2 = FULL)",
            "O9 store: synchronous=NORMAL (1); concurrent writers (O8): a connection each, synchronous=FULL, "
                + "busy_timeout=\(SQLiteObjectSchema.busyTimeoutMilliseconds), BEGIN IMMEDIATE",
            "statements prepared once; explicit BEGIN/COMMIT; rows read into Swift structs (name decoded into a String)",
            "O6: `\(SQLiteObjectSchema.incrementScore)` per id; O7: `\(SQLiteObjectSchema.deleteByID)` per id",
            "O11/O12: open the connection (WAL, pragmas as above) and run the prepared `\(SQLiteObjectSchema.selectByID)`; "
                + "O13: one `sqlite3_step` loop over `\(SQLiteObjectSchema.selectAll)` adding `sqlite3_column_double(_, 2)`; "
                + "O14: as O1 on a table without the index on name",
            "O9: sqlite3_update_hook + commit/rollback hooks on the writer; after COMMIT returns, an observer thread "
                + "with its own connection re-reads the changed row",
        ]
    }

    func create(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore {
        try SQLiteObjectStore(path: Self.path(in: directory), mode: mode, create: true)
    }

    func open(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore {
        try SQLiteObjectStore(path: Self.path(in: directory), mode: mode, create: false)
    }

    func createUnindexed(in directory: String) throws -> any ObjectLoading {
        try SQLiteObjectStore(path: Self.path(in: directory), mode: .durable, create: true, indexName: false)
    }

    private static func path(in directory: String) -> String {
        "\(directory)/items.sqlite"
    }
}
