import GRDB

/// Every writer thread shares the one pool, as GRDB is meant to be used.
struct GRDBObjectWriterSource: ObjectWriterSource {
    let pool: DatabasePool

    func makeWriter() throws -> any ObjectWriter {
        GRDBObjectWriter(pool: pool)
    }
}

/// A writer thread's handle: `write` on the shared pool.
final class GRDBObjectWriter: ObjectWriter {
    private let pool: DatabasePool

    init(pool: DatabasePool) {
        self.pool = pool
    }

    func incrementScore(id: Int) throws {
        try pool.write { db in try GRDBObjectStore.increment(id, db) }
    }

    func close() throws {}
}
