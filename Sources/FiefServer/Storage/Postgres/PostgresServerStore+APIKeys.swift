import Foundation
import PostgresNIO

// Users' API keys of the PostgreSQL store (`fief_api_keys`).
extension PostgresServerStore {
    static let apiKeyColumns = "id, user_id, name, key_hash, disabled, created_at"

    static func apiKey(_ row: PostgresRow) throws -> StoredAPIKey {
        let (id, userId, name, hash, disabled, created) = try row.decode((String, String, String, String, Bool, Double).self)
        return StoredAPIKey(id: id, userId: userId, name: name, keyHash: hash, disabled: disabled, createdAt: Date(storedSeconds: created))
    }

    public func createAPIKey(_ key: StoredAPIKey) async throws {
        let logger = logger
        do {
            try await connector.withConnection { connection in
                _ = try await connection.query("""
                    INSERT INTO fief_api_keys (id, user_id, name, key_hash, disabled, created_at)
                    VALUES (\(key.id), \(key.userId), \(key.name), \(key.keyHash), \(key.disabled), \(key.createdAt.storedSeconds))
                    """, logger: logger)
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            throw ServerStoreError.apiKeyNameTaken(key.name)
        } catch let error as PSQLError {
            throw ServerStoreError.storage("PostgreSQL, create API key: \(error.readableDescription)")
        }
    }

    public func apiKey(id: String) async throws -> StoredAPIKey? {
        try await rows("API key", "SELECT \(unescaped: Self.apiKeyColumns) FROM fief_api_keys WHERE id = \(id)", Self.apiKey).first
    }

    public func apiKey(hash: String) async throws -> StoredAPIKey? {
        try await rows("API key", "SELECT \(unescaped: Self.apiKeyColumns) FROM fief_api_keys WHERE key_hash = \(hash)", Self.apiKey).first
    }

    public func apiKeys(userId: String) async throws -> [StoredAPIKey] {
        try await rows("API keys", """
            SELECT \(unescaped: Self.apiKeyColumns) FROM fief_api_keys WHERE user_id = \(userId) ORDER BY created_at, id
            """, Self.apiKey)
    }

    public func setAPIKeyDisabled(_ disabled: Bool, id: String) async throws -> Bool {
        try await !rows("disable API key", "UPDATE fief_api_keys SET disabled = \(disabled) WHERE id = \(id) RETURNING 1", { _ in true }).isEmpty
    }

    public func deleteAPIKey(id: String) async throws -> Bool {
        let logger = logger
        return try await withStoreErrors("delete API key") {
            try await connector.withTransaction { connection -> Bool in
                try await connection.query("UPDATE fief_refresh_tokens SET revoked = true WHERE api_key_id = \(id)", logger: logger)
                var deleted = false
                for try await _ in try await connection.query("DELETE FROM fief_api_keys WHERE id = \(id) RETURNING 1", logger: logger) {
                    deleted = true
                }
                return deleted
            }
        }
    }
}
