@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol

/// A client reset between wiping the file and having the server's copy.
struct ClientResetInProgress {
    /// A frozen snapshot of the file before the reset.
    let before: Realm
    /// The changesets the server never received (for the recovering modes).
    let unsynced: [SyncHistoryEntry]
    let mode: ClientResetMode
}

extension SyncSessionWorker {
    /// The server cannot continue from this file: reset it as the configuration's
    /// `clientResetMode` says. The automatic modes wipe the file now (it then syncs as a new
    /// copy, on a new connection made at once) and finish when the server's copy is in.
    func performClientReset(_ error: SyncError) {
        guard let realm else { return }
        let mode = sync.clientResetMode
        let beforeReset: (@Sendable (Realm) -> Void)?
        switch mode {
        case .manual(let handler):
            var reported = error
            reported.resetFilePath = configuration.fileURL?.path
            var failure = SyncError(.clientReset, "\(error.message) (client reset mode manual: the session stopped; delete the file and open it again)",
                                    serverCode: error.serverCode)
            failure.resetFilePath = reported.resetFilePath
            // The session lets go of the file, so that the app can delete it once its own
            // realms are closed; the next open syncs the new file from the server's copy. It
            // closes before anyone hears of the reset, so a handler reads it `.inactive`.
            close(because: "a manual client reset: the app deletes the file and opens it again")
            handler?(reported)
            report(failure)
            waiters.failAll(failure)
            subscriptions.failWaiters(failure)
            return
        case .discardUnsyncedChanges(let before, _), .recoverUnsyncedChanges(let before, _), .recoverOrDiscardUnsyncedChanges(let before, _):
            beforeReset = before
        }
        let before = realm.freeze()
        beforeReset?(before)
        do {
            var unsynced: [SyncHistoryEntry] = []
            try realm.write { unsynced = try realm.resetSyncFile() }
            resetInProgress = ClientResetInProgress(before: before, unsynced: unsynced, mode: mode)
        } catch {
            fail(SyncError(.fileError, "the client reset could not wipe the file: \(error)"))
            return
        }
        sentThrough = 0
        isIdentified = false
        waiters.rearmMarks()
        reconnectsAtOnce = true
        disconnect()
    }

    /// After the first download-completion mark of a reset: applies the unsynced changes
    /// again (recovering modes) and calls `afterReset`.
    func completeResetIfDue() {
        guard let reset = resetInProgress, let realm else { return }
        resetInProgress = nil
        let afterReset: (@Sendable (Realm, Realm) -> Void)?
        switch reset.mode {
        case .manual:
            return
        case .discardUnsyncedChanges(_, let after):
            afterReset = after
        case .recoverUnsyncedChanges(_, let after):
            afterReset = after
            do {
                try realm.write { for entry in reset.unsynced { try realm.appendRecoveredSyncChangeset(entry.changeset) } }
            } catch {
                fail(SyncError(.clientReset, "the unsynced changes could not be applied to the server's copy: \(error); open the file again with clientResetMode .manual to handle it"))
                return
            }
        case .recoverOrDiscardUnsyncedChanges(_, let after):
            afterReset = after
            for entry in reset.unsynced {
                // Each changeset on its own: one that no longer applies is discarded alone.
                try? realm.write { try realm.appendRecoveredSyncChangeset(entry.changeset) }
            }
        }
        afterReset?(reset.before, realm)
        uploadPending()
    }
}
