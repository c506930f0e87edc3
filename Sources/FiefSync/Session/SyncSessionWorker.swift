@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// The actor behind a ``SyncSession``: it owns the session's own realm instance (isolated to
/// it), its connection, and everything waiting on it.
///
/// Its loop connects, binds the realm, identifies the file, uploads what the history holds
/// after the server's acknowledgment and integrates downloads through the merge
/// (`ClientIntegration`). A lost connection is made again after a backoff delay with jitter;
/// errors that retrying cannot fix stop the loop until `resume()`.
actor SyncSessionWorker {
    let configuration: Realm.Configuration
    let sync: SyncConfiguration
    let status: SessionStatus
    /// The realm's flexible-sync subscriptions (empty and unused for other realms).
    let subscriptions: SyncSubscriptionSet
    /// The subscription set the server has (sent on this connection), by version.
    var sentQueryVersion: UInt64?
    /// The session's own realm instance, isolated to this actor.
    var realm: Realm?
    private var commitObservation: NotificationToken?
    /// The socket this session binds on (shared with the user's other sessions on the
    /// server), while it is open.
    var connection: SyncConnection?
    /// The shared connection the session is attached to, and its number there.
    private var attachment: (shared: SharedSyncConnection, number: UInt32)?
    private var loop: Task<Void, Never>?
    private var wakeUp: CheckedContinuation<Void, Never>?
    private var isSuspended = false
    var isStopped = false
    /// Closed because the app closed its last realm of the file and nothing was left to do
    /// (``closeIfIdle()``): no connection, the session's realm instance released, until the
    /// next open, `wait(for:)` or `resume()`.
    private(set) var isClosed = false
    /// Whether the app's last realm of the file closed and the session should close once
    /// idle; checked again after each message.
    var closesWhenIdle = false
    /// The file's realm opens counted (``SessionStatus/opens``) when the app's last realm
    /// closed: a later open cancels the close.
    var opensAtClose = 0
    /// Whether a close is scheduled (``closeIfIdle()``).
    var closeIsScheduled = false
    /// Whether this connection's `ident` went out (uploads and marks may follow).
    var isIdentified = false
    /// The newest client version sent on this connection.
    var sentThrough: UInt64 = 0
    /// A view change arriving in parts on this connection (``DownloadView/continues``): the
    /// download with the first part and the payloads so far. Applied whole at its last part.
    var viewInParts: (first: DownloadMessage, payloads: [[UInt8]])?
    var backoff = ReconnectBackoff()
    var needsFreshToken = false
    /// Reconnect at once (after a client reset) instead of after a backoff delay.
    var reconnectsAtOnce = false
    var waiters = SessionWaiters()
    var progressObservers = ProgressObservers()
    var downloadProgress = SyncSession.Progress(transferred: 0, transferrable: 0)
    var uploadProgress = SyncSession.Progress(transferred: 0, transferrable: 0)
    /// The newest client version the server refused (and the file reverted), with the error.
    var refusal: (through: UInt64, error: SyncError)?
    /// A client reset under way: what to do once the server's copy is downloaded.
    var resetInProgress: ClientResetInProgress?
    /// The session's number on its shared connection.
    var sessionNumber: UInt32 = 0
    /// Whether the `multipleSyncAgents` error was reported since this process last synced.
    private var reportedOtherAgent = false

    init(configuration: Realm.Configuration, sync: SyncConfiguration, status: SessionStatus, subscriptions: SyncSubscriptionSet) {
        self.configuration = configuration
        self.sync = sync
        self.status = status
        self.subscriptions = subscriptions
        backoff.fastReconnectLimit = SyncTimeouts(sync.user.app.configuration.syncTimeouts).fastReconnectLimit
    }

    // MARK: Lifecycle

    /// Starts the loop if it is not running, and reopens a session that closed (idempotent).
    func start() {
        if isClosed { reopen() }
        guard loop == nil, !isStopped else { return }
        loop = Task { await self.run() }
    }

    /// Closes the connection and keeps it closed until `resume()`.
    func suspend() {
        isSuspended = true
        // Under the status lock with the request: a `resume()` made since keeps its `.active`.
        status.update { if $0.suspendRequested { $0.state = .inactive } }
        disconnect()
        // Another process that has the file open may sync it meanwhile (FORMAT.md, section 11).
        realm?.releaseSyncAgentRole()
    }

    /// Suspends or resumes as the last call of ``SyncSession/suspend()`` or
    /// ``SyncSession/resume()`` asked (``SessionStatus/suspendRequested``), whichever call's
    /// task runs first.
    func followRequestedSuspension() {
        if status.suspendRequested { suspend() } else { resume() }
    }

    /// Whether the last call was ``SyncSession/suspend()``; suspends now if its task has not
    /// run yet, and leaves the connection if the session attached to it after suspending (a
    /// suspension that came while `attach` was under way had nothing to leave). Never resumes:
    /// that is ``followRequestedSuspension()``'s, which also restarts a stopped loop. Checked
    /// before each message is integrated, a connection is bound and an upload is sent, so that
    /// `suspend()` takes effect when it returns.
    func suspendsIfRequested() -> Bool {
        guard status.suspendRequested else { return false }
        if !isSuspended || attachment != nil { suspend() }
        return true
    }

    /// Syncs again after `suspend()` or after an error stopped the loop. With no realm of the
    /// file open, the session closes again once it is idle.
    func resume() {
        isSuspended = false
        isStopped = false
        isClosed = false
        status.update { if !$0.suspendRequested { $0.state = .active } }
        if loop == nil { start() } else { wake() }
        closeAgainWhenIdleUnlessOpen()
    }

    /// Stops for good (the user logged out): every waiter fails with `sessionClosed`.
    func stop(_ reason: SyncError) {
        isStopped = true
        // Disconnected from now on, as in `close`: the connection's own close event may come later.
        status.update { $0.state = .inactive; $0.connectionState = .disconnected }
        disconnect()
        waiters.failAll(reason)
        subscriptions.failWaiters(reason)
        // The app may delete the file now (`resume()` opens it again).
        releaseRealm()
        wake()
    }

    /// Closes the session until the next ``start()``: the connection, and the session's
    /// realm instance with it, so the file closes once no app realm holds it either. The loop
    /// waits meanwhile.
    func close(because reason: String = "the app closed its realms and nothing is left to sync") {
        closesWhenIdle = false
        isClosed = true
        // Disconnected from now on: the connection's own close event may come later.
        status.update { $0.state = .inactive; $0.connectionState = .disconnected }
        disconnect()
        releaseRealm()
        Fief.Logger.shared.log(level: .detail, message: "Sync session \(status.name): closed, \(reason)")
        wake()
    }

    /// Lets go of the session's realm instance (and of the sync agent role with it): the loop
    /// opens it again when it next syncs.
    private func releaseRealm() {
        commitObservation?.invalidate()
        commitObservation = nil
        realm?.releaseSyncAgentRole()
        realm = nil
    }

    private func reopen() {
        isClosed = false
        if !isSuspended, !isStopped { status.update { if !$0.suspendRequested { $0.state = .active } } }
        wake()
    }

    /// Whether this process is the file's sync agent (FORMAT.md, section 11): it claims the role,
    /// or, while another process that has the file open holds it, says so once and waits a
    /// second before the loop asks again. That process uploads this one's commits meanwhile.
    private func holdsSyncAgentRole() async -> Bool {
        guard let realm, !realm.claimSyncAgentRole() else {
            reportedOtherAgent = false
            return true
        }
        status.update { $0.connectionState = .disconnected }
        if !reportedOtherAgent {
            reportedOtherAgent = true
            report(SyncError(.multipleSyncAgents, "another process syncs \(configuration.fileURL?.path ?? "this realm"); "
                             + "this one takes over when that process closes the file", isTransient: true))
        }
        await sleep(.seconds(1))
        return false
    }

    private func wake() {
        wakeUp?.resume()
        wakeUp = nil
    }

    /// Sleeps `delay`, or until `wake()`.
    private func sleep(_ delay: Duration?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            wakeUp = continuation
            if let delay {
                Task {
                    try? await Task.sleep(for: delay)
                    self.wake()
                }
            }
        }
    }

    // MARK: The loop

    private func run() async {
        while true {
            if isStopped {
                loop = nil
                return
            }
            if isClosed {
                await sleep(nil)
                continue
            }
            // Opened even while suspended: a wait for an upload reads the file's history.
            if realm == nil {
                do {
                    try await openRealm()
                } catch {
                    let failure = SyncError(.fileError, "the session could not open \(configuration.fileURL?.path ?? "the realm"): \(error)")
                    report(failure)
                    waiters.failAll(failure)
                    isStopped = true
                    status.update { $0.state = .inactive }
                    loop = nil
                    return
                }
                // The app may have closed its realms while this one opened.
                closeIfIdle()
                continue
            }
            if isSuspended {
                await sleep(nil)
                continue
            }
            // Idle after a reconnection, an upload another process made, or the open itself.
            closeIfIdle()
            guard await holdsSyncAgentRole() else { continue }
            await connectOnce()
            // Closed or stopped meanwhile (both release the realm; a reopen since opens it
            // again at the top).
            if isSuspended || realm == nil { continue }
            if reconnectsAtOnce {
                reconnectsAtOnce = false
                continue
            }
            let delay = backoff.nextDelay()
            SyncTrace.logger.debug("session reconnects after a delay", metadata: ["path": "\(sync.serverPathForLogs)", "delay": "\(delay)"])
            await sleep(delay)
        }
    }

    /// Opens the session's realm instance and watches the file's commits to upload them.
    private func openRealm() async throws {
        guard realm == nil else { return }
        // A file deleted while the session was closed (or an in-memory realm that went with
        // its instances): the old file's refused writes and downloaded bytes are not this one's.
        if configuration.fileURL.map({ !FileManager.default.fileExists(atPath: $0.path) }) ?? true {
            refusal = nil
            downloadProgress = SyncSession.Progress(transferred: 0, transferrable: 0)
        }
        var own = configuration
        own.syncAgent = SyncAgent(sync: sync, isSessionsOwnOpen: true)
        let realm = try await Realm(configuration: own, actor: self)
        self.realm = realm
        commitObservation = realm.observe { [weak self] _, _ in
            guard let self else { return }
            self.assumeIsolated { worker in worker.uploadPending() }
        }
        uploadProgress = SyncSession.Progress(transferred: 0, transferrable: pendingUploadBytes())
        if sync.isSubscriptionBased { try attachSubscriptions() }
    }

    /// One connection, from connecting to its close.
    private func connectOnce() async {
        status.update { $0.state = .waitingForAccessToken; $0.connectionState = .connecting }
        let token: String
        do {
            token = try await sync.user.syncAccessToken(forceRefresh: needsFreshToken)
            needsFreshToken = false
        } catch {
            status.update { $0.connectionState = .disconnected }
            handleTokenFailure(error)
            return
        }
        // A close or stop during the fetch released the realm, even if an open since reopened
        // the session: the loop opens the realm again first.
        guard !isSuspended, realm != nil else {
            status.update { $0.connectionState = .disconnected }
            return
        }
        status.update { if !$0.suspendRequested { $0.state = .active } }
        let endpoint: String
        do { endpoint = try sync.address.syncEndpoint(urlPrefix: sync.urlPrefix) } catch {
            fail(error)
            return
        }
        let shared = SyncConnectionPool.shared.connection(for: sync.user, endpoint: endpoint, validatesCertificates: sync.enableSSLValidation)
        let (number, events) = await shared.attach(token: token)
        SyncTrace.logger.debug("session attached", metadata: ["path": "\(sync.serverPathForLogs)", "session": "\(number)"])
        attachment = (shared, number)
        sessionNumber = number
        isIdentified = false
        viewInParts = nil
        sentQueryVersion = nil
        for await event in events {
            switch event {
            case .opened(let socket):
                connection = socket
                status.update { $0.connectionState = .connected }
                if suspendsIfRequested() { continue }
                if realm == nil {
                    // Stopped or closed while attaching (both release the realm): nothing was
                    // attached for stop() or close() to leave.
                    disconnect()
                    continue
                }
                bind(token: token)
            case .message(let message):
                if suspendsIfRequested() { continue }
                if realm == nil {
                    disconnect()
                    continue
                }
                do {
                    try handle(message)
                } catch let error as SyncError {
                    handleSessionError(error)
                } catch {
                    handleSessionError(SyncError(.fileError, "syncing the file failed: \(error)", isTransient: true))
                }
                closeIfIdle()
            case .closed(let reason):
                SyncTrace.logger.debug("session connection closed", metadata: ["path": "\(sync.serverPathForLogs)", "session": "\(number)",
                                                                               "reason": "\(reason.map { "\($0)" } ?? "detached")"])
                connection = nil
                attachment = nil
                isIdentified = false
                status.update { $0.connectionState = .disconnected }
                if let reason {
                    report(reason)
                    waiters.failConnectionSensitive(reason)
                }
            }
        }
    }

    /// Leaves the shared connection (unbinding); the session's events then end.
    func disconnect() {
        guard let (shared, number) = attachment else { return }
        attachment = nil
        connection = nil
        isIdentified = false
        Task { await shared.detach(number) }
    }

    /// The token could not be had: the user logged out (stop), or the network failed (retry).
    private func handleTokenFailure(_ error: Error) {
        let auth = error as? SyncAuthError
        if auth?.code == .invalidAccessToken || !sync.user.isLoggedIn {
            fail(SyncError(.invalidAccessToken, "the user \(sync.user.id) is logged out: log in again (\(error))"))
            return
        }
        if let auth, !auth.isRetryable {
            fail(SyncError(.invalidAccessToken, "the server refused to renew the access token of \(sync.user.id): \(auth)"))
            return
        }
        let failure = SyncError(.connectionFailed, "could not get an access token: \(error)", isTransient: true)
        report(failure)
        waiters.failConnectionSensitive(failure)
    }

    /// An error sync cannot retry away: reported, every waiter fails, the loop stops.
    func fail(_ error: SyncError) {
        // Stopped before anyone hears of it: an error handler reads the session `.inactive`,
        // and its `lastError` is already this one.
        status.update { $0.lastError = error }
        stop(error)
        report(error)
    }

    /// Tells the error handlers.
    func report(_ error: SyncError) {
        status.update { $0.lastError = error }
        let session = SyncSessionRegistry.shared.existingSession(for: configuration)
        sync.errorHandler?(error, session)
        SyncManager.shared.errorHandler?(error, session)
    }

    // MARK: Progress

    func addProgressObserver(_ direction: SyncSession.ProgressDirection, _ mode: SyncSession.ProgressMode,
                             _ block: @escaping @Sendable (SyncSession.Progress) -> Void) -> Int {
        let current = direction == .upload ? uploadProgress : downloadProgress
        let id = progressObservers.add(direction, mode, current: current, block: block)
        block(current)
        if mode == .forCurrentlyOutstandingWork && current.isTransferComplete { progressObservers.remove(id) }
        return id
    }

    func removeProgressObserver(_ id: Int) {
        progressObservers.remove(id)
    }

    /// Bytes of changesets not yet acknowledged by the server.
    func pendingUploadBytes() -> Int {
        guard let realm, let state = try? realm.syncHistoryState(),
              let entries = try? realm.syncHistoryEntries(after: state.uploadedClientVersion) else { return 0 }
        return entries.reduce(0) { $0 + SyncChangesetCoding.encode($1.changeset).count }
    }
}
