import Foundation
import PostgresNIO

// Account confirmation and password reset of the PostgreSQL store.
extension PostgresServerStore {
    public func saveAccountToken(_ token: StoredAccountToken) async throws {
        let logger = logger
        try await withStoreErrors("save account token") {
            try await connector.withTransaction { connection in
                try await connection.query("""
                    DELETE FROM fief_account_tokens WHERE user_id = \(token.userId) AND purpose = \(token.purpose.rawValue)
                    """, logger: logger)
                try await connection.query("""
                    INSERT INTO fief_account_tokens (id, token_hash, user_id, purpose, expires_at)
                    VALUES (\(token.id), \(token.tokenHash), \(token.userId), \(token.purpose.rawValue), \(token.expiresAt.storedSeconds))
                    """, logger: logger)
            }
        }
    }

    public func takeAccountToken(id: String) async throws -> StoredAccountToken? {
        let rows = try await rows("take account token", """
            DELETE FROM fief_account_tokens WHERE id = \(id) RETURNING id, token_hash, user_id, purpose, expires_at
            """) { row in try row.decode((String, String, String, String, Double).self) }
        guard let (id, hash, userId, purpose, expires) = rows.first else { return nil }
        guard let kind = StoredAccountToken.Purpose(rawValue: purpose) else {
            throw ServerStoreError.corrupt("account token \(id) has purpose \"\(purpose)\"")
        }
        return StoredAccountToken(id: id, tokenHash: hash, userId: userId, purpose: kind, expiresAt: Date(storedSeconds: expires))
    }

    public func isAwaitingConfirmation(userId: String) async throws -> Bool {
        try await !rows("awaiting confirmation", "SELECT 1 FROM fief_awaiting_confirmation WHERE user_id = \(userId)", { _ in true }).isEmpty
    }

    public func setAwaitingConfirmation(_ awaiting: Bool, userId: String) async throws {
        if awaiting {
            try await execute("mark awaiting confirmation", """
                INSERT INTO fief_awaiting_confirmation (user_id) VALUES (\(userId)) ON CONFLICT (user_id) DO NOTHING
                """)
        } else {
            try await execute("confirm account", "DELETE FROM fief_awaiting_confirmation WHERE user_id = \(userId)")
        }
    }

    public func resetPassword(hash: String, userId: String) async throws -> Bool {
        let logger = logger
        return try await withStoreErrors("reset password") {
            try await connector.withTransaction { connection -> Bool in
                var found = false
                for try await _ in try await connection.query("UPDATE fief_users SET password_hash = \(hash) WHERE id = \(userId) RETURNING 1",
                                                               logger: logger) {
                    found = true
                }
                try await connection.query("UPDATE fief_refresh_tokens SET revoked = true WHERE user_id = \(userId)", logger: logger)
                return found
            }
        }
    }
}

// Deleting a user of the PostgreSQL store.
extension PostgresServerStore {
    public func deleteUser(id: String) async throws -> Bool {
        let logger = logger
        return try await withStoreErrors("delete user") {
            try await connector.withTransaction { connection -> Bool in
                try await connection.query("DELETE FROM fief_external_identities WHERE user_id = \(id)", logger: logger)
                try await connection.query("DELETE FROM fief_refresh_tokens WHERE user_id = \(id)", logger: logger)
                try await connection.query("DELETE FROM fief_account_tokens WHERE user_id = \(id)", logger: logger)
                try await connection.query("DELETE FROM fief_awaiting_confirmation WHERE user_id = \(id)", logger: logger)
                var deleted = false
                for try await _ in try await connection.query("DELETE FROM fief_users WHERE id = \(id) RETURNING 1", logger: logger) {
                    deleted = true
                }
                return deleted
            }
        }
    }
}
