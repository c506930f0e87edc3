import GRDB

/// GRDB 7.10.0 as a Swift user would write it: a `DatabasePool` (WAL), the `Item` Codable record
/// and the query interface; `synchronous = FULL` on the writer connection for durable workloads.
struct GRDBObjectEngine: ObjectEngine {
    let name = "GRDB"
    let observesChanges = true
    /// The pinned version in Package.swift (GRDB has no run-time version constant).
    static let version = "7.10.0"

    func settings(probeDirectory: String) throws -> [String] {
        let store = try GRDBObjectStore(path: Self.path(in: probeDirectory), mode: .durable, create: true)
        defer { try? store.close() }
        let (pragmas, sqliteVersion, schema) = try store.pool.writeWithoutTransaction { db in
            let read = { (sql: String) in try String.fetchOne(db, sql: sql) ?? "" }
            return (try SQLitePragmas.line(read), try read("SELECT sqlite_version()"),
                    try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL").joined(separator: "; "))
        }
        return [
            "GRDB \(Self.version) on SQLite \(sqliteVersion); DatabasePool with the default Configuration, then "
                + "`writeWithoutTransaction { PRAGMA synchronous = FULL }` (O9 keeps GRDB's WAL default, NORMAL); schema: `\(schema)`",
            "pragmas (writer connection): \(pragmas) (synchronous: 2 = FULL)",
            "`struct Item: Codable, FetchableRecord, PersistableRecord`; O1 `Item(...).insert(db)`; O2 `Item.fetchOne(db, key:)`; "
                + "O3 `Item.filter(age >= a && age < b).fetchCount(db)`; O4 `Item.filter(name == x).fetchAll(db)`; "
                + "O5 `Item.select(sum(score))`; O6/O8 fetchOne, `score += 1`, `update(db)`; O7 `Item.deleteOne(db, key:)`; "
                + "O10 `Item.fetchAll(db)`; O11/O12 `DatabasePool(path:)` then `Item.fetchOne(db, key:)`; "
                + "O13 `while let item = try cursor.next() { sum += item.score }` over `Item.fetchCursor(db)`; "
                + "O14 as O1 on a table without the index on name",
            "O8 concurrent writers: every thread calls `write` on the one shared DatabasePool (GRDB serializes writes)",
            "O9: `ValueObservation.tracking { Item.fetchOne(db, key: id) }` started with `.async(onQueue:)` on a serial queue",
        ]
    }

    func create(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore {
        try GRDBObjectStore(path: Self.path(in: directory), mode: mode, create: true)
    }

    func open(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore {
        try GRDBObjectStore(path: Self.path(in: directory), mode: mode, create: false)
    }

    func createUnindexed(in directory: String) throws -> any ObjectLoading {
        try GRDBObjectStore(path: Self.path(in: directory), mode: .durable, create: true, indexName: false)
    }

    private static func path(in directory: String) -> String {
        "\(directory)/items.grdb.sqlite"
    }
}
