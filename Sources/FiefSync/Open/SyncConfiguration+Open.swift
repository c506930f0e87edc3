@_spi(Sync) import Fief
import Foundation

/// What Fief calls when a synced realm opens: FiefSync's side of `RealmSyncAgent`.
struct SyncAgent: RealmSyncAgent {
    let sync: SyncConfiguration
    /// Whether this is the session's own open of its realm (``SyncSessionWorker``), which
    /// happens inside an app's open: it neither waits nor runs initial subscriptions again.
    var isSessionsOwnOpen = false

    /// This agent for an app's realm of the file.
    var forApp: any RealmSyncAgent { SyncAgent(sync: sync) }

    /// Waits as `behavior` asks before a synced realm opens: `.always` downloads everything
    /// the server has, `.once` does so only when the file is new, `.never` starts the session
    /// and returns. A failed connection, a refused session, `openTimeout` and cancellation
    /// are thrown.
    func prepareToOpen(_ configuration: Realm.Configuration, behavior: Realm.OpenBehavior) async throws {
        guard !isSessionsOwnOpen else { return }
        try validate(configuration)
        let sync = self.sync
        let registry = SyncSessionRegistry.shared
        let isNew: Bool = if let url = configuration.fileURL {
            !FileManager.default.fileExists(atPath: url.path)
        } else {
            registry.existingSession(for: configuration) == nil
        }
        if let url = configuration.fileURL {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let session = registry.session(for: configuration, sync: sync)
        if let initial = sync.initialSubscriptions, isNew || initial.rerunOnOpen {
            session.subscriptions.change { initial.callback(session.subscriptions) }
        }
        session.worker.status.noteOpen()
        await session.worker.start()
        switch behavior {
        case .never: break
        case .once where !isNew: break
        case .always, .once:
            // The server answers the subscription set before the mark the wait asks for.
            try await session.worker.waitForDownload(timeout: sync.openTimeout, failsOnConnectionError: sync.cancelAsyncOpenOnNonFatalErrors)
        }
    }

    /// Starts the file's session (once per file and process).
    func realmDidOpen(_ configuration: Realm.Configuration) {
        // The session's own instance: the session is the one opening it.
        guard !isSessionsOwnOpen else { return }
        let session = SyncSessionRegistry.shared.session(for: configuration, sync: sync)
        session.worker.status.noteOpen()
        Task { await session.worker.start() }
    }

    /// Closes the file's session once it is idle (``SyncSessionWorker/closeWhenIdle(opensAtClose:)``).
    func appRealmsDidClose(_ configuration: Realm.Configuration) {
        guard let session = SyncSessionRegistry.shared.existingSession(for: configuration) else { return }
        let opens = session.worker.status.opens
        Task { await session.worker.closeWhenIdle(opensAtClose: opens) }
    }

    /// Refuses a malformed realm URL and a user who logged out; makes the file's folder.
    func validate(_ configuration: Realm.Configuration) throws {
        _ = try sync.address
        guard sync.user.isLoggedIn else {
            throw SyncError(.invalidAccessToken, "the user \(sync.user.id) is logged out: log in again to open \(sync.realmURL.absoluteString)")
        }
        if let url = configuration.fileURL {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
    }
}
