import Foundation
import Logging
import PostgresNIO

/// A ``ServerStore`` in a PostgreSQL database, so that several `fief-server` instances can serve
/// the same users and realms (`fief-server serve --postgres-url …`).
///
/// ```swift
/// let store = PostgresServerStore(url: PostgresConnectionURL("postgres://fief@db/fief")!, logger: logger)
/// try await store.prepare()              // connects and migrates the schema
/// let key = try await store.signingKey() // the key every instance signs tokens with
/// ```
///
/// Every write is one transaction, durable when it returns (PostgreSQL's default
/// `synchronous_commit`). A realm's history is appended under a per-realm lock and announced
/// with `NOTIFY` (``PostgresRealmHistoryStore``, ``historyChanges()``).
public actor PostgresServerStore: ServerStore {
    /// Where the database is.
    public nonisolated let url: PostgresConnectionURL
    let connector: PostgresConnector
    let logger: Logging.Logger
    private var prepared = false
    private let feed: PostgresHistoryFeed

    /// A store in the database at `url`; nothing connects before ``prepare()``.
    public init(url: PostgresConnectionURL, logger: Logging.Logger) throws {
        self.url = url
        self.logger = logger
        connector = PostgresConnector(configuration: try url.clientConfiguration(), logger: logger)
        feed = PostgresHistoryFeed(connector: connector, logger: logger)
    }

    /// Starts the connection pool, waits until the database answers (at most 30 s: an instance
    /// may start beside a database that is still starting), then applies the schema migrations.
    public func prepare() async throws {
        guard !prepared else { return }
        prepared = true
        let connector = connector, logger = logger
        var attempt = 0
        while true {
            attempt += 1
            do {
                try await withStoreErrors("connecting to \(url)") {
                    try await connector.withConnection { connection in _ = try await connection.query("SELECT 1", logger: logger) }
                }
                break
            } catch where attempt < 60 {
                logger.warning("PostgreSQL does not answer yet; trying again", metadata: ["url": "\(url)", "error": "\(error)"])
                try await Task.sleep(for: .milliseconds(500))
            }
        }
        try await PostgresSchema.migrate(connector: connector, logger: logger)
        await feed.start()
        logger.info("serving from PostgreSQL", metadata: ["url": "\(url)", "schema": "\(PostgresSchema.latestVersion)"])
    }

    /// The 32-byte key every instance signs access tokens with, made by the first instance that
    /// asks (so that a token one instance issued is valid on every other).
    public func signingKey() async throws -> [UInt8] {
        let candidate = Data(try Crypto.randomBytes(32))
        let logger = logger
        return try await withStoreErrors("signing key") {
            try await connector.withConnection { connection in
                try await connection.query("INSERT INTO fief_signing_key (id, key) VALUES (1, \(candidate)) ON CONFLICT (id) DO NOTHING",
                                           logger: logger)
                for try await key in try await connection.query("SELECT key FROM fief_signing_key WHERE id = 1", logger: logger).decode(Data.self) {
                    guard key.count == 32 else { throw ServerStoreError.corrupt("fief_signing_key holds \(key.count) bytes, not a 32-byte key") }
                    return Array(key)
                }
                throw ServerStoreError.corrupt("fief_signing_key has no key after inserting one")
            }
        }
    }

    /// New server versions of any realm, appended by this instance or another (from
    /// `LISTEN fief_history`), and ``HistoryChange/resynchronize`` whenever the listening
    /// connection was (re)made and notifications may have been missed. One consumer.
    nonisolated func historyChanges() -> AsyncStream<HistoryChange> {
        feed.changes
    }

    @_spi(Sync) public func history(path: String) async throws -> any RealmHistoryStore {
        PostgresRealmHistoryStore(path: path, connector: connector, logger: logger)
    }

    /// Stops listening and closes every connection.
    public func close() async {
        await feed.stop()
        await connector.close()
    }

    /// The rows of `query`, each decoded by `decode`.
    func rows<T: Sendable>(_ operation: String, _ query: PostgresQuery,
                           _ decode: @escaping @Sendable (PostgresRow) throws -> T) async throws -> [T] {
        let logger = logger
        return try await withStoreErrors(operation) {
            try await connector.withConnection { connection in
                var out: [T] = []
                for try await row in try await connection.query(query, logger: logger) { out.append(try decode(row)) }
                return out
            }
        }
    }

    /// Runs a statement that returns no rows we need.
    func execute(_ operation: String, _ query: PostgresQuery) async throws {
        let logger = logger
        try await withStoreErrors(operation) {
            try await connector.withConnection { connection in _ = try await connection.query(query, logger: logger) }
        }
    }
}

extension PostgresServerStore: SharedHistoryStore {}
