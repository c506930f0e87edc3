import Foundation
import PostgresNIO

// The realm registry, grants and offers of the PostgreSQL store.
extension PostgresServerStore {
    static func realm(_ row: PostgresRow) throws -> StoredRealm {
        let (path, creator, created) = try row.decode((String, String, Double).self)
        return StoredRealm(path: path, creatorId: creator, createdAt: Date(storedSeconds: created))
    }

    public func realm(path: String) async throws -> StoredRealm? {
        try await rows("realm", "SELECT path, creator_id, created_at FROM fief_realms WHERE path = \(path)", Self.realm).first
    }

    public func createRealm(_ realm: StoredRealm) async throws -> StoredRealm {
        try await execute("create realm", """
            INSERT INTO fief_realms (path, creator_id, created_at) VALUES (\(realm.path), \(realm.creatorId), \(realm.createdAt.storedSeconds))
            ON CONFLICT (path) DO NOTHING
            """)
        guard let stored = try await self.realm(path: realm.path) else {
            throw ServerStoreError.corrupt("realm \(realm.path) is missing right after it was created")
        }
        return stored
    }

    public func realms() async throws -> [StoredRealm] {
        try await rows("realms", "SELECT path, creator_id, created_at FROM fief_realms ORDER BY path", Self.realm)
    }

    public func realms(under prefix: String) async throws -> [StoredRealm] {
        // starts_with, not LIKE: a prefix may hold `_` or `%`. Ordered by byte, like the embedded store.
        try await rows("realms", """
            SELECT path, creator_id, created_at FROM fief_realms WHERE starts_with(path, \(prefix)) ORDER BY path COLLATE "C"
            """, Self.realm)
    }

    static func grant(_ row: PostgresRow) throws -> StoredGrant {
        let (path, userId, level, grantedBy, grantedAt) = try row.decode((String, String, String, String, Double).self)
        guard let accessLevel = AccessLevel(rawValue: level) else { throw ServerStoreError.corrupt("grant of \(path) to \(userId): level \(level)") }
        return StoredGrant(path: path, userId: userId, accessLevel: accessLevel, grantedBy: grantedBy, grantedAt: Date(storedSeconds: grantedAt))
    }

    static let grantColumns = "path, user_id, access_level, granted_by, granted_at"

    public func grant(path: String, userId: String) async throws -> StoredGrant? {
        try await rows("grant", "SELECT \(unescaped: Self.grantColumns) FROM fief_grants WHERE path = \(path) AND user_id = \(userId)",
                       Self.grant).first
    }

    public func grants(userId: String) async throws -> [StoredGrant] {
        try await rows("grants", "SELECT \(unescaped: Self.grantColumns) FROM fief_grants WHERE user_id = \(userId) ORDER BY path COLLATE \"C\"",
                       Self.grant)
    }

    public func grants(path: String?) async throws -> [StoredGrant] {
        if let path {
            return try await rows("grants", """
                SELECT \(unescaped: Self.grantColumns) FROM fief_grants WHERE path = \(path) ORDER BY user_id COLLATE "C"
                """, Self.grant)
        }
        return try await rows("grants", """
            SELECT \(unescaped: Self.grantColumns) FROM fief_grants ORDER BY path COLLATE "C", user_id COLLATE "C"
            """, Self.grant)
    }

    public func saveGrant(_ grant: StoredGrant, onlyRaising: Bool) async throws -> StoredGrant {
        // Ranks compare in SQL as in `AccessLevel`: read < write < admin.
        let rank = "(CASE %@ WHEN 'read' THEN 1 WHEN 'write' THEN 2 ELSE 3 END)"
        let keepHigher = onlyRaising
            ? "WHERE \(rank.replacingOccurrences(of: "%@", with: "fief_grants.access_level")) < \(rank.replacingOccurrences(of: "%@", with: "excluded.access_level"))"
            : ""
        let saved = try await rows("save grant", """
            INSERT INTO fief_grants (path, user_id, access_level, granted_by, granted_at)
            VALUES (\(grant.path), \(grant.userId), \(grant.accessLevel.rawValue), \(grant.grantedBy), \(grant.grantedAt.storedSeconds))
            ON CONFLICT (path, user_id) DO UPDATE SET access_level = excluded.access_level, granted_by = excluded.granted_by,
                granted_at = excluded.granted_at \(unescaped: keepHigher)
            RETURNING \(unescaped: Self.grantColumns)
            """, Self.grant)
        if let saved = saved.first { return saved }
        // The existing grant was at least as high: it stays.
        guard let existing = try await self.grant(path: grant.path, userId: grant.userId) else {
            throw ServerStoreError.corrupt("grant of \(grant.path) to \(grant.userId) vanished while saving it")
        }
        return existing
    }

    public func removeGrant(path: String, userId: String) async throws -> Bool {
        try await !rows("remove grant", "DELETE FROM fief_grants WHERE path = \(path) AND user_id = \(userId) RETURNING 1", { _ in true }).isEmpty
    }

    public func saveOffer(_ offer: StoredOffer) async throws {
        try await execute("save offer", """
            INSERT INTO fief_offers (token_hash, path, access_level, created_by, created_at, expires_at)
            VALUES (\(offer.tokenHash), \(offer.path), \(offer.accessLevel.rawValue), \(offer.createdBy), \(offer.createdAt.storedSeconds),
                    \(offer.expiresAt?.storedSeconds))
            ON CONFLICT (token_hash) DO UPDATE SET path = excluded.path, access_level = excluded.access_level,
                created_by = excluded.created_by, created_at = excluded.created_at, expires_at = excluded.expires_at
            """)
    }

    static let offerColumns = "token_hash, path, access_level, created_by, created_at, expires_at, revoked_at, accepted_count"

    static func offer(_ row: PostgresRow) throws -> StoredOffer {
        let (hash, path, level, createdBy, createdAt, expiresAt, revokedAt, acceptedCount) =
            try row.decode((String, String, String, String, Double, Double?, Double?, Int64).self)
        guard let accessLevel = AccessLevel(rawValue: level) else { throw ServerStoreError.corrupt("offer for \(path): level \(level)") }
        return StoredOffer(tokenHash: hash, path: path, accessLevel: accessLevel, createdBy: createdBy,
                           createdAt: Date(storedSeconds: createdAt), expiresAt: expiresAt.map { Date(storedSeconds: $0) },
                           revokedAt: revokedAt.map { Date(storedSeconds: $0) }, acceptedCount: Int(acceptedCount))
    }

    public func offer(tokenHash: String) async throws -> StoredOffer? {
        try await rows("offer", "SELECT \(unescaped: Self.offerColumns) FROM fief_offers WHERE token_hash = \(tokenHash)", Self.offer).first
    }

    public func offers(createdBy userId: String?) async throws -> [StoredOffer] {
        if let userId {
            return try await rows("offers", """
                SELECT \(unescaped: Self.offerColumns) FROM fief_offers WHERE created_by = \(userId) ORDER BY created_at
                """, Self.offer)
        }
        return try await rows("offers", "SELECT \(unescaped: Self.offerColumns) FROM fief_offers ORDER BY created_at", Self.offer)
    }

    public func revokeOffer(tokenHash: String, at date: Date) async throws -> Bool {
        try await !rows("revoke offer", """
            UPDATE fief_offers SET revoked_at = coalesce(revoked_at, \(date.storedSeconds)) WHERE token_hash = \(tokenHash) RETURNING 1
            """, { _ in true }).isEmpty
    }

    public func realmRules(path: String) async throws -> RealmRules? {
        guard let json = try await rows("realm rules", "SELECT rules FROM fief_realm_rules WHERE path = \(path)", { try $0.decode(String.self) }).first else {
            return nil
        }
        return try RealmRules.decodeStored(json, path: path)
    }

    public func saveRealmRules(_ rules: RealmRules?, path: String) async throws {
        if let rules {
            let json = try rules.storedJSON()
            try await execute("save realm rules", """
                INSERT INTO fief_realm_rules (path, rules) VALUES (\(path), \(json))
                ON CONFLICT (path) DO UPDATE SET rules = EXCLUDED.rules
                """)
        } else {
            try await execute("remove realm rules", "DELETE FROM fief_realm_rules WHERE path = \(path)")
        }
    }

    public func countOfferAcceptance(tokenHash: String) async throws {
        try await execute("count offer acceptance", "UPDATE fief_offers SET accepted_count = accepted_count + 1 WHERE token_hash = \(tokenHash)")
    }
}
