@_spi(Sync) import Fief
import Foundation

/// The sessions of this process: one per synced realm file (or in-memory realm), made when a
/// realm of it first opens and kept until its user logs out. A session closes its connection
/// and its realm instance while the app has no realm of the file open
/// (`SyncSessionWorker+Closing`), and starts again with the next open.
final class SyncSessionRegistry: @unchecked Sendable {
    static let shared = SyncSessionRegistry()
    private let lock = NSLock()
    private var sessions: [String: SyncSession] = [:]

    /// The identity of the store a configuration opens.
    static func key(_ configuration: Realm.Configuration) -> String {
        if let id = configuration.inMemoryIdentifier { return "memory:" + id }
        return "file:" + (configuration.fileURL?.standardizedFileURL.path ?? "")
    }

    /// The session of `configuration`'s file, made if there is none.
    func session(for configuration: Realm.Configuration, sync: SyncConfiguration) -> SyncSession {
        let key = Self.key(configuration)
        lock.lock()
        if let existing = sessions[key] {
            lock.unlock()
            return existing
        }
        let session = SyncSession(configuration: configuration, sync: sync)
        sessions[key] = session
        lock.unlock()
        sync.user.addLogoutObserver { [weak self] in
            self?.remove(key)
            Task { await session.worker.stop(SyncError(.sessionClosed, "the user \(sync.user.id) logged out")) }
        }
        return session
    }

    /// The session of `configuration`'s file, if one was made.
    func existingSession(for configuration: Realm.Configuration) -> SyncSession? {
        lock.lock(); defer { lock.unlock() }
        return sessions[Self.key(configuration)]
    }

    /// Every session of `user`.
    func sessions(of user: User) -> [SyncSession] {
        lock.lock(); defer { lock.unlock() }
        return sessions.values.filter { $0.user === user }
    }

    private func remove(_ key: String) {
        lock.lock(); defer { lock.unlock() }
        sessions[key] = nil
    }
}

extension Realm {
    /// The sync session of a synced realm; nil for a local realm.
    ///
    /// ```swift
    /// try await realm.syncSession?.wait(for: .upload)
    /// ```
    public var syncSession: SyncSession? {
        guard let sync = configuration.syncConfiguration else { return nil }
        return SyncSessionRegistry.shared.session(for: configuration, sync: sync)
    }
}

extension Realm {
    /// The flexible-sync subscriptions of this realm. Only flexible-sync (and query-based)
    /// realms have them: asking another realm traps, as RealmSwift does.
    ///
    /// ```swift
    /// try await realm.subscriptions.update {
    ///     realm.subscriptions.append(QuerySubscription<Todo>(name: "all_todos"))
    /// }
    /// ```
    public var subscriptions: SyncSubscriptionSet {
        guard let session = syncSession, configuration.syncConfiguration?.isSubscriptionBased == true else {
            preconditionFailure("this realm does not sync by subscriptions: open it with user.flexibleSyncConfiguration() (or the default realm query-based)")
        }
        return session.subscriptions
    }
}

extension User {
    /// The sessions of this user's synced realms open in this process.
    public var allSessions: [SyncSession] { SyncSessionRegistry.shared.sessions(of: self) }

    /// The session of the realm at `realmURL`, if one is open in this process.
    public func session(for realmURL: URL) -> SyncSession? {
        allSessions.first { $0.realmURL == realmURL }
    }
}
