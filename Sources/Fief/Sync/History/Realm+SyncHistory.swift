import Foundation

/// The sync history of a synced realm, for the sync client (FiefSync) and the simulator: what
/// to upload, and the steps of integrating a download (FORMAT.md, II.15).
///
/// Integrating a download is one write transaction: ``undoPendingSyncChangesets()`` takes the
/// file back to the server state it last integrated, ``integrateServerSyncChangeset(_:ownFileIdent:)``
/// applies the server's changesets in the server's order, ``redoSyncChangeset(_:)`` applies each
/// still-pending local changeset in its rebased form, and ``setSyncDownloadCursor(serverVersion:clientVersion:)``
/// records how far the file got. Every copy of the realm thus holds the server's changesets in
/// the server's order, followed by its own pending ones.
extension Realm {
    /// The file's sync identity, cursors and clock, as of this realm's snapshot.
    @_spi(Sync) public func syncHistoryState() throws -> SyncHistoryState {
        checkIsolation()
        return try SyncHistoryStore.readState(try currentTxn())
    }

    /// The changesets recorded after `clientVersion`, up to `last`, oldest first: what to upload.
    @_spi(Sync) public func syncHistoryEntries(after clientVersion: UInt64, through last: UInt64 = .max) throws -> [SyncHistoryEntry] {
        checkIsolation()
        return try SyncHistoryStore.entries(try currentTxn(), after: clientVersion, through: last)
    }

    /// Whether any write recorded up to client version `target` still waits for the server:
    /// one above the upload and download cursors is still in the history. Writes the server
    /// refused left the history when they were undone (``undoPendingSyncChangesets()``), so
    /// they wait for nothing, although no cursor moved past them.
    @_spi(Sync) public func hasPendingSyncUploads(through target: UInt64) throws -> Bool {
        checkIsolation()
        let state = try syncHistoryState()
        let cursor = max(state.uploadedClientVersion, state.downloadedClientVersion)
        guard cursor < target else { return false }
        return try SyncHistoryStore.firstVersion(try currentTxn(), after: cursor).map { $0 <= target } ?? false
    }

    /// Records the identity the server assigned to this file. Inside a write transaction.
    @_spi(Sync) public func setSyncFileIdent(_ ident: UInt64, salt: UInt64) throws {
        try updateSyncState { $0.fileIdent = ident; $0.identSalt = salt }
    }

    /// Records the server's acknowledgement that every changeset up to `clientVersion` is
    /// durable in its history. Inside a write transaction.
    @_spi(Sync) public func acknowledgeSyncUpload(clientVersion: UInt64, serverVersion: UInt64) throws {
        try updateSyncState {
            if clientVersion > $0.uploadedClientVersion {
                $0.uploadedClientVersion = clientVersion
                $0.uploadedServerVersion = serverVersion
            }
        }
    }

    /// Moves the hybrid logical clock past a timestamp seen in a download.
    @_spi(Sync) public func observeSyncTimestamp(_ timestamp: UInt64) throws {
        try updateSyncState { state in
            var clock = HybridLogicalClock(latest: state.clock)
            clock.observe(timestamp)
            state.clock = clock.latest
        }
    }

    /// Undoes every pending changeset (newest first), takes them out of the history and returns
    /// them, oldest first. Inside a write transaction.
    @_spi(Sync) public func undoPendingSyncChangesets() throws -> [SyncHistoryEntry] {
        guard let session else { throw RealmError.notInWriteTransaction }
        let state = try SyncHistoryStore.readState(session.txn)
        let pending = try SyncHistoryStore.entriesWithUndo(session.txn, after: state.downloadedClientVersion)
        for (_, undo) in pending.reversed() { try self.undo(undo) }
        try SyncHistoryStore.trim(session.txn, through: state.latestClientVersion)
        return pending.map(\.0)
    }

    /// Applies a changeset from the server's history (not recorded for upload, not undoable).
    @_spi(Sync) public func integrateServerSyncChangeset(_ changeset: SyncChangeset, ownFileIdent: UInt64) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        let capture = session.undoLog
        session.undoLog = nil
        defer { session.undoLog = capture }
        try applySyncChangeset(changeset, ownFileIdent: ownFileIdent)
        try cleanUpLinksNow(session)
    }

    /// Removes links to the objects erased so far, now rather than at commit: each changeset
    /// of an integration must leave the realm as its own transaction would (and the undo log
    /// of a redone changeset must hold the cleanup).
    private func cleanUpLinksNow(_ session: WriteSession) throws {
        try LinkCleanup.run(self, session)
        session.deleted = [:]
    }

    /// Applies a pending local changeset again, in its rebased form, and keeps it in the history
    /// (same client version) with a new undo log. Inside a write transaction.
    @_spi(Sync) public func redoSyncChangeset(_ entry: SyncHistoryEntry) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        let capture = session.undoLog
        session.undoLog = UndoLog()
        defer { session.undoLog = capture }
        let state = try SyncHistoryStore.readState(session.txn)
        try applySyncChangeset(entry.changeset, ownFileIdent: state.fileIdent)
        try cleanUpLinksNow(session)
        try SyncHistoryStore.put(session.txn, entry, undo: session.undoLog ?? UndoLog())
    }

    /// Records that the file integrated the server's history up to `serverVersion`, which
    /// holds this file's changesets up to `clientVersion`; those leave the history.
    @_spi(Sync) public func setSyncDownloadCursor(serverVersion: UInt64, clientVersion: UInt64) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        try SyncHistoryStore.trim(session.txn, through: clientVersion)
        try updateSyncState {
            $0.downloadedServerVersion = max($0.downloadedServerVersion, serverVersion)
            $0.downloadedClientVersion = max($0.downloadedClientVersion, clientVersion)
            if $0.uploadedClientVersion < clientVersion {
                $0.uploadedClientVersion = clientVersion
                $0.uploadedServerVersion = serverVersion
            }
        }
    }

    private func updateSyncState(_ body: (inout SyncHistoryState) -> Void) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        let old = try SyncHistoryStore.readState(session.txn)
        var state = old
        body(&state)
        if state != old { try SyncHistoryStore.writeState(session.txn, state, old: old) }
    }

    /// At commit of a write transaction of a synced realm: the changeset it recorded goes into
    /// the history, in the same storage transaction as the data.
    ///
    /// A changeset larger than ``SyncChangesetCoding/maximumEncodedSize`` fails the commit:
    /// no server would take it, and sync would stop at it for good.
    func recordSyncHistory(_ session: WriteSession, _ changeset: SyncChangeset?) throws {
        guard let changeset, !changeset.isEmpty, let undo = session.undoLog else { return }
        let encoded = SyncChangesetCoding.encode(changeset)
        guard encoded.count <= SyncChangesetCoding.maximumEncodedSize else {
            throw RealmError.invalidValue("this write transaction records \(encoded.count) bytes of sync changes "
                + "(\(changeset.instructions.count) instructions); one write transaction of a synced realm may record at most "
                + "\(SyncChangesetCoding.maximumEncodedSize) bytes, the most a server takes in one upload. "
                + "Nothing was committed: write the objects in several smaller transactions")
        }
        let old = try SyncHistoryStore.readState(session.txn)
        var state = old
        var clock = HybridLogicalClock(latest: state.clock)
        let now = configuration.syncClock?() ?? HybridLogicalClock.milliseconds(unixTime: Date().timeIntervalSince1970)
        let entry = SyncHistoryEntry(clientVersion: state.latestClientVersion + 1, baseServerVersion: state.downloadedServerVersion,
                                     timestamp: clock.tick(physicalMilliseconds: now), changeset: changeset)
        state.latestClientVersion = entry.clientVersion
        state.clock = clock.latest
        try SyncHistoryStore.put(session.txn, entry, changeset: encoded, undo: undo)
        try SyncHistoryStore.writeState(session.txn, state, old: old)
    }
}
