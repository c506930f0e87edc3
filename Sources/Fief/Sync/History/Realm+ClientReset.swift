import FiefStorage

extension Realm {
    /// Client reset (FORMAT.md, II.16): inside a write transaction, makes the file a new,
    /// empty copy of its synced realm. Every object is deleted without being recorded, and the
    /// history, the sync state (but for the clock, which must never go back) and the global-key
    /// mappings are dropped, so that the file asks for a new identity and downloads the
    /// server's history from the start.
    ///
    /// Returns the changesets the server had not integrated yet, oldest first, with this
    /// file's objects named by its old identity (so that a recovery can apply them again:
    /// see ``appendRecoveredSyncChangeset(_:)``).
    @_spi(Sync) public func resetSyncFile() throws -> [SyncHistoryEntry] {
        guard let session else { throw RealmError.notInWriteTransaction }
        let state = try SyncHistoryStore.readState(session.txn)
        let pending = try SyncHistoryStore.entries(session.txn, after: state.downloadedClientVersion).map { entry in
            var named = entry
            named.changeset = entry.changeset.replacingFileIdent(0, with: state.fileIdent)
            return named
        }
        let capture = session.undoLog
        session.undoLog = nil
        session.sync?.suspended += 1
        defer {
            session.sync?.suspended -= 1
            session.undoLog = capture
        }
        deleteAll()
        if let error = pendingWriteError { throw error }
        try forgetSyncIdentity(session, clock: state.clock)
        return pending
    }

    /// For a copy of a synced realm made for another user or realm (`writeCopy`): inside a
    /// write transaction, forgets the file's sync identity, history and cursors, keeping every
    /// object, and records the schema and every object (its identity and values) as this
    /// transaction's changeset, so that the copy uploads its whole contents as a new client.
    @_spi(Sync) public func recordContentsAsNewSyncCopy() throws {
        guard let session, let recorder = session.sync else { throw RealmError.notInWriteTransaction }
        let state = try SyncHistoryStore.readState(session.txn)
        try forgetSyncIdentity(session, clock: state.clock)
        // Every object first, then the values: a link then always names an object that exists.
        var rows: [(TableBinding, UInt64, [StoredValue])] = []
        for binding in allBindings.sorted(by: { $0.className < $1.className }) where !binding.isEmbedded {
            let store = try table(binding)
            for key in try store.allKeys() where try store.exists(key) {
                let row = try binding.columns.map { c in c.property.isStored ? try store.read(key, c) ?? c.defaultValue : c.defaultValue }
                recordSyncCreate(binding, key, primaryKey: binding.primaryKey.map { row[$0.position] } ?? .null, recorder)
                rows.append((binding, key, row))
            }
        }
        for (binding, key, row) in rows { try recordSyncInitialValues(binding, key, row, recorder) }
    }

    /// Drops the history, the global-key mappings and the sync state (keeping `clock`), and
    /// records the whole schema as the transaction's first instructions.
    private func forgetSyncIdentity(_ session: WriteSession, clock: UInt64) throws {
        session.identityTrees = nil
        for name in try session.txn.treeNames() where name.hasPrefix("sync.") {
            _ = try session.txn.dropTree(name)
        }
        var fresh = SyncHistoryState()
        fresh.clock = clock
        try SyncHistoryStore.writeState(session.txn, fresh, old: SyncHistoryState())
        // The schema is this copy's first change again: the server the file now talks to
        // may not hold it.
        if let recorder = session.sync {
            var local: [ChangesetInstruction] = []
            for cls in fileSchema.objectSchema.sorted(by: { $0.className < $1.className }) {
                local.append(.addClass(className: cls.className, isEmbedded: cls.isEmbedded))
                for p in cls.properties { local.append(SchemaPlan.addProperty(cls.className, p)) }
            }
            recordSyncSchema(local, fileSchema, recorder)
        }
    }

    /// Applies `changeset` (kept from before a client reset) as a new local write of this
    /// transaction's: it is recorded in the history with the next client version, to be
    /// uploaded like any other. The reset's own write records the schema. Inside a write transaction; invalid instructions throw.
    @_spi(Sync) public func appendRecoveredSyncChangeset(_ changeset: SyncChangeset) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        let state = try SyncHistoryStore.readState(session.txn)
        session.sync?.suspended += 1
        defer { session.sync?.suspended -= 1 }
        try applySyncChangeset(changeset, ownFileIdent: state.fileIdent)
        session.sync?.instructions.append(contentsOf: changeset.instructions)
    }
}
