import CSQLite

/// SQLite through its C API: a `WITHOUT ROWID` table in WAL mode, prepared statements, blobs
/// bound without copying.
struct SQLiteEngine: Engine {
    let name = "SQLite"

    static let createTable = "CREATE TABLE kv(k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID"
    static let put = "INSERT INTO kv(k, v) VALUES (?1, ?2) ON CONFLICT(k) DO UPDATE SET v = excluded.v"
    static let get = "SELECT v FROM kv WHERE k = ?1"
    static let scan = "SELECT k, v FROM kv ORDER BY k"
    static let pageSize = 4096

    func settings(probeDirectory: String) throws -> [String] {
        let store = try SQLiteStore(path: Self.path(in: probeDirectory), setup: StoreSetup(), create: true)
        defer { try? store.close() }
        let pragma = { (name: String) in try store.connection.text("PRAGMA \(name)") }
        let version = String(cString: sqlite3_libversion())
        return [
            "SQLite \(version); `\(Self.createTable)`",
            "journal_mode=\(try pragma("journal_mode")), page_size=\(try pragma("page_size")), "
                + "cache_size=\(try pragma("cache_size")) (default), mmap_size=\(try pragma("mmap_size")) (default), "
                + "wal_autocheckpoint=\(try pragma("wal_autocheckpoint")) (default), locking_mode=\(try pragma("locking_mode"))",
            "durable: synchronous=FULL; non-durable: synchronous=OFF; default threading mode (serialized)",
            "put: `\(Self.put)`; get: `\(Self.get)`; scan: `\(Self.scan)`; explicit BEGIN/COMMIT around each transaction",
            "file size = database + WAL (the -shm index is left out)",
        ]
    }

    func create(in directory: String, _ setup: StoreSetup) throws -> any KVStore {
        try SQLiteStore(path: Self.path(in: directory), setup: setup, create: true)
    }

    func open(in directory: String, _ setup: StoreSetup) throws -> any KVStore {
        try SQLiteStore(path: Self.path(in: directory), setup: setup, create: false)
    }

    func storeFiles(in directory: String) -> [String] {
        let path = Self.path(in: directory)
        return [path, path + "-wal"]
    }

    private static func path(in directory: String) -> String {
        "\(directory)/kv.sqlite"
    }
}
