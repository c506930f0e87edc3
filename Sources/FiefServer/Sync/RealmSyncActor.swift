@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation
import Logging

/// A batch of history for one session's download.
struct HistoryBatch: Sendable {
    /// Entries after the requested version, oldest first, with their encoded changesets.
    var entries: [(entry: ServerHistoryEntry, payload: [UInt8])]
    /// Bytes of the payloads after this batch, up to the newest version.
    var remainingBytes: UInt64
    /// The newest server version.
    var latestVersion: UInt64
    /// The state of the session's client file.
    var clientFile: ClientFileState
}

/// Owns one realm's server history in memory (loaded from the store on first use) and
/// serializes everything that changes it: client file assignment and the integration of
/// uploads. An upload's entries are committed durably before the history in memory changes and
/// before any session hears of them, so nothing unacknowledged is ever sent.
actor RealmSyncActor {
    let path: String
    private let store: any RealmHistoryStore
    private let logger: Logger
    private var history = ServerHistory()
    private var payloads: [[UInt8]] = []
    private var payloadBytes: [UInt64] = []
    private var clientFiles: [UInt64: ClientFileState] = [:]
    private var loaded = false
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var subscribers: [UInt64: @Sendable () -> Void] = [:]
    /// The history's length at the last compaction (``compactIfDue()``).
    private var lengthAtLastCompaction = 0
    private var compacting = false

    init(path: String, store: any RealmHistoryStore, logger: Logger) {
        self.path = path
        self.store = store
        self.logger = logger
    }

    /// Runs `body` alone: the actor's awaits on the store do not let another change in.
    private func exclusively<T>(_ body: () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        if !loaded { try await load() }
        return try await body()
    }

    private func load() async throws {
        let stored = try await store.load()
        clientFiles = [:]
        var integrated: [UInt64: UInt64] = [:]
        for file in stored.clientFiles {
            clientFiles[file.ident] = file
            if file.lastIntegratedClientVersion > 0 { integrated[file.ident] = file.lastIntegratedClientVersion }
        }
        history = ServerHistory(entries: stored.entries, compactedThrough: stored.compactedThrough, integratedClientVersions: integrated)
        payloads = stored.entries.map { SyncChangesetCoding.encode($0.changeset) }
        payloadBytes = payloads.map { UInt64($0.count) }
        loaded = true
        logger.debug("loaded realm history", metadata: ["realm": "\(path)", "entries": "\(stored.entries.count)", "clientFiles": "\(stored.clientFiles.count)"])
    }

    /// Assigns a new client file identity with a random salt, durably.
    func assignClientFile() async throws -> ClientFileState {
        try await exclusively {
            let ident = (clientFiles.keys.max() ?? 0) + 1
            let file = ClientFileState(ident: ident, salt: try Crypto.randomNonZeroUInt64(), lastIntegratedClientVersion: 0, lastIntegratedBaseServerVersion: 0)
            try await store.addClientFile(file)
            clientFiles[ident] = file
            return file
        }
    }

    /// Checks an `ident` message against the history: the identity and salt must be this realm's,
    /// and the cursors must point into the history the server still has.
    func checkIdent(_ message: IdentMessage) async throws -> ClientFileState {
        try await exclusively {
            guard let file = clientFiles[message.fileIdent], file.salt == message.salt else {
                throw SessionFailure(.badClientFileIdent, "file identity \(message.fileIdent) with this salt was not assigned by realm \(path)")
            }
            let cursor = message.downloadCursor
            guard cursor.serverVersion <= history.latestVersion else {
                throw SessionFailure(.badCursor, "download cursor at server version \(cursor.serverVersion), but the history of \(path) ends at \(history.latestVersion)")
            }
            guard cursor.serverVersion >= history.compactedThrough else {
                throw SessionFailure(.clientResetRequired, "server version \(cursor.serverVersion) was compacted away", clientResetRequired: true)
            }
            let integrated = file.lastIntegratedClientVersion
            guard cursor.lastIntegratedClientVersion <= integrated, message.uploadCursor.clientVersion <= integrated else {
                throw SessionFailure(.clientResetRequired,
                                     "the client says the server integrated its version \(max(cursor.lastIntegratedClientVersion, message.uploadCursor.clientVersion)), but this server's history holds it only through \(integrated): the server history differs from the client's",
                                     clientResetRequired: true)
            }
            return file
        }
    }

    /// Integrates `uploads` of client file `fileIdent` (transformed past what its maker had not
    /// seen), commits the new entries durably, and tells every subscribed session. All or
    /// nothing: uploads that cannot be integrated are refused before anything changes, and after
    /// a failed commit the history is read again from the store.
    func integrate(_ uploads: [ClientUpload], fileIdent: UInt64) async throws -> ClientFileState {
        let file = try await exclusively {
            guard var file = clientFiles[fileIdent] else {
                throw SessionFailure(.badClientFileIdent, "file identity \(fileIdent) is unknown in \(path)")
            }
            // Check every upload first, exactly as `ServerHistory.integrate` will, so that the
            // integration below (in place: copying the history per upload would cost its whole
            // length each time) cannot stop halfway.
            var latest = history.latestVersion
            var done = history.integratedClientVersions[fileIdent] ?? 0
            for upload in uploads where upload.clientVersion > done {
                guard upload.baseServerVersion <= latest else {
                    throw SessionFailure(.badCursor, "changeset \(upload.clientVersion) is based on server version \(upload.baseServerVersion), but the history ends at \(latest)")
                }
                guard upload.baseServerVersion >= history.compactedThrough else {
                    throw SessionFailure(.clientResetRequired, "changeset \(upload.clientVersion) is based on server version \(upload.baseServerVersion), which was compacted away",
                                         clientResetRequired: true)
                }
                latest += 1
                done = upload.clientVersion
            }
            var fresh: [ServerHistoryEntry] = []
            do {
                for upload in uploads {
                    if let entry = try history.integrate(upload) { fresh.append(entry) }
                    if upload.clientVersion > file.lastIntegratedClientVersion {
                        file.lastIntegratedClientVersion = upload.clientVersion
                        file.lastIntegratedBaseServerVersion = upload.baseServerVersion
                    }
                }
                guard !fresh.isEmpty else { return file }
                try await store.append(fresh, clientFile: file)
            } catch {
                // The history in memory may now hold entries the store does not: the next call
                // reads it again from the store, the one truth.
                loaded = false
                logger.error("integration failed; the history will be reloaded", metadata: ["realm": "\(path)", "error": "\(error)"])
                throw error
            }
            clientFiles[fileIdent] = file
            for entry in fresh {
                let payload = SyncChangesetCoding.encode(entry.changeset)
                payloads.append(payload)
                payloadBytes.append(UInt64(payload.count))
            }
            return file
        }
        for notify in subscribers.values { notify() }
        if history.entries.count >= Self.compactionThreshold(lastLength: lengthAtLastCompaction) && !compacting {
            compacting = true
            Task { await self.compact() }
        }
        return file
    }

    /// Compaction runs when the history has grown by a quarter (at least 256 entries) since the
    /// last pass: a pass reads the whole history, so its cost per entry stays constant.
    static func compactionThreshold(lastLength: Int) -> Int {
        lastLength + max(256, lastLength / 4)
    }

    /// Compacts the history in place (``HistoryCompaction``) and stores the entries that
    /// changed. Downloads already built keep what they hold; later ones send the compacted
    /// form. A failed store is logged and the history read again: the uncompacted entries are
    /// still valid.
    func compact() async {
        defer { compacting = false }
        do {
            try await exclusively {
                let changed = history.compactInPlace()
                lengthAtLastCompaction = history.entries.count
                guard !changed.isEmpty else { return }
                do {
                    try await store.replaceChangesets(of: changed)
                } catch {
                    loaded = false
                    throw error
                }
                var saved = 0
                for entry in changed {
                    let index = Int(entry.serverVersion - history.compactedThrough - 1)
                    let payload = SyncChangesetCoding.encode(entry.changeset)
                    saved += Int(payloadBytes[index]) - payload.count
                    payloads[index] = payload
                    payloadBytes[index] = UInt64(payload.count)
                }
                logger.debug("compacted realm history", metadata: ["realm": "\(path)", "entries": "\(changed.count)", "bytesSaved": "\(saved)"])
            }
        } catch {
            logger.error("history compaction failed; the history will be reloaded", metadata: ["realm": "\(path)", "error": "\(error)"])
        }
    }

    /// History after `version` for client file `fileIdent`: at most `maxBytes` of payloads
    /// (at least one entry when there is any).
    func batch(after version: UInt64, fileIdent: UInt64, maxBytes: Int) async throws -> HistoryBatch {
        try await exclusively {
            guard let file = clientFiles[fileIdent] else {
                throw SessionFailure(.badClientFileIdent, "file identity \(fileIdent) is unknown in \(path)")
            }
            let available: ArraySlice<ServerHistoryEntry>
            do throws(ServerHistoryError) { available = try history.entries(after: version) } catch {
                if case .historyCompacted(let requested, _) = error {
                    throw SessionFailure(.clientResetRequired, "server version \(requested) was compacted away", clientResetRequired: true)
                }
                throw SessionFailure(.badCursor, "\(error)")
            }
            let first = Int(version - history.compactedThrough)
            var remaining: UInt64 = payloadBytes[first...].reduce(0, +)
            var out: [(entry: ServerHistoryEntry, payload: [UInt8])] = []
            var size = 0
            for (offset, entry) in available.enumerated() {
                let payload = payloads[first + offset]
                if !out.isEmpty && size + payload.count > maxBytes { break }
                out.append((entry, payload))
                size += payload.count
            }
            remaining -= UInt64(size)
            return HistoryBatch(entries: out, remainingBytes: remaining, latestVersion: history.latestVersion, clientFile: file)
        }
    }

    /// The newest client version of client file `fileIdent` in the history (0: none).
    func integratedClientVersion(fileIdent: UInt64) async throws -> UInt64 {
        try await exclusively { history.integratedClientVersions[fileIdent] ?? 0 }
    }

    /// Calls `notify` after every integration until ``unsubscribe(_:)``.
    func subscribe(_ id: UInt64, notify: @escaping @Sendable () -> Void) {
        subscribers[id] = notify
    }

    /// Stops notifying `id`.
    func unsubscribe(_ id: UInt64) {
        subscribers[id] = nil
    }
}
