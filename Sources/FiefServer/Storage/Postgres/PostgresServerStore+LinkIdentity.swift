import Foundation
import PostgresNIO

// Linking identities to an existing user in the PostgreSQL store.
extension PostgresServerStore {
    public func linkExternalIdentity(provider: String, subject: String, userId: String) async throws -> String {
        try await execute("link identity", """
            INSERT INTO fief_external_identities (provider, subject, user_id) VALUES (\(provider), \(subject), \(userId))
            ON CONFLICT (provider, subject) DO NOTHING
            """)
        let owners = try await rows("identity owner", """
            SELECT user_id FROM fief_external_identities WHERE provider = \(provider) AND subject = \(subject)
            """) { try $0.decode(String.self) }
        guard let owner = owners.first else { throw ServerStoreError.corrupt("identity \(provider) \(subject) vanished while linked") }
        return owner
    }

    public func movePasswordIdentity(from donor: String, to userId: String) async throws -> Bool {
        let logger = logger
        return try await withStoreErrors("move password identity") {
            try await connector.withTransaction { connection -> Bool in
                var found: (String, String, String)?
                for try await row in try await connection.query("""
                    SELECT username, username_key, password_hash FROM fief_users WHERE id = \(donor) AND username IS NOT NULL FOR UPDATE
                    """, logger: logger).decode((String, String, String).self) {
                    found = row
                }
                guard let (name, key, hash) = found else { return false }
                var free = false
                for try await _ in try await connection.query("SELECT 1 FROM fief_users WHERE id = \(userId) AND username IS NULL FOR UPDATE",
                                                               logger: logger) {
                    free = true
                }
                guard free else { return false }
                try await connection.query("UPDATE fief_external_identities SET user_id = \(userId) WHERE user_id = \(donor)", logger: logger)
                try await connection.query("DELETE FROM fief_refresh_tokens WHERE user_id = \(donor)", logger: logger)
                try await connection.query("DELETE FROM fief_account_tokens WHERE user_id = \(donor)", logger: logger)
                try await connection.query("DELETE FROM fief_awaiting_confirmation WHERE user_id = \(donor)", logger: logger)
                try await connection.query("DELETE FROM fief_users WHERE id = \(donor)", logger: logger)
                try await connection.query("""
                    UPDATE fief_users SET username = \(name), username_key = \(key), password_hash = \(hash) WHERE id = \(userId)
                    """, logger: logger)
                return true
            }
        }
    }
}
