@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// One realm's server history and client files in the shared PostgreSQL database.
///
/// Several instances may write it. Each write that depends on what is stored (assigning a
/// client file identity, appending entries) is one transaction that first locks the realm's row
/// in `fief_realms` (`SELECT … FOR UPDATE`): writes to one realm are serialized, whichever
/// instance makes them, and the database decides their order. An append reads what other
/// instances appended since the caller's history ends, under that lock, and the caller
/// integrates on top of it before the same transaction stores the result.
/// A successful append sends `NOTIFY fief_history` with the new latest version, delivered at
/// commit to every instance's ``PostgresHistoryFeed``.
struct PostgresRealmHistoryStore: RealmHistoryStore {
    let path: String
    let connector: PostgresConnector
    let logger: Logging.Logger

    func load() async throws -> StoredHistory {
        try await changes(after: 0)
    }

    func changes(after version: UInt64) async throws -> StoredHistory {
        try await withStoreErrors("history of \(path)") {
            // One transaction, so that the entries and the client files are of the same moment.
            try await connector.withTransaction { connection in
                try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
                return try await readChanges(after: version, clientFiles: true, connection)
            }
        }
    }

    func assignClientFile(salt: UInt64) async throws -> ClientFileState {
        try await withStoreErrors("assign a client file of \(path)") {
            try await connector.withTransaction { connection in
                try await lockRealm(connection)
                let rows = try await connection.query("""
                    INSERT INTO fief_client_files (realm_path, ident, salt, last_integrated_client_version, last_integrated_base_server_version)
                    SELECT \(path), coalesce(max(ident), 0) + 1, \(Int64(storing: salt)), 0, 0 FROM fief_client_files WHERE realm_path = \(path)
                    RETURNING ident
                    """, logger: logger)
                for try await ident in rows.decode(Int64.self) {
                    return ClientFileState(ident: ident.storedUInt64, salt: salt, lastIntegratedClientVersion: 0, lastIntegratedBaseServerVersion: 0)
                }
                throw ServerStoreError.storage("assigning a client file of \(path) returned no identity")
            }
        }
    }

    func appendLocked(after version: UInt64, _ integrate: @escaping @Sendable (StoredHistory) async throws -> HistoryAppend?) async throws {
        try await withStoreErrors("append to the history of \(path)") {
            try await connector.withTransaction { connection in
                try await lockRealm(connection)
                // Under the lock nobody else writes this realm: what was appended since `version`
                // is final until the commit. Client files change only with entries or new
                // identities, so they are read again only when entries were appended.
                var caughtUp = try await readChanges(after: version, clientFiles: false, connection)
                if !caughtUp.entries.isEmpty { caughtUp.clientFiles = try await readClientFiles(connection) }
                guard let append = try await integrate(caughtUp) else { return }
                let latest = version + UInt64(caughtUp.entries.count)
                guard append.entries.first.map({ $0.serverVersion == latest + 1 }) ?? true else {
                    throw HistoryMovedOn(expected: append.entries[0].serverVersion - 1, latest: latest)
                }
                try await storeAppend(append, connection)
            }
        }
    }

    func replaceChangesets(of entries: [ServerHistoryEntry]) async throws {
        try await withStoreErrors("store the compacted history of \(path)") {
            try await connector.withTransaction { connection in
                for entry in entries {
                    var bytes = ByteBuffer()
                    bytes.writeBytes(SyncChangesetCoding.encode(entry.changeset))
                    try await connection.query("""
                        UPDATE fief_history SET changeset = \(bytes)
                        WHERE realm_path = \(path) AND server_version = \(Int64(storing: entry.serverVersion))
                        """, logger: logger)
                }
            }
        }
    }

    /// The entries after `version`, checked to have no gaps, and (with `clientFiles`) every
    /// client file, read on `connection`.
    private func readChanges(after version: UInt64, clientFiles: Bool, _ connection: PostgresConnection) async throws -> StoredHistory {
        var entries: [ServerHistoryEntry] = []
        let rows = try await connection.query("""
            SELECT server_version, origin_file_ident, origin_client_version, timestamp, changeset FROM fief_history
            WHERE realm_path = \(path) AND server_version > \(Int64(storing: version)) ORDER BY server_version
            """, logger: logger)
        for try await (serverVersion, originFile, originVersion, timestamp, bytes)
            in rows.decode((Int64, Int64, Int64, Int64, ByteBuffer).self) {
            let changeset: SyncChangeset
            do { changeset = try SyncChangesetCoding.decode(Array(buffer: bytes)) } catch {
                throw ServerStoreError.corrupt("\(path), server version \(serverVersion): \(error)")
            }
            entries.append(ServerHistoryEntry(serverVersion: serverVersion.storedUInt64, originFileIdent: originFile.storedUInt64,
                                              originClientVersion: originVersion.storedUInt64, timestamp: timestamp.storedUInt64,
                                              changeset: changeset))
        }
        // Entries after `version`, without gaps; from 0, the first may follow a compaction.
        let first = entries.first?.serverVersion ?? (version + 1)
        for (offset, entry) in entries.enumerated() where entry.serverVersion != first + UInt64(offset) {
            throw ServerStoreError.corrupt("\(path): server version \(first + UInt64(offset)) is missing")
        }
        guard version == 0 || first == version + 1 else {
            throw ServerStoreError.corrupt("\(path): server version \(version + 1) is missing")
        }
        return StoredHistory(compactedThrough: first - 1, entries: entries, clientFiles: clientFiles ? try await readClientFiles(connection) : [])
    }

    /// Every client file of the realm, read on `connection`.
    private func readClientFiles(_ connection: PostgresConnection) async throws -> [ClientFileState] {
        var files: [ClientFileState] = []
        let rows = try await connection.query("""
            SELECT ident, salt, last_integrated_client_version, last_integrated_base_server_version FROM fief_client_files
            WHERE realm_path = \(path) ORDER BY ident
            """, logger: logger)
        for try await (ident, salt, clientVersion, baseVersion) in rows.decode((Int64, Int64, Int64, Int64).self) {
            files.append(ClientFileState(ident: ident.storedUInt64, salt: salt.storedUInt64,
                                         lastIntegratedClientVersion: clientVersion.storedUInt64,
                                         lastIntegratedBaseServerVersion: baseVersion.storedUInt64))
        }
        return files
    }

    /// Inserts `append`'s entries and client file, and notifies the other instances; the caller
    /// holds the realm's lock in the transaction of `connection`.
    private func storeAppend(_ append: HistoryAppend, _ connection: PostgresConnection) async throws {
        for entry in append.entries {
            var bytes = ByteBuffer()
            bytes.writeBytes(SyncChangesetCoding.encode(entry.changeset))
            try await connection.query("""
                INSERT INTO fief_history (realm_path, server_version, origin_file_ident, origin_client_version, timestamp, changeset)
                VALUES (\(path), \(Int64(storing: entry.serverVersion)), \(Int64(storing: entry.originFileIdent)),
                        \(Int64(storing: entry.originClientVersion)), \(Int64(storing: entry.timestamp)), \(bytes))
                """, logger: logger)
        }
        try await connection.query("""
            INSERT INTO fief_client_files (realm_path, ident, salt, last_integrated_client_version, last_integrated_base_server_version)
            VALUES (\(path), \(Int64(storing: append.clientFile.ident)), \(Int64(storing: append.clientFile.salt)),
                    \(Int64(storing: append.clientFile.lastIntegratedClientVersion)), \(Int64(storing: append.clientFile.lastIntegratedBaseServerVersion)))
            ON CONFLICT (realm_path, ident) DO UPDATE SET salt = excluded.salt,
                last_integrated_client_version = excluded.last_integrated_client_version,
                last_integrated_base_server_version = excluded.last_integrated_base_server_version
            """, logger: logger)
        if let last = append.entries.last {
            let payload = PostgresHistoryFeed.payload(path: path, version: last.serverVersion)
            try await connection.query("SELECT pg_notify(\(PostgresHistoryFeed.channel), \(payload))", logger: logger)
        }
    }

    /// Locks the realm's row until the transaction ends: the per-realm serialization of writes.
    private func lockRealm(_ connection: PostgresConnection) async throws {
        var found = false
        for try await _ in try await connection.query("SELECT 1 FROM fief_realms WHERE path = \(path) FOR UPDATE", logger: logger) {
            found = true
        }
        guard found else { throw ServerStoreError.storage("realm \(path) is not in fief_realms") }
    }
}
