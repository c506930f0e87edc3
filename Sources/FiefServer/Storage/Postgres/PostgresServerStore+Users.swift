import FiefSyncProtocol
import Foundation
import PostgresNIO

// Users, user names, external identities and refresh tokens of the PostgreSQL store.
extension PostgresServerStore {
    static let userColumns = "id, username, password_hash, provider, is_admin, created_at"

    static func user(_ row: PostgresRow) throws -> StoredUser {
        let (id, username, hash, provider, isAdmin, created) = try row.decode((String, String?, String?, String, Bool, Double).self)
        return StoredUser(id: id, username: username, passwordHash: hash, provider: provider, isAdmin: isAdmin,
                          createdAt: Date(storedSeconds: created))
    }

    /// The insert of `user`; a taken user name (compared lowercased) violates `username_key`'s uniqueness.
    static func insert(_ user: StoredUser) -> PostgresQuery {
        """
        INSERT INTO fief_users (id, username, username_key, password_hash, provider, is_admin, created_at)
        VALUES (\(user.id), \(user.username), \(user.username?.lowercased()), \(user.passwordHash), \(user.provider),
                \(user.isAdmin), \(user.createdAt.storedSeconds))
        """
    }

    public func createUser(_ user: StoredUser) async throws {
        let logger = logger
        do {
            try await connector.withConnection { connection in _ = try await connection.query(Self.insert(user), logger: logger) }
        } catch let error as PSQLError where error.isUniqueViolation && user.username != nil {
            throw ServerStoreError.usernameTaken(user.username ?? "")
        } catch let error as PSQLError {
            throw ServerStoreError.storage("PostgreSQL, create user: \(error.readableDescription)")
        }
    }

    public func user(id: String) async throws -> StoredUser? {
        try await rows("user", "SELECT \(unescaped: Self.userColumns) FROM fief_users WHERE id = \(id)", Self.user).first
    }

    public func user(username: String) async throws -> StoredUser? {
        try await rows("user", "SELECT \(unescaped: Self.userColumns) FROM fief_users WHERE username_key = \(username.lowercased())",
                       Self.user).first
    }

    public func users() async throws -> [StoredUser] {
        try await rows("users", "SELECT \(unescaped: Self.userColumns) FROM fief_users ORDER BY created_at, seq", Self.user)
    }

    public func user(provider: String, subject: String) async throws -> StoredUser? {
        try await rows("external user", """
            SELECT \(unescaped: Self.userColumns.split(separator: ",").map { "u." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))
            FROM fief_external_identities e JOIN fief_users u ON u.id = e.user_id
            WHERE e.provider = \(provider) AND e.subject = \(subject)
            """, Self.user).first
    }

    public func createExternalUser(_ user: StoredUser, subject: String) async throws -> StoredUser {
        let logger = logger
        let linked = try await withStoreErrors("create external user") {
            try await connector.withTransaction { connection -> Bool in
                // Serializes logins of the same subject: the second waits, then finds the first's link.
                try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(user.provider + "\n" + subject), 1))",
                                           logger: logger)
                var exists = false
                for try await _ in try await connection.query(
                    "SELECT 1 FROM fief_external_identities WHERE provider = \(user.provider) AND subject = \(subject)", logger: logger) {
                    exists = true
                }
                guard !exists else { return true }
                try await connection.query(Self.insert(user), logger: logger)
                try await connection.query("""
                    INSERT INTO fief_external_identities (provider, subject, user_id) VALUES (\(user.provider), \(subject), \(user.id))
                    """, logger: logger)
                return false
            }
        }
        guard linked else { return user }
        guard let existing = try await self.user(provider: user.provider, subject: subject) else {
            throw ServerStoreError.corrupt("external identity \(user.provider) \(subject) links no user")
        }
        return existing
    }

    static func refreshToken(_ row: PostgresRow) throws -> StoredRefreshToken {
        let (hash, userId, expires, revoked, apiKeyId) = try row.decode((String, String, Double, Bool, String?).self)
        return StoredRefreshToken(tokenHash: hash, userId: userId, expiresAt: Date(storedSeconds: expires), revoked: revoked,
                                  apiKeyId: apiKeyId)
    }

    public func saveRefreshToken(_ token: StoredRefreshToken) async throws {
        try await execute("save refresh token", """
            INSERT INTO fief_refresh_tokens (token_hash, user_id, expires_at, revoked, api_key_id)
            VALUES (\(token.tokenHash), \(token.userId), \(token.expiresAt.storedSeconds), \(token.revoked), \(token.apiKeyId))
            ON CONFLICT (token_hash) DO UPDATE SET user_id = excluded.user_id, expires_at = excluded.expires_at, revoked = excluded.revoked,
                api_key_id = excluded.api_key_id
            """)
    }

    public func refreshToken(hash: String) async throws -> StoredRefreshToken? {
        try await rows("refresh token", "SELECT token_hash, user_id, expires_at, revoked, api_key_id FROM fief_refresh_tokens WHERE token_hash = \(hash)",
                       Self.refreshToken).first
    }

    public func revokeRefreshToken(hash: String) async throws -> Bool {
        try await !rows("revoke refresh token", "UPDATE fief_refresh_tokens SET revoked = true WHERE token_hash = \(hash) RETURNING 1",
                        { _ in true }).isEmpty
    }
}

// Users' custom data of the PostgreSQL store.
extension PostgresServerStore {
    public func customData(userId: String) async throws -> [String: CustomDataValue]? {
        guard let json = try await rows("custom data", "SELECT data FROM fief_user_custom_data WHERE user_id = \(userId)", { try $0.decode(String.self) }).first else {
            return nil
        }
        return try StoredCustomData.decode(json, userId: userId)
    }

    public func saveCustomData(_ data: [String: CustomDataValue]?, userId: String) async throws {
        if let data {
            let json = try StoredCustomData.encode(data)
            try await execute("save custom data", """
                INSERT INTO fief_user_custom_data (user_id, data) VALUES (\(userId), \(json))
                ON CONFLICT (user_id) DO UPDATE SET data = EXCLUDED.data
                """)
        } else {
            try await execute("remove custom data", "DELETE FROM fief_user_custom_data WHERE user_id = \(userId)")
        }
    }
}
