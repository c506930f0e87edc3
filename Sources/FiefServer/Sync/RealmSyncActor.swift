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
///
/// On a store several server instances share (PostgreSQL), each instance has an actor for the
/// realm and the store decides the order: an integration runs with the realm locked in the
/// store (``RealmHistoryStore/appendLocked(after:_:)``), first catching up with what other
/// instances appended, then integrating on top (``integrate(_:fileIdent:)``). Appends of other
/// instances also reach it through ``storeAdvanced(to:)``.
actor RealmSyncActor {
    let path: String
    private let store: any RealmHistoryStore
    private let logger: Logging.Logger
    private(set) var history = ServerHistory()
    /// The encoded download form of each entry (``downloadPayload(_:)``).
    private(set) var payloads: [[UInt8]] = []
    private(set) var payloadBytes: [UInt64] = []
    private(set) var clientFiles: [UInt64: ClientFileState] = [:]
    /// The realm's asymmetric classes, whose instructions no download carries.
    private(set) var asymmetric = AsymmetricClasses()
    /// The realm's state, for filtered sessions and rule checks (``currentReplica()``).
    var replica: RealmReplica?
    /// What filtered clients held after their last views, for reconnects.
    var heldViews = HeldViews()
    /// The compiled queries of each filtered client file (``evaluator(for:view:replica:)``).
    var evaluators: [UInt64: CompiledView] = [:]
    private var loaded = false
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var subscribers: [UInt64: @Sendable () -> Void] = [:]
    /// The history's length at the last compaction (``compactIfDue()``).
    private var lengthAtLastCompaction = 0
    private var compacting = false
    /// Whether other server instances write the store too (then an ident reads the client files again).
    private let shared: Bool
    /// The uploading file's new state and the new entries of the integration in progress, set
    /// while the store holds the realm's lock.
    private var integrating: (file: ClientFileState, fresh: [ServerHistoryEntry], refusals: [String])?
    /// How the integration in progress judges writes (set while it runs).
    private var admission: WriteAdmission?
    /// The client file the server writes as (``ensureUsers(_:)``), once it has written.
    var serverFile: ClientFileState?
    /// The newest client version the server wrote as ``serverFile``.
    var serverClientVersion: UInt64 = 0
    /// The users known to be in `__User` (``ensureUsers(_:)``).
    var listedUsers: Set<String> = []
    /// The number of the integration in progress (``integrate(_:fileIdent:)``).
    private var integration: UInt64 = 0

    init(path: String, store: any RealmHistoryStore, shared: Bool = false, logger: Logging.Logger) {
        self.path = path
        self.store = store
        self.shared = shared
        self.logger = logger
    }

    /// Runs `body` alone: the actor's awaits on the store do not let another change in.
    func exclusively<T>(_ body: () async throws -> T) async throws -> T {
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
        asymmetric = AsymmetricClasses()
        payloads = stored.entries.map { downloadPayload($0.changeset) }
        payloadBytes = payloads.map { UInt64($0.count) }
        // The replica may hold entries the store does not: built again from the history.
        replica = nil
        loaded = true
        logger.debug("loaded realm history", metadata: ["realm": "\(path)", "entries": "\(stored.entries.count)", "clientFiles": "\(stored.clientFiles.count)"])
    }

    /// Reads what other server instances appended since the history in memory ends, and every
    /// client file's stored state; returns whether the history grew.
    @discardableResult
    private func catchUp() async throws -> Bool {
        let changes = try await store.changes(after: history.latestVersion)
        apply(changes)
        return !changes.entries.isEmpty
    }

    /// Takes in what other writers stored after the history in memory ends.
    private func apply(_ changes: StoredHistory) {
        for file in changes.clientFiles { clientFiles[file.ident] = file }
        guard !changes.entries.isEmpty else { return }
        history.appendStored(changes.entries)
        for entry in changes.entries {
            let payload = downloadPayload(entry.changeset)
            payloads.append(payload)
            payloadBytes.append(UInt64(payload.count))
        }
        logger.debug("caught up with the store", metadata: ["realm": "\(path)", "entries": "\(changes.entries.count)", "latest": "\(history.latestVersion)"])
    }

    /// Another server instance stored server version `version` (nil: maybe some, after missed
    /// notifications): catches up from the store and tells the subscribed sessions.
    func storeAdvanced(to version: UInt64?) async {
        do {
            let grew = try await exclusively {
                if let version, version <= history.latestVersion { return false }
                return try await catchUp()
            }
            guard grew else { return }
        } catch {
            logger.warning("catching up with the store failed", metadata: ["realm": "\(path)", "error": "\(error)"])
            return
        }
        for notify in subscribers.values { notify() }
    }

    /// Assigns a new client file identity with a random salt, durably (the store picks the
    /// identity, unique among every instance's).
    func assignClientFile() async throws -> ClientFileState {
        try await exclusively {
            let file = try await store.assignClientFile(salt: try Crypto.randomNonZeroUInt64())
            clientFiles[file.ident] = file
            return file
        }
    }

    /// Checks an `ident` message against the history: the identity and salt must be this realm's,
    /// and the cursors must point into the history the server still has.
    func checkIdent(_ message: IdentMessage) async throws -> ClientFileState {
        try await exclusively {
            // The client may come from another instance: its file and the history it saw are in the store.
            if shared { try await catchUp() }
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
    ///
    /// `rules` judge the writes (``WriteAdmission``); nil: the server itself writes.
    func integrate(_ uploads: [ClientUpload], fileIdent: UInt64, rules: AppliedRules? = .unrestricted) async throws -> IntegrationResult {
        let result = try await exclusively {
            if let rules { admission = try await makeAdmission(for: rules) }
            defer { admission = nil }
            integrating = nil
            integration += 1
            let current = integration
            // A store operation abandoned at its deadline may still call back later: by then
            // `integration` has moved on and the late call changes nothing.
            defer { integration += 1 }
            do {
                try await store.appendLocked(after: history.latestVersion) { missing in
                    try await self.integrateLocked(uploads, fileIdent: fileIdent, after: missing, integration: current)
                }
            } catch let failure as SessionFailure {
                // Refused before anything of the upload changed the history in memory.
                throw failure
            } catch {
                // The history in memory may now hold entries the store does not: the next call
                // reads it again from the store, the one truth.
                loaded = false
                logger.error("integration failed; the history will be reloaded", metadata: ["realm": "\(path)", "error": "\(error)"])
                throw error
            }
            guard let (file, fresh, refusals) = integrating else {
                throw SessionFailure(.internalError, "the store of \(path) appended without integrating")
            }
            integrating = nil
            clientFiles[fileIdent] = file
            for entry in fresh {
                let payload = downloadPayload(entry.changeset)
                payloads.append(payload)
                payloadBytes.append(UInt64(payload.count))
            }
            return IntegrationResult(file: file, refusals: refusals)
        }
        for notify in subscribers.values { notify() }
        if history.entries.count >= Self.compactionThreshold(lastLength: lengthAtLastCompaction) && !compacting {
            compacting = true
            Task { await self.compact() }
        }
        return result
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
                    let payload = downloadPayload(entry.changeset)
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

    /// The part of ``integrate(_:fileIdent:)`` that runs while the store holds the realm's lock:
    /// catches up with `missing` (what other instances appended), integrates the uploads on top
    /// in memory and returns what the store appends. The result is kept in ``integrating``.
    private func integrateLocked(_ uploads: [ClientUpload], fileIdent: UInt64, after missing: StoredHistory, integration: UInt64) throws -> HistoryAppend? {
        guard integration == self.integration else {
            throw ServerStoreError.storage("an abandoned integration of \(path) called back after its deadline")
        }
        apply(missing)
        if let replica = admission?.replica {
            do { try replica.catchUp(with: history) } catch {
                self.replica = nil
                throw error
            }
        }
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
        for upload in uploads {
            let entry: ServerHistoryEntry?
            if admission != nil {
                entry = try history.integrate(upload) { self.admission!.admit($0) }
                // The replica follows the history at once: the next upload is judged on it.
                if let entry {
                    do { try admission?.replica?.apply(entry.changeset) } catch {
                        replica = nil
                        throw error
                    }
                }
            } else {
                entry = try history.integrate(upload)
            }
            if let entry { fresh.append(entry) }
            if upload.clientVersion > file.lastIntegratedClientVersion {
                file.lastIntegratedClientVersion = upload.clientVersion
                file.lastIntegratedBaseServerVersion = upload.baseServerVersion
            }
        }
        integrating = (file, fresh, admission?.refusals ?? [])
        return fresh.isEmpty ? nil : HistoryAppend(entries: fresh, clientFile: file)
    }

    /// History after `version` for client file `fileIdent`: at most `maxBytes` of payloads and
    /// ``WireLimits/changesetsPerMessageSent`` entries (at least one entry when there is any).
    func batch(after version: UInt64, fileIdent: UInt64, maxBytes: Int) async throws -> HistoryBatch {
        try await exclusively { try unfilteredBatch(after: version, fileIdent: fileIdent, maxBytes: maxBytes) }
    }

    /// ``batch(after:fileIdent:maxBytes:)`` inside ``exclusively(_:)``.
    func unfilteredBatch(after version: UInt64, fileIdent: UInt64, maxBytes: Int) throws -> HistoryBatch {
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
            if !out.isEmpty && (size + payload.count > maxBytes || out.count == WireLimits.changesetsPerMessageSent) { break }
            out.append((entry, payload))
            size += payload.count
        }
        remaining -= UInt64(size)
        return HistoryBatch(entries: out, remainingBytes: remaining, latestVersion: history.latestVersion, clientFile: file)
    }

    /// What devices download of a history entry's changeset, encoded: its download form
    /// (``AsymmetricClasses/downloadForm(_:)``), after noting the asymmetric classes it adds.
    /// Entries are passed in history order.
    private func downloadPayload(_ changeset: SyncChangeset) -> [UInt8] {
        asymmetric.note(changeset)
        return SyncChangesetCoding.encode(asymmetric.downloadForm(changeset))
    }

    /// The newest client version of client file `fileIdent` in the history (0: none).
    func integratedClientVersion(fileIdent: UInt64) async throws -> UInt64 {
        try await exclusively { history.integratedClientVersions[fileIdent] ?? 0 }
    }

    /// Whether `changesets` only add classes and properties the history added already, as
    /// they are (``ServerHistory/onlyRepeatsSchema(_:)``): a reader's new file sends the
    /// schema it was opened with.
    func onlyRepeatsSchema(_ changesets: [SyncChangeset]) async throws -> Bool {
        try await exclusively { history.onlyRepeatsSchema(changesets) }
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
