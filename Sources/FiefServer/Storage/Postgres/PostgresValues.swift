import Foundation
import NIOCore
import PostgresNIO

// How the PostgreSQL store keeps values PostgreSQL has no type for (see FORMAT.md, "The
// server's PostgreSQL schema"): 64-bit unsigned values as `bigint` with the same bits, and
// times as `double precision` seconds since 1970, which gives back exactly the `Date` stored.

extension Int64 {
    /// The same 64 bits, as stored.
    init(storing value: UInt64) { self = Int64(bitPattern: value) }
    /// The stored bits back as the unsigned value.
    var storedUInt64: UInt64 { UInt64(bitPattern: self) }
}

extension Date {
    /// Seconds since 1970, as stored.
    var storedSeconds: Double { timeIntervalSince1970 }
    /// The date of stored seconds since 1970.
    init(storedSeconds: Double) { self.init(timeIntervalSince1970: storedSeconds) }
}

/// Runs `body`, turning PostgreSQL's errors into ``ServerStoreError/storage(_:)`` with what the
/// server said (PostgresNIO's own description hides it).
@discardableResult
func withStoreErrors<T>(_ operation: String, isolation: isolated (any Actor)? = #isolation,
                        _ body: () async throws -> sending T) async throws -> sending T {
    do {
        return try await body()
    } catch let error as PSQLError {
        throw ServerStoreError.storage("PostgreSQL, \(operation): \(error.readableDescription)")
    } catch let error as PostgresTransactionError {
        // The transaction's own errors (a moved-on history, a corrupt value) pass unchanged.
        if let closureError = error.closureError, !(closureError is PSQLError) { throw closureError }
        let cause = error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError
        let reason = (cause as? PSQLError)?.readableDescription ?? cause.map { "\($0)" } ?? "transaction failed"
        let stage = error.commitError != nil ? " (at COMMIT: it may or may not have been applied)" : ""
        throw ServerStoreError.storage("PostgreSQL, \(operation): \(reason)\(stage)")
    }
}

extension PSQLError {
    /// The error's code and, from the server, its SQLSTATE and message.
    var readableDescription: String {
        var text = "\(code)"
        if let message = serverInfo?[.message] { text += ": \(message)" }
        if let state = serverInfo?[.sqlState] { text += " (SQLSTATE \(state))" }
        return text
    }

    /// Whether the server refused a row for a unique constraint (SQLSTATE 23505).
    var isUniqueViolation: Bool { serverInfo?[.sqlState] == "23505" }
}
