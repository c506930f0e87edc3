import CLMDB

/// An LMDB environment holding the benchmark's table in its main database.
final class LMDBStore: KVStore {
    private var env: OpaquePointer?
    private var dbi: MDB_dbi = 0

    /// Opens (with `create`, on an empty directory) the environment in `directory`.
    init(directory: String, flags: UInt32, mapSize: Int, create: Bool) throws {
        try lmdbCheck(mdb_env_create(&env), "mdb_env_create")
        do {
            try lmdbCheck(mdb_env_set_mapsize(env, mapSize), "mdb_env_set_mapsize")
            try lmdbCheck(mdb_env_open(env, directory, flags, 0o644), "mdb_env_open \(directory)")
            // The main database's handle outlives the transaction that opens it once committed.
            var txn: OpaquePointer?
            try lmdbCheck(mdb_txn_begin(env, nil, create ? 0 : UInt32(MDB_RDONLY), &txn), "mdb_txn_begin")
            let opened = mdb_dbi_open(txn, nil, 0, &dbi)
            if opened != 0 { mdb_txn_abort(txn) }
            try lmdbCheck(opened, "mdb_dbi_open")
            try lmdbCheck(mdb_txn_commit(txn), "mdb_txn_commit")
        } catch {
            mdb_env_close(env)
            env = nil
            throw error
        }
    }

    deinit {
        if env != nil { mdb_env_close(env) }
    }

    /// The environment's page size.
    func pageSize() throws -> Int {
        var stat = MDB_stat()
        try lmdbCheck(mdb_env_stat(env, &stat), "mdb_env_stat")
        return Int(stat.ms_psize)
    }

    func putInOneTransaction(_ puts: PutList, _ range: Range<Int>) throws {
        try write { txn in
            for j in range { try put(txn, puts.key(j), puts.value(j)) }
        }
    }

    func putEachInOwnTransaction(_ puts: PutList, _ range: Range<Int>) throws {
        for j in range {
            try write { txn in try put(txn, puts.key(j), puts.value(j)) }
        }
    }

    func get(_ keys: RecordArena, order: [Int]) throws -> Digest {
        let txn = try beginRead()
        defer { mdb_txn_abort(txn) }
        var digest = Digest()
        for index in order {
            let key = keys[index]
            var keyVal = MDB_val(key)
            var value = MDB_val()
            let code = mdb_get(txn, dbi, &keyVal, &value)
            if code == MDB_NOTFOUND { continue }
            try lmdbCheck(code, "mdb_get")
            digest.add(key: key, value: value.bytes)
        }
        return digest
    }

    func scan() throws -> ScanSummary {
        let txn = try beginRead()
        defer { mdb_txn_abort(txn) }
        return try scan(txn)
    }

    func beginLongLivedReader() throws -> any LongLivedReader {
        LMDBReader(store: self, txn: try beginRead())
    }

    func close() throws {
        if env != nil { mdb_env_close(env) }
        env = nil
    }

    /// Reads every entry of `txn`'s snapshot with a cursor.
    fileprivate func scan(_ txn: OpaquePointer?) throws -> ScanSummary {
        var cursor: OpaquePointer?
        try lmdbCheck(mdb_cursor_open(txn, dbi, &cursor), "mdb_cursor_open")
        defer { mdb_cursor_close(cursor) }
        var accumulator = ScanAccumulator()
        var key = MDB_val()
        var value = MDB_val()
        var code = mdb_cursor_get(cursor, &key, &value, MDB_FIRST)
        while code == 0 {
            accumulator.visit(key: key.bytes, value: value.bytes)
            code = mdb_cursor_get(cursor, &key, &value, MDB_NEXT)
        }
        if code != MDB_NOTFOUND { try lmdbCheck(code, "mdb_cursor_get") }
        return accumulator.summary
    }

    private func beginRead() throws -> OpaquePointer? {
        guard env != nil else { throw BenchError.engine(name: "LMDB", operation: "use", message: "the environment is closed") }
        var txn: OpaquePointer?
        try lmdbCheck(mdb_txn_begin(env, nil, UInt32(MDB_RDONLY), &txn), "mdb_txn_begin(MDB_RDONLY)")
        return txn
    }

    /// Runs `body` in a write transaction and commits it, aborting if `body` throws.
    private func write(_ body: (OpaquePointer?) throws -> Void) throws {
        guard env != nil else { throw BenchError.engine(name: "LMDB", operation: "use", message: "the environment is closed") }
        var txn: OpaquePointer?
        try lmdbCheck(mdb_txn_begin(env, nil, 0, &txn), "mdb_txn_begin")
        do {
            try body(txn)
        } catch {
            mdb_txn_abort(txn)
            throw error
        }
        try lmdbCheck(mdb_txn_commit(txn), "mdb_txn_commit")
    }

    @inline(__always)
    private func put(_ txn: OpaquePointer?, _ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws {
        var keyVal = MDB_val(key)
        var valueVal = MDB_val(value)
        try lmdbCheck(mdb_put(txn, dbi, &keyVal, &valueVal, 0), "mdb_put")
    }
}

/// An LMDB read-only transaction kept open.
private final class LMDBReader: LongLivedReader {
    private let store: LMDBStore
    private var txn: OpaquePointer?

    init(store: LMDBStore, txn: OpaquePointer?) {
        self.store = store
        self.txn = txn
    }

    func scan() throws -> ScanSummary {
        try store.scan(txn)
    }

    func end() throws {
        if txn != nil { mdb_txn_abort(txn) }
        txn = nil
    }
}
