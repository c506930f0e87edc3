import Foundation
import Logging
import PostgresNIO

/// The store's connection pool, replaced when it stops handing out connections.
///
/// PostgresNIO's pool retries failed connections by itself, but after PostgreSQL restarts we
/// saw it stop granting connections for good (a connection attempt that never completes). So
/// every lease is watched: if no connection is granted within ``leaseTimeout``, this pool is
/// shut down (its waiting leases fail, and the caller reports a storage error that tells the
/// client to try again) and a new pool takes its place for the next operations.
final class PostgresConnector: @unchecked Sendable {
    /// How long a lease may wait before the pool is considered stuck.
    static let leaseTimeout: Duration = .seconds(8)

    private let configuration: PostgresClient.Configuration
    private let logger: Logger
    private let lock = NSLock()
    private var current: PostgresClient?
    private var runTask: Task<Void, Never>?
    private var closed = false

    init(configuration: PostgresClient.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// The pool in use, started on first use.
    private func client() throws -> PostgresClient {
        try lock.withLock {
            guard !closed else { throw ServerStoreError.storage("the PostgreSQL store is closed") }
            if let current { return current }
            let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
            current = client
            runTask = Task { await client.run() }
            return client
        }
    }

    /// Drops `stale` if it is still the pool in use: a new one is made on next use.
    private func replace(_ stale: PostgresClient) {
        let task: Task<Void, Never>? = lock.withLock {
            guard current === stale else { return nil }
            current = nil
            defer { runTask = nil }
            return runTask
        }
        guard let task else { return }
        logger.warning("no PostgreSQL connection within \(Self.leaseTimeout); replacing the connection pool")
        task.cancel()
    }

    /// Runs `body` with a leased connection (see the type's comment for the lease timeout).
    func withConnection<T>(isolation: isolated (any Actor)? = #isolation,
                           _ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        let client = try client()
        let leased = LeaseFlag()
        let watchdog = Task { [weak self] in
            try? await Task.sleep(for: Self.leaseTimeout)
            guard !Task.isCancelled, !leased.isSet else { return }
            self?.replace(client)
        }
        defer { watchdog.cancel() }
        return try await client.withConnection(isolation: isolation) { connection in
            leased.set()
            return try await body(connection)
        }
    }

    /// Runs `body` in a transaction on a leased connection.
    func withTransaction<T>(isolation: isolated (any Actor)? = #isolation,
                            _ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        let logger = logger
        return try await withConnection(isolation: isolation) { connection in
            try await connection.withTransaction(logger: logger, isolation: isolation, body)
        }
    }

    /// Shuts the pool down.
    func close() async {
        let task: Task<Void, Never>? = lock.withLock {
            closed = true
            current = nil
            defer { runTask = nil }
            return runTask
        }
        task?.cancel()
        await task?.value
    }
}

/// Whether a lease was granted.
private final class LeaseFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
