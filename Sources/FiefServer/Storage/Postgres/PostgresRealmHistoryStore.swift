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
/// instance makes them, and the database decides their order. An append states the latest server
/// version its integration was based on; when another instance appended meanwhile, the append
/// stores nothing and throws ``HistoryMovedOn`` (the caller catches up and integrates again).
/// A successful append sends `NOTIFY fief_history` with the new latest version, delivered at
/// commit to every instance's ``PostgresHistoryFeed``.
struct PostgresRealmHistoryStore: RealmHistoryStore {
    let path: String
    let connector: PostgresConnector
    let logger: Logger

    func load() async throws -> StoredHistory {
        try await changes(after: 0)
    }

    func changes(after version: UInt64) async throws -> StoredHistory {
        try await withStoreErrors("history of \(path)") {
            // One transaction, so that the entries and the client files are of the same moment.
            try await connector.withTransaction { connection in
                try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
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
                var files: [ClientFileState] = []
                let fileRows = try await connection.query("""
                    SELECT ident, salt, last_integrated_client_version, last_integrated_base_server_version FROM fief_client_files
                    WHERE realm_path = \(path) ORDER BY ident
                    """, logger: logger)
                for try await (ident, salt, clientVersion, baseVersion) in fileRows.decode((Int64, Int64, Int64, Int64).self) {
                    files.append(ClientFileState(ident: ident.storedUInt64, salt: salt.storedUInt64,
                                                 lastIntegratedClientVersion: clientVersion.storedUInt64,
                                                 lastIntegratedBaseServerVersion: baseVersion.storedUInt64))
                }
                // Entries after `version`, without gaps; from 0, the first may follow a compaction.
                let first = entries.first?.serverVersion ?? (version + 1)
                for (offset, entry) in entries.enumerated() where entry.serverVersion != first + UInt64(offset) {
                    throw ServerStoreError.corrupt("\(path): server version \(first + UInt64(offset)) is missing")
                }
                guard version == 0 || first == version + 1 else {
                    throw ServerStoreError.corrupt("\(path): server version \(version + 1) is missing")
                }
                return StoredHistory(compactedThrough: first - 1, entries: entries, clientFiles: files)
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

    func append(_ entries: [ServerHistoryEntry], clientFile: ClientFileState, expectedLatestVersion: UInt64) async throws {
        try await withStoreErrors("append to the history of \(path)") {
            try await connector.withTransaction { connection in
                try await lockRealm(connection)
                var latest: Int64 = 0
                for try await version in try await connection.query(
                    "SELECT coalesce(max(server_version), 0) FROM fief_history WHERE realm_path = \(path)", logger: logger).decode(Int64.self) {
                    latest = version
                }
                guard latest.storedUInt64 == expectedLatestVersion else {
                    throw HistoryMovedOn(expected: expectedLatestVersion, latest: latest.storedUInt64)
                }
                for entry in entries {
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
                    VALUES (\(path), \(Int64(storing: clientFile.ident)), \(Int64(storing: clientFile.salt)),
                            \(Int64(storing: clientFile.lastIntegratedClientVersion)), \(Int64(storing: clientFile.lastIntegratedBaseServerVersion)))
                    ON CONFLICT (realm_path, ident) DO UPDATE SET salt = excluded.salt,
                        last_integrated_client_version = excluded.last_integrated_client_version,
                        last_integrated_base_server_version = excluded.last_integrated_base_server_version
                    """, logger: logger)
                if let last = entries.last {
                    let payload = PostgresHistoryFeed.payload(path: path, version: last.serverVersion)
                    try await connection.query("SELECT pg_notify(\(PostgresHistoryFeed.channel), \(payload))", logger: logger)
                }
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

    /// Locks the realm's row until the transaction ends: the per-realm serialization of writes.
    private func lockRealm(_ connection: PostgresConnection) async throws {
        var found = false
        for try await _ in try await connection.query("SELECT 1 FROM fief_realms WHERE path = \(path) FOR UPDATE", logger: logger) {
            found = true
        }
        guard found else { throw ServerStoreError.storage("realm \(path) is not in fief_realms") }
    }
}
