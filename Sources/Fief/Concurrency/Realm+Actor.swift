import FiefStorage
import Foundation

extension Realm {
    /// When opening a synced realm waits for the server's data. Local realms ignore it.
    ///
    /// ```swift
    /// let realm = try await Realm(configuration: user.configuration(partitionValue: "tasks"),
    ///                             downloadBeforeOpen: .once)
    /// ```
    public enum OpenBehavior: Sendable {
        /// Open at once with what is on disk.
        case never
        /// Download everything the server has first, on every open.
        case always
        /// Download first only when the file does not exist yet.
        case once
    }

    /// Opens the realm for `configuration` isolated to `actor`, or returns the one already open
    /// for it. A synced realm first waits for the server's data as `behavior` asks; creating
    /// the file and migrating run on a background thread.
    static func openIsolated(_ configuration: Configuration, actor: any Actor,
                             _ behavior: OpenBehavior) async throws -> SendableRealm {
        if let agent = configuration.syncAgent {
            try await agent.prepareToOpen(configuration, behavior: behavior)
        }
        if let cached = RealmInstanceCache.actorRealm(for: configuration, actor: actor) { return SendableRealm(cached) }
        // Open (create, migrate) on a background thread first; the coordinator stays open
        // while this instance is made, so the second open below is quick.
        let prepared = try await Realm.prepare(configuration)
        let realm = try Realm(opening: configuration)
        withExtendedLifetime(prepared) {}
        // Another open for the same actor may have finished meanwhile: the first one wins.
        let kept = RealmInstanceCache.storeActorRealm(realm, actor: actor)
        if kept === realm {
            realm.actor = actor
            realm.coordinator.register(realm, actor: actor)
        }
        return SendableRealm(kept)
    }

    /// Opens (or reuses) the realm for `configuration` isolated to the caller's actor. A
    /// synced realm first waits for the server's data as `downloadBeforeOpen` asks (local
    /// realms ignore it). Called outside any actor, it opens a realm confined to the thread the
    /// call resumes on.
    ///
    /// ```swift
    /// @BackgroundActor func work() async throws {
    ///     let realm = try await Realm.open()
    ///     let synced = try await Realm.open(configuration: syncedConfig, downloadBeforeOpen: .once)
    /// }
    /// ```
    public static func open(configuration: Configuration = .defaultConfiguration,
                            isolation actor: isolated (any Actor)? = #isolation,
                            downloadBeforeOpen: OpenBehavior = .never) async throws -> Realm {
        guard let actor else {
            try await configuration.syncAgent?.prepareToOpen(configuration, behavior: downloadBeforeOpen)
            return try Realm(opening: configuration)
        }
        return try await openIsolated(configuration, actor: actor, downloadBeforeOpen).realm
    }

    /// Creates the file, runs migrations and opens the coordinator off the caller's executor.
    private static func prepare(_ configuration: Configuration) async throws -> RealmCoordinator {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<RealmCoordinator, Swift.Error>) in
            DispatchQueue.global().async {
                do {
                    let realm = try Realm(opening: configuration)
                    continuation.resume(returning: realm.coordinator)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    // MARK: asyncWrite

    /// Runs `block` in a write transaction on the realm's actor and commits it. Waiting for
    /// the write lock never blocks the actor, and neither does the sync to disk: commits from
    /// several writers waiting at once share one sync (group commit), while each caller
    /// learns its own outcome. Throwing inside the block, or cancelling the task, rolls the
    /// transaction back.
    ///
    /// ```swift
    /// try await realm.asyncWrite {
    ///     realm.create(Todo.self, value: ["_id": ObjectId.generate(), "name": "Pledge fealty"])
    /// }
    /// ```
    @discardableResult
    public func asyncWrite<Result>(_ block: () throws -> Result,
                                   isolation: isolated (any Actor)? = #isolation) async throws -> Result {
        try checkCanWrite()
        guard await coordinator.writeQueue.acquire() else { throw CancellationError() }
        do {
            try openWriteTransaction()
        } catch {
            coordinator.writeQueue.release()
            throw error
        }
        let result: Result
        do {
            result = try block()
        } catch {
            if isInWriteTransaction { cancelWrite() }
            throw error
        }
        guard isInWriteTransaction else { return result }
        if Task.isCancelled {
            cancelWrite()
            throw CancellationError()
        }
        let (session, changeset) = try prepareCommit()
        let ticket: CommitTicket
        do {
            ticket = try session.txn.commitDeferringSync()
        } catch {
            failCommit(session, error)
            throw RealmError.wrap(error)
        }
        finishCommit(session, changeset, withoutNotifying: [])
        do {
            try await coordinator.store.waitUntilDurable(ticket)
        } catch {
            throw RealmError.wrap(error)
        }
        return result
    }

    /// Advances to the latest version and delivers notifications, without blocking.
    @discardableResult
    public func asyncRefresh(isolation: isolated (any Actor)? = #isolation) async -> Bool {
        refresh()
    }
}

/// A realm handed from the function that opened it to the initializer that returns it on the
/// realm's own actor.
struct SendableRealm: @unchecked Sendable {
    let realm: Realm
    init(_ realm: Realm) { self.realm = realm }
}
