import Logging
import PostgresNIO

/// The PostgreSQL store's schema, as numbered migrations (FORMAT.md, "The server's PostgreSQL
/// schema"). ``migrate(connector:logger:)`` applies those a database lacks, at start.
///
/// Every instance runs it when it starts, possibly at the same moment: it runs in one
/// transaction that first takes a transaction-level advisory lock, so one instance migrates and
/// the others then find nothing left to do. DDL is transactional in PostgreSQL, so a migration
/// that fails leaves nothing half done.
enum PostgresSchema {
    /// The advisory lock key of migrations (any fixed number; "fief" in ASCII).
    static let migrationLockKey: Int64 = 0x6669_6566

    /// The migrations, in order; version n is `migrations[n - 1]`. Never edit one that shipped:
    /// append a new one.
    static let migrations: [[String]] = [
        // 1: everything the embedded store keeps.
        [
            """
            CREATE TABLE fief_signing_key (
                id integer PRIMARY KEY CHECK (id = 1),
                key bytea NOT NULL CHECK (length(key) = 32))
            """,
            """
            CREATE TABLE fief_users (
                id text PRIMARY KEY,
                username text,
                username_key text UNIQUE,
                password_hash text,
                provider text NOT NULL,
                is_admin boolean NOT NULL,
                created_at double precision NOT NULL,
                seq bigserial NOT NULL)
            """,
            "CREATE INDEX fief_users_created ON fief_users (created_at, seq)",
            """
            CREATE TABLE fief_external_identities (
                provider text NOT NULL,
                subject text NOT NULL,
                user_id text NOT NULL REFERENCES fief_users (id),
                PRIMARY KEY (provider, subject))
            """,
            """
            CREATE TABLE fief_refresh_tokens (
                token_hash text PRIMARY KEY,
                user_id text NOT NULL,
                expires_at double precision NOT NULL,
                revoked boolean NOT NULL)
            """,
            """
            CREATE TABLE fief_realms (
                path text PRIMARY KEY,
                creator_id text NOT NULL,
                created_at double precision NOT NULL)
            """,
            """
            CREATE TABLE fief_grants (
                path text NOT NULL,
                user_id text NOT NULL,
                access_level text NOT NULL,
                granted_by text NOT NULL,
                granted_at double precision NOT NULL,
                PRIMARY KEY (path, user_id))
            """,
            "CREATE INDEX fief_grants_user ON fief_grants (user_id, path)",
            """
            CREATE TABLE fief_offers (
                token_hash text PRIMARY KEY,
                path text NOT NULL,
                access_level text NOT NULL,
                created_by text NOT NULL,
                created_at double precision NOT NULL,
                expires_at double precision)
            """,
            """
            CREATE TABLE fief_history (
                realm_path text NOT NULL REFERENCES fief_realms (path),
                server_version bigint NOT NULL,
                origin_file_ident bigint NOT NULL,
                origin_client_version bigint NOT NULL,
                timestamp bigint NOT NULL,
                changeset bytea NOT NULL,
                PRIMARY KEY (realm_path, server_version))
            """,
            """
            CREATE TABLE fief_client_files (
                realm_path text NOT NULL REFERENCES fief_realms (path),
                ident bigint NOT NULL,
                salt bigint NOT NULL,
                last_integrated_client_version bigint NOT NULL,
                last_integrated_base_server_version bigint NOT NULL,
                PRIMARY KEY (realm_path, ident))
            """,
        ],
        // 2: offers can be revoked and count their acceptances.
        [
            "ALTER TABLE fief_offers ADD COLUMN revoked_at double precision",
            "ALTER TABLE fief_offers ADD COLUMN accepted_count bigint NOT NULL DEFAULT 0",
            "CREATE INDEX fief_offers_creator ON fief_offers (created_by, created_at)",
        ],
        // 3: per-class permission rules of realms (JSON, see RealmRules).
        [
            "CREATE TABLE fief_realm_rules (path text PRIMARY KEY, rules text NOT NULL)",
        ],
        // 4: users' custom data (a JSON object, see CustomDataValue).
        [
            "CREATE TABLE fief_user_custom_data (user_id text PRIMARY KEY REFERENCES fief_users (id), data text NOT NULL)",
        ],
        // 5: users' API keys (hashed), and the key each refresh token's session logged in with.
        [
            """
            CREATE TABLE fief_api_keys (
                id text PRIMARY KEY,
                user_id text NOT NULL REFERENCES fief_users (id),
                name text NOT NULL,
                key_hash text NOT NULL UNIQUE,
                disabled boolean NOT NULL,
                created_at double precision NOT NULL,
                UNIQUE (user_id, name))
            """,
            "ALTER TABLE fief_refresh_tokens ADD COLUMN api_key_id text",
            "CREATE INDEX fief_refresh_tokens_api_key ON fief_refresh_tokens (api_key_id) WHERE api_key_id IS NOT NULL",
        ],
        // 6: account confirmation and password reset tokens (hashed), and accounts awaiting confirmation.
        [
            """
            CREATE TABLE fief_account_tokens (
                id text PRIMARY KEY,
                token_hash text NOT NULL,
                user_id text NOT NULL REFERENCES fief_users (id),
                purpose text NOT NULL,
                expires_at double precision NOT NULL)
            """,
            "CREATE INDEX fief_account_tokens_user ON fief_account_tokens (user_id, purpose)",
            // No foreign key: registration marks the id before it creates the user, so that a crash between
            // the two never leaves an unconfirmed account able to log in.
            "CREATE TABLE fief_awaiting_confirmation (user_id text PRIMARY KEY)",
            "CREATE INDEX fief_refresh_tokens_user ON fief_refresh_tokens (user_id)",
        ],
    ]

    /// The newest schema version this code knows.
    static var latestVersion: Int { migrations.count }

    /// Brings the database to ``latestVersion``; throws when it is newer than this code (a
    /// newer fief-server migrated it) rather than serve with a schema it does not know.
    static func migrate(connector: PostgresConnector, logger: Logging.Logger) async throws {
        try await withStoreErrors("schema migration") {
            try await connector.withTransaction { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLockKey))", logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS fief_schema_migrations (
                        version integer PRIMARY KEY,
                        applied_at timestamptz NOT NULL DEFAULT now())
                    """, logger: logger)
                var current = 0
                for try await version in try await connection.query("SELECT coalesce(max(version), 0) FROM fief_schema_migrations",
                                                                     logger: logger).decode(Int.self) {
                    current = version
                }
                guard current <= latestVersion else {
                    throw ServerStoreError.storage("the PostgreSQL schema is at version \(current), newer than this fief-server knows (\(latestVersion)); run a newer fief-server")
                }
                for version in (current + 1)..<(latestVersion + 1) {
                    for statement in migrations[version - 1] {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query("INSERT INTO fief_schema_migrations (version) VALUES (\(version))", logger: logger)
                    logger.info("applied PostgreSQL schema migration", metadata: ["version": "\(version)"])
                }
            }
        }
    }
}
