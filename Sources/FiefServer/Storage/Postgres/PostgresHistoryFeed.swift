import Logging
import PostgresNIO

/// Listens on the `fief_history` channel, where every history append (by any instance) sends
/// `NOTIFY fief_history, '<server version> <realm path>'`, and hands the changes to the server.
///
/// One pooled connection is kept for `LISTEN`. When it breaks (PostgreSQL restarted, network),
/// the feed connects again after a short pause and reports ``HistoryChange/resynchronize``:
/// notifications sent meanwhile are lost, so every realm in memory must look at the database.
actor PostgresHistoryFeed {
    /// The channel appends notify.
    static let channel = "fief_history"

    nonisolated let changes: AsyncStream<HistoryChange>
    private let continuation: AsyncStream<HistoryChange>.Continuation
    private let connector: PostgresConnector
    private let logger: Logging.Logger
    private var task: Task<Void, Never>?

    init(connector: PostgresConnector, logger: Logging.Logger) {
        (changes, continuation) = AsyncStream.makeStream(of: HistoryChange.self, bufferingPolicy: .unbounded)
        self.connector = connector
        self.logger = logger
    }

    /// Starts listening (once).
    func start() {
        guard task == nil else { return }
        let connector = connector, logger = logger, continuation = continuation
        task = Task {
            while !Task.isCancelled {
                do {
                    try await connector.withLongLivedConnection { connection in
                        try await connection.listen(on: Self.channel) { notifications in
                            // Listening from here on: whatever was appended before is in the database.
                            continuation.yield(.resynchronize)
                            for try await notification in notifications {
                                if let change = Self.parse(notification.payload) { continuation.yield(change) }
                            }
                        }
                    }
                } catch {
                    if Task.isCancelled { break }
                    logger.warning("PostgreSQL LISTEN connection failed; listening again shortly",
                                   metadata: ["error": "\((error as? PSQLError)?.readableDescription ?? "\(error)")"])
                }
                try? await Task.sleep(for: .milliseconds(250))
            }
            continuation.finish()
        }
    }

    /// Stops listening and ends ``changes``.
    func stop() {
        task?.cancel()
        task = nil
        continuation.finish()
    }

    /// `<server version> <realm path>`.
    static func parse(_ payload: String) -> HistoryChange? {
        guard let space = payload.firstIndex(of: " "), let version = UInt64(payload[..<space]) else { return nil }
        return .advanced(path: String(payload[payload.index(after: space)...]), version: version)
    }

    /// The payload announcing `version` of `path`.
    static func payload(path: String, version: UInt64) -> String { "\(version) \(path)" }
}
