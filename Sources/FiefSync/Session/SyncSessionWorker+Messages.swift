@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

extension SyncSessionWorker {
    /// The largest upload message the client makes (the server accepts far more).
    static let uploadMessageBytes = 4 << 20

    /// Sends `bind`, and `ident` at once when the file already has its identity.
    func bind(token: String) {
        guard let realm, let connection, let path = try? sync.serverPath else { return }
        do {
            let state = try realm.syncHistoryState()
            connection.send(.bind(BindMessage(session: sessionNumber, path: path, accessToken: token,
                                              needsFileIdent: state.fileIdent == 0, isSubscriptionBased: sync.isSubscriptionBased)))
            if state.fileIdent != 0 { try sendIdent() }
        } catch {
            handleSessionError(SyncError(.fileError, "reading the file's sync state failed: \(error)", isTransient: true))
        }
    }

    /// Names the file and the cursors sync resumes from, then uploads what is pending.
    func sendIdent() throws {
        guard let realm, let connection else { return }
        let state = try realm.syncHistoryState()
        connection.send(.ident(IdentMessage(
            session: sessionNumber, fileIdent: state.fileIdent, salt: state.identSalt,
            downloadCursor: DownloadCursor(serverVersion: state.downloadedServerVersion, lastIntegratedClientVersion: state.downloadedClientVersion),
            uploadCursor: UploadCursor(clientVersion: state.uploadedClientVersion, lastIntegratedServerVersion: state.uploadedServerVersion))))
        isIdentified = true
        sentThrough = max(state.uploadedClientVersion, state.downloadedClientVersion)
        // Uploads first: the server learns this file's schema before its subscriptions.
        uploadPending()
        if sync.isSubscriptionBased { sendQuery() }
        // A reset finishes at the first mark after the server's copy is in.
        if waiters.hasUnsentMarks || resetInProgress != nil { sendMark() }
    }

    /// Sends the changesets recorded after what this connection sent, in messages of at most
    /// ``uploadMessageBytes`` and ``WireLimits/changesetsPerMessageSent`` changesets (a
    /// changeset larger than the bytes goes alone). Does nothing while not identified.
    func uploadPending() {
        guard isIdentified, let realm, let connection, !suspendsIfRequested() else { return }
        do {
            let uploads = try ClientIntegration.uploads(from: realm, after: sentThrough)
            guard !uploads.isEmpty else { return }
            let downloaded = try realm.syncHistoryState().downloadedServerVersion
            var batch: [UploadChangeset] = []
            var bytes = 0
            var added = 0
            func flush() {
                guard let last = batch.last else { return }
                connection.send(.upload(UploadMessage(session: sessionNumber, progressClientVersion: last.clientVersion,
                                                      progressServerVersion: downloaded, changesets: batch)))
                SyncTrace.logger.debug("session uploaded", metadata: ["path": "\(sync.serverPathForLogs)", "session": "\(sessionNumber)",
                                                                      "clientVersions": "\(batch.first!.clientVersion)...\(last.clientVersion)"])
                sentThrough = last.clientVersion
                batch = []
                bytes = 0
            }
            for upload in uploads {
                let payload = SyncChangesetCoding.encode(upload.changeset)
                if bytes + payload.count > Self.uploadMessageBytes || batch.count == WireLimits.changesetsPerMessageSent { flush() }
                batch.append(UploadChangeset(clientVersion: upload.clientVersion, lastIntegratedServerVersion: upload.baseServerVersion,
                                             timestamp: upload.timestamp, payload: payload))
                bytes += payload.count
                added += payload.count
            }
            flush()
            uploadProgress = SyncSession.Progress(transferred: uploadProgress.transferredBytes,
                                                  transferrable: uploadProgress.transferrableBytes + added)
            progressObservers.report(.upload, uploadProgress)
        } catch {
            handleSessionError(SyncError(.fileError, "reading the history to upload failed: \(error)", isTransient: true))
        }
    }

    /// Asks the server for a download-completion mark for every waiter that has none yet.
    func sendMark() {
        guard isIdentified, let connection else { return }
        let request = waiters.assignMark()
        connection.send(.mark(MarkMessage(session: sessionNumber, requestIdent: request)))
    }

    /// One message from the server.
    func handle(_ message: SyncMessage) throws {
        SyncTrace.logger.debug("session received", metadata: ["path": "\(sync.serverPathForLogs)", "session": "\(sessionNumber)",
                                                               "message": "\(message.traceSummary)"])
        switch message {
        case .identAssigned, .download, .mark:
            // The server serves this session: the connection works, so the next loss of it
            // starts the backoff from its first step again. (Waiting for a mark alone left a
            // session that only uploads climbing to the longest delay after a few losses.)
            backoff.reset()
        default:
            break
        }
        switch message {
        case .identAssigned(let assigned):
            guard let realm else { return }
            guard assigned.session == sessionNumber else { throw SyncError(.badServerMessage, "the server assigned an identity to unknown session \(assigned.session)") }
            try realm.write { try realm.setSyncFileIdent(assigned.fileIdent, salt: assigned.salt) }
            try sendIdent()
        case .download(let download):
            try integrate(download)
        case .mark(let mark):
            completeResetIfDue()
            waiters.markArrived(mark.requestIdent)
            // Everything the server had when the mark was asked is integrated now.
            downloadProgress = SyncSession.Progress(transferred: downloadProgress.transferrableBytes, transferrable: downloadProgress.transferrableBytes)
            progressObservers.report(.download, downloadProgress)
        case .error(let error):
            throw SyncError(server: error)
        case .queryError(let refusal):
            subscriptionSetRefused(refusal)
        case .ping, .pong, .unbound:
            break
        case .bind, .ident, .upload, .unbind, .query:
            throw SyncError(.badServerMessage, "the server sent a \(message.kind) message, which only clients send")
        }
    }

    /// Integrates a download: the server's changesets through the merge, then its
    /// acknowledgment of uploads.
    func integrate(_ download: DownloadMessage) throws {
        guard let realm, let (download, joinedView) = try wholeView(download) else { return }
        let state = try realm.syncHistoryState()
        let entries = try download.changesets.map { c in
            if c.originFileIdent == state.fileIdent && c.lastIntegratedClientVersion > state.latestClientVersion {
                // The server holds changesets of this file that the file does not: it was
                // restored from an older copy.
                throw SyncError(.clientReset, "the server holds this file's version \(c.lastIntegratedClientVersion), but the file's history ends at \(state.latestClientVersion): the file was restored from an older copy",
                                serverCode: .clientResetRequired)
            }
            do {
                return ServerHistoryEntry(serverVersion: c.serverVersion, originFileIdent: c.originFileIdent, originClientVersion: c.lastIntegratedClientVersion,
                                          timestamp: c.originTimestamp, changeset: try SyncChangesetCoding.decode(c.payload))
            } catch {
                throw SyncError(.badServerMessage, "server version \(c.serverVersion) of the download does not decode: \(error)")
            }
        }
        let view: ClientView?
        do {
            view = try download.view.map { ClientView(changeset: try joinedView ?? SyncChangesetCoding.decode($0.payload), replacesView: $0.replacesView) }
        } catch {
            throw SyncError(.badServerMessage, "the view of the download at server version \(download.progress.downloadServerVersion) does not decode: \(error)")
        }
        do {
            if !entries.isEmpty || view != nil { try ClientIntegration.integrate(entries, view: view, into: realm) }
        } catch let gap as ClientIntegrationError {
            throw SyncError(.badServerMessage, "\(gap)", isTransient: true)
        } catch {
            throw SyncError(.fileError, "integrating server versions \(entries.first?.serverVersion ?? 0)–\(entries.last?.serverVersion ?? 0) failed: \(error)", isTransient: true)
        }
        let acknowledged = download.progress.uploadClientVersion
        let before = try realm.syncHistoryState()
        if acknowledged > before.uploadedClientVersion {
            let ackedBytes = try realm.syncHistoryEntries(after: before.uploadedClientVersion)
                .filter { $0.clientVersion <= acknowledged }
                .reduce(0) { $0 + SyncChangesetCoding.encode($1.changeset).count }
            try realm.write {
                try realm.acknowledgeSyncUpload(clientVersion: acknowledged, serverVersion: download.progress.uploadLastIntegratedServerVersion)
            }
            uploadProgress = SyncSession.Progress(transferred: uploadProgress.transferredBytes + ackedBytes, transferrable: uploadProgress.transferrableBytes)
            progressObservers.report(.upload, uploadProgress)
        }
        if let queryVersion = download.view?.queryVersion { subscriptions.markComplete(through: queryVersion) }
        let after = try realm.syncHistoryState()
        waiters.uploadsAcknowledged(through: max(after.uploadedClientVersion, after.downloadedClientVersion))
        downloadProgress = SyncSession.Progress(transferred: Int(download.downloadedBytes),
                                                transferrable: Int(download.downloadedBytes + download.downloadableBytes))
        progressObservers.report(.download, downloadProgress)
    }

    /// A failure of the session: refused writes are reverted, resets run, authentication is
    /// renewed, and what cannot be retried stops the session.
    func handleSessionError(_ error: SyncError) {
        SyncTrace.logger.debug("session error", metadata: ["path": "\(sync.serverPathForLogs)", "session": "\(sessionNumber)", "error": "\(error)"])
        switch error.code {
        case .writeNotAllowed:
            revertRefusedWrites(error)
        case .writeRejected:
            // The server left the writes out of its history: the download of this file's own
            // changeset reverts them here. The session goes on.
            report(error)
        case .clientReset:
            performClientReset(error)
        case .invalidAccessToken where error.serverCode != nil:
            // The server refused the token: get a new one and connect again.
            report(error)
            needsFreshToken = true
            reconnectsAtOnce = true
            disconnect()
        case .permissionDenied, .badRealmURL, .unsupportedProtocolVersion, .invalidAccessToken:
            fail(error)
        default:
            report(error)
            waiters.failConnectionSensitive(error)
            disconnect()
        }
    }

    /// The server refused this file's uploads (the user may only read): they are undone and
    /// leave the history, and whoever waits for uploads learns why.
    private func revertRefusedWrites(_ error: SyncError) {
        guard let realm else { return }
        do {
            try realm.write { _ = try realm.undoPendingSyncChangesets() }
            let state = try realm.syncHistoryState()
            sentThrough = state.latestClientVersion
            refusal = (state.latestClientVersion, error)
        } catch {
            report(SyncError(.fileError, "reverting the refused writes failed: \(error)"))
        }
        report(error)
        waiters.failUploads(error)
        uploadProgress = SyncSession.Progress(transferred: uploadProgress.transferrableBytes, transferrable: uploadProgress.transferrableBytes)
        progressObservers.report(.upload, uploadProgress)
    }
}

extension SyncSessionWorker {
    /// `download` when its view change (if any) is whole; nil while the parts of a view change
    /// arrive (they are kept in ``viewInParts``); at the last part, the download that brought
    /// the first, with the parts' instructions joined and decoded (`joined`; nil when the view
    /// came in one piece and is still to decode).
    func wholeView(_ download: DownloadMessage) throws -> (download: DownloadMessage, joined: SyncChangeset?)? {
        guard let first = viewInParts?.first else {
            guard let view = download.view, view.continues else { return (download, nil) }
            viewInParts = (download, [view.payload])
            return nil
        }
        guard let part = download.view, part.queryVersion == first.view?.queryVersion, download.changesets.isEmpty,
              download.progress == first.progress else {
            viewInParts = nil
            throw SyncError(.badServerMessage, "a view change sent in parts was interrupted by another download", isTransient: true)
        }
        viewInParts!.payloads.append(part.payload)
        if part.continues { return nil }
        let payloads = viewInParts!.payloads
        viewInParts = nil
        var instructions: [SyncInstruction] = []
        for (i, payload) in payloads.enumerated() {
            do { instructions += try SyncChangesetCoding.decode(payload).instructions } catch {
                throw SyncError(.badServerMessage, "part \(i + 1) of the view change at server version \(first.progress.downloadServerVersion) does not decode: \(error)")
            }
        }
        var whole = first
        whole.view?.queryVersion = part.queryVersion
        whole.view?.continues = false
        whole.downloadableBytes = download.downloadableBytes
        whole.downloadedBytes = download.downloadedBytes
        return (whole, SyncChangeset(instructions))
    }
}
