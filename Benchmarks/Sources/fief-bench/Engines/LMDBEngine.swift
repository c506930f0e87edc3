import CLMDB

/// LMDB through its C API: default environment flags for durable stores, `MDB_NOSYNC` for
/// non-durable ones, one unnamed (main) database, `mdb_put` with flags 0.
struct LMDBEngine: Engine {
    let name = "LMDB"
    /// The map size every environment is given (the most the file may grow to).
    let mapSize: Int

    func settings(probeDirectory: String) throws -> [String] {
        let store = try LMDBStore(directory: probeDirectory, flags: 0, mapSize: mapSize, create: true)
        defer { try? store.close() }
        return [
            String(cString: mdb_version(nil, nil, nil)),
            "page size \(try store.pageSize()) B (the OS page size; LMDB has no setting)",
            "map size \(mapSize / 1_048_576) MiB; one unnamed database; `mdb_put` flags 0 (no MDB_APPEND)",
            "durable: env flags 0 (default: syncs data and meta on each commit); non-durable: MDB_NOSYNC",
            "the churn workload with a long-lived reader adds MDB_NOTLS, which LMDB documents as required "
                + "for a thread that holds a read transaction while it writes",
            "gets via `mdb_get`, scans via `mdb_cursor_get` MDB_FIRST/MDB_NEXT (both zero copy)",
        ]
    }

    func create(in directory: String, _ setup: StoreSetup) throws -> any KVStore {
        try LMDBStore(directory: directory, flags: Self.flags(setup), mapSize: mapSize, create: true)
    }

    func open(in directory: String, _ setup: StoreSetup) throws -> any KVStore {
        try LMDBStore(directory: directory, flags: Self.flags(setup), mapSize: mapSize, create: false)
    }

    /// The data file; `lock.mdb` (the reader table) is left out of sizes.
    func storeFiles(in directory: String) -> [String] {
        ["\(directory)/data.mdb"]
    }

    private static func flags(_ setup: StoreSetup) -> UInt32 {
        var flags: UInt32 = 0
        if setup.commitMode == .nonDurable { flags |= UInt32(MDB_NOSYNC) }
        if setup.longLivedReader { flags |= UInt32(MDB_NOTLS) }
        return flags
    }
}

/// Throws a ``BenchError`` for a non-zero LMDB return code.
@inline(__always)
func lmdbCheck(_ code: Int32, _ operation: @autoclosure () -> String) throws {
    if code != 0 {
        throw BenchError.engine(name: "LMDB", operation: operation(), message: String(cString: mdb_strerror(code)))
    }
}

extension MDB_val {
    /// A value pointing at `bytes` (LMDB does not write through it on put or get).
    @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer) {
        self.init(mv_size: bytes.count, mv_data: UnsafeMutableRawPointer(mutating: bytes.baseAddress))
    }

    /// The bytes this value points at, valid until the transaction ends or changes the database.
    @inline(__always)
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: mv_data, count: mv_size)
    }
}
