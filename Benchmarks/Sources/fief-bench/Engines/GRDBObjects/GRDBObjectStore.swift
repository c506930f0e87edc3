import Dispatch
import GRDB

/// The `item` table through GRDB: every call is one `read` or `write` of the pool.
final class GRDBObjectStore: ObjectStore {
    let pool: DatabasePool

    /// Opens (or with `create`, creates) the database at `path` with the synchronous level of
    /// `mode`; `create` also creates the table, with its index on `name` when `indexName`.
    ///
    /// A pool puts every connection in WAL mode with `synchronous = NORMAL`, after any
    /// `prepareDatabase` step, so the durable mode sets FULL on the writer connection once the
    /// pool is open (`synchronous` matters only to the connection that commits).
    init(path: String, mode: ObjectCommitMode, create: Bool, indexName: Bool = true) throws {
        pool = try DatabasePool(path: path)
        if mode == .durable {
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        }
        if create {
            try pool.write { db in
                try db.create(table: Item.databaseTableName) { table in
                    table.primaryKey("id", .integer)
                    if indexName {
                        table.column("name", .text).notNull().indexed()
                    } else {
                        table.column("name", .text).notNull()
                    }
                    table.column("score", .double).notNull()
                    table.column("age", .integer).notNull()
                }
            }
        }
    }

    func insert(_ data: ObjectDataset, _ range: Range<Int>) throws {
        try pool.write { db in
            for i in range {
                try Item(id: i, name: data.names[i], score: data.scores[i], age: data.ages[i]).insert(db)
            }
        }
    }

    func lookup(_ ids: [Int]) throws -> ObjectDigest {
        try pool.read { db in
            var digest = ObjectDigest()
            for id in ids {
                try Item.fetchOne(db, key: id)?.add(to: &digest)
            }
            return digest
        }
    }

    func count(ages: Range<Int>) throws -> Int {
        try pool.read { db in
            try Item.filter(Item.Columns.age >= ages.lowerBound && Item.Columns.age < ages.upperBound).fetchCount(db)
        }
    }

    func query(names: [String]) throws -> ObjectDigest {
        try pool.read { db in
            var digest = ObjectDigest()
            for name in names {
                for item in try Item.filter(Item.Columns.name == name).fetchAll(db) { item.add(to: &digest) }
            }
            return digest
        }
    }

    func sumScores() throws -> Double {
        try pool.read { db in
            try Item.select(sum(Item.Columns.score), as: Double.self).fetchOne(db) ?? 0
        }
    }

    func iterateScores() throws -> Double {
        try pool.read { db in
            var sum = 0.0
            let items = try Item.fetchCursor(db)
            while let item = try items.next() { sum += item.score }
            return sum
        }
    }

    func incrementScores(_ ids: ArraySlice<Int>) throws {
        try pool.write { db in
            for id in ids { try Self.increment(id, db) }
        }
    }

    func delete(_ ids: ArraySlice<Int>) throws {
        try pool.write { db in
            for id in ids { try Item.deleteOne(db, key: id) }
        }
    }

    func readAll() throws -> ObjectDigest {
        let items = try pool.read { db in try Item.fetchAll(db) }
        var digest = ObjectDigest()
        for item in items { item.add(to: &digest) }
        return digest
    }

    func incrementScore(id: Int, beforeCommit: () -> Void) throws {
        try pool.write { db in
            try Self.increment(id, db)
            beforeCommit()
        }
    }

    func observeScore(id: Int, _ onScore: @escaping @Sendable (Double) -> Void) throws -> any ObjectObservation {
        let observation = ValueObservation.tracking { db in try Item.fetchOne(db, key: id) }
        let queue = DispatchQueue(label: "fief-bench.grdb-observation")
        let cancellable = observation.start(
            in: pool, scheduling: .async(onQueue: queue),
            onError: { error in Log.error("GRDB observation failed: \(error)") },
            onChange: { item in onScore(item?.score ?? .nan) })
        return GRDBObservation(cancellable)
    }

    func writerSource() -> any ObjectWriterSource {
        GRDBObjectWriterSource(pool: pool)
    }

    func compact() throws {
        try pool.vacuum()
        _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    func close() throws {
        try pool.close()
    }

    /// Fetches the item, adds 1 to its score and saves it: the record-style update.
    static func increment(_ id: Int, _ db: Database) throws {
        guard var item = try Item.fetchOne(db, key: id) else { return }
        item.score += 1
        try item.update(db)
    }
}
