import Foundation
import Logging
import PostgresNIO

/// The store's connection pool, replaced when it stops answering.
///
/// After PostgreSQL restarts we saw PostgresNIO's pool, or a query on one of its connections,
/// never complete. So every operation has a deadline (``operationTimeout``): past it, the caller
/// gets ``ServerStoreError/storage(_:)`` (the client is told to try again), the operation is
/// cancelled and abandoned, and the pool is shut down; a new pool serves the next operations.
/// A transaction abandoned this way may still have committed: callers treat the error like any
/// failed commit (the realm's history is read again from the database).
final class PostgresConnector: @unchecked Sendable {
    /// How long one operation (lease, queries, commit) may take.
    static let operationTimeout: Duration = .seconds(15)

    private let configuration: PostgresClient.Configuration
    private let logger: Logging.Logger
    private let lock = NSLock()
    private var current: PostgresClient?
    private var runTask: Task<Void, Never>?
    private var closed = false

    init(configuration: PostgresClient.Configuration, logger: Logging.Logger) {
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
        logger.warning("a PostgreSQL operation took longer than \(Self.operationTimeout); replacing the connection pool")
        task.cancel()
    }

    /// Runs `body` with a leased connection, within ``operationTimeout``.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let client = try client()
        let timeout = Self.operationTimeout
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = OperationOutcome(continuation)
            let operation = Task {
                do {
                    let value = try await client.withConnection { connection in try await body(connection) }
                    outcome.finish(.success(value))
                } catch {
                    outcome.finish(.failure(error))
                }
            }
            outcome.timer = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled,
                      outcome.finish(.failure(ServerStoreError.storage("PostgreSQL did not complete an operation within \(timeout)"))) else { return }
                operation.cancel()
                self?.replace(client)
            }
        }
    }

    /// Runs `body` with a leased connection for as long as it takes (the `LISTEN` connection).
    func withLongLivedConnection<T>(isolation: isolated (any Actor)? = #isolation,
                                    _ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        try await client().withConnection(isolation: isolation, body)
    }

    /// Runs `body` in a transaction on a leased connection, within ``operationTimeout``.
    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let logger = logger
        return try await withConnection { connection in
            try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
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

/// The first of an operation's result and its timeout, delivered once.
private final class OperationOutcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var _timer: Task<Void, Never>?

    init(_ continuation: CheckedContinuation<T, any Error>) {
        self.continuation = continuation
    }

    /// The timeout's task, cancelled when the operation finishes first.
    var timer: Task<Void, Never>? {
        get { lock.withLock { _timer } }
        set {
            let finished = lock.withLock { () -> Bool in
                _timer = newValue
                return continuation == nil
            }
            if finished { newValue?.cancel() }
        }
    }

    /// Resumes the caller with `result` unless it was resumed already; returns whether it did.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let (continuation, timer) = lock.withLock { () -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?) in
            defer { self.continuation = nil }
            return (self.continuation, _timer)
        }
        guard let continuation else { return false }
        timer?.cancel()
        continuation.resume(with: result)
        return true
    }
}
