@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// A realm's server history in a Fief realm file of its own, with full durability: every
/// append is on disk when it returns. Only one server uses the file, so its realm's
/// ``RealmSyncActor`` is the only writer: ``HistoryMovedOn`` can happen only if that actor's
/// history in memory is wrong.
actor EmbeddedRealmHistoryStore: RealmHistoryStore {
    private let configuration: Realm.Configuration
    private var openRealm: Realm?
    private let executor: StorageExecutor

    /// Runs on a queue of its own: commits wait for the disk (``StorageExecutor``).
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(fileURL: URL) {
        executor = StorageExecutor(label: "fief-server.history.\(fileURL.lastPathComponent)")
        configuration = Realm.Configuration(fileURL: fileURL, objectTypes: [HistoryEntryRecord.self, ClientFileRecord.self])
    }

    private func realm() async throws -> Realm {
        if let openRealm { return openRealm }
        let realm = try await Realm.open(configuration: configuration)
        openRealm = realm
        return realm
    }

    func load() async throws -> StoredHistory {
        try await changes(after: 0)
    }

    func changes(after version: UInt64) async throws -> StoredHistory {
        let realm = try await realm()
        var entries: [ServerHistoryEntry] = []
        var expected: UInt64? = version == 0 ? nil : version + 1
        for record in realm.objects(HistoryEntryRecord.self).filter("serverVersion > %@", Int(storing: version)).sorted(byKeyPath: "serverVersion") {
            let version = record.serverVersion.storedUInt64
            if let expected, version != expected {
                throw ServerStoreError.corrupt("\(configuration.fileURL?.path ?? "history"): server version \(expected) is missing")
            }
            expected = version + 1
            let changeset: SyncChangeset
            do { changeset = try SyncChangesetCoding.decode(Array(record.changeset)) } catch {
                throw ServerStoreError.corrupt("server version \(version): \(error)")
            }
            entries.append(ServerHistoryEntry(serverVersion: version, originFileIdent: record.originFileIdent.storedUInt64,
                                              originClientVersion: record.originClientVersion.storedUInt64,
                                              timestamp: record.timestamp.storedUInt64, changeset: changeset))
        }
        let compactedThrough = (entries.first?.serverVersion ?? (version + 1)) - 1
        let files = realm.objects(ClientFileRecord.self).sorted(byKeyPath: "ident").map(\.value)
        return StoredHistory(compactedThrough: compactedThrough, entries: entries, clientFiles: Array(files))
    }

    func assignClientFile(salt: UInt64) async throws -> ClientFileState {
        let realm = try await realm()
        let ident = (realm.objects(ClientFileRecord.self).max(ofProperty: "ident") as Int?).map(\.storedUInt64).map { $0 + 1 } ?? 1
        let file = ClientFileState(ident: ident, salt: salt, lastIntegratedClientVersion: 0, lastIntegratedBaseServerVersion: 0)
        try realm.write {
            let record = ClientFileRecord()
            record.ident = Int(storing: file.ident)
            record.update(from: file)
            realm.add(record, update: .modified)
        }
        return file
    }

    func appendLocked(after version: UInt64, _ integrate: @escaping @Sendable (StoredHistory) async throws -> HistoryAppend?) async throws {
        // The only writer: there is nothing to catch up with.
        guard let append = try await integrate(StoredHistory(compactedThrough: version, entries: [], clientFiles: [])) else { return }
        let realm = try await realm()
        let latest = (realm.objects(HistoryEntryRecord.self).max(ofProperty: "serverVersion") as Int?)?.storedUInt64 ?? 0
        // With compaction, the latest version outlives its entry only if every entry went; this
        // server never compacts the stored history, so an empty one ends at 0.
        let expected = (append.entries.first?.serverVersion ?? latest + 1) - 1
        guard latest == version, expected == latest else { throw HistoryMovedOn(expected: expected, latest: latest) }
        let clientFile = append.clientFile
        try realm.write {
            for entry in append.entries {
                let record = HistoryEntryRecord()
                record.serverVersion = Int(storing: entry.serverVersion)
                record.originFileIdent = Int(storing: entry.originFileIdent)
                record.originClientVersion = Int(storing: entry.originClientVersion)
                record.timestamp = Int(storing: entry.timestamp)
                record.changeset = Data(SyncChangesetCoding.encode(entry.changeset))
                realm.add(record)
            }
            let file = realm.object(ofType: ClientFileRecord.self, forPrimaryKey: Int(storing: clientFile.ident)) ?? {
                let record = ClientFileRecord()
                record.ident = Int(storing: clientFile.ident)
                realm.add(record)
                return record
            }()
            file.update(from: clientFile)
        }
    }

    func replaceChangesets(of entries: [ServerHistoryEntry]) async throws {
        let realm = try await realm()
        try realm.write {
            for entry in entries {
                guard let record = realm.object(ofType: HistoryEntryRecord.self, forPrimaryKey: Int(storing: entry.serverVersion)) else {
                    throw ServerStoreError.corrupt("\(configuration.fileURL?.path ?? "history"): server version \(entry.serverVersion) to compact is missing")
                }
                record.changeset = Data(SyncChangesetCoding.encode(entry.changeset))
            }
        }
    }
}
