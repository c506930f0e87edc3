import FiefStorage
import Foundation

extension Realm {
    /// Opens the default realm isolated to the main actor. Creating the file and migrating
    /// run off the main actor.
    ///
    /// ```swift
    /// @MainActor func load() async throws {
    ///     let realm = try await Realm()
    /// }
    /// ```
    @MainActor
    public convenience init(configuration: Configuration = .defaultConfiguration,
                            downloadBeforeOpen: OpenBehavior = .never) async throws {
        try await self.init(configuration: configuration, actor: MainActor.shared, downloadBeforeOpen: downloadBeforeOpen)
    }

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

    /// Opens a realm isolated to `actor` (local or global). Creating the file and migrating
    /// run off the caller's executor; the realm then delivers its notifications on `actor`.
    ///
    /// ```swift
    /// actor RealmActor {
    ///     var realm: Realm!
    ///     init() async throws { realm = try await Realm(actor: self) }
    /// }
    /// ```
    public convenience init<A: Actor>(configuration: Configuration = .defaultConfiguration, actor: A,
                                      downloadBeforeOpen: OpenBehavior = .never) async throws {
        // A synced realm first waits for the server's data as `downloadBeforeOpen` asks.
        if let agent = configuration.syncAgent {
            try await agent.prepareToOpen(configuration, behavior: downloadBeforeOpen)
        }
        // Open (create, migrate) on a background thread first; the coordinator stays open
        // while this instance is made, so the second open below is quick.
        let prepared = try await Realm.prepare(configuration)
        try self.init(opening: configuration)
        withExtendedLifetime(prepared) {}
        self.actor = actor
        coordinator.register(self, actor: actor)
    }

    /// Opens (or reuses) the realm for `configuration` isolated to the caller's actor.
    ///
    /// ```swift
    /// @BackgroundActor func work() async throws {
    ///     let realm = try await Realm.open()
    /// }
    /// ```
    public static func open(configuration: Configuration = .defaultConfiguration,
                            isolation actor: isolated (any Actor)? = #isolation) async throws -> Realm {
        guard let actor else { return try Realm(opening: configuration) }
        if let cached = ActorRealmCache.shared.realm(for: configuration, actor: actor) { return cached }
        let realm = try await Realm(configuration: configuration, actor: actor)
        ActorRealmCache.shared.store(realm, for: configuration, actor: actor)
        return realm
    }

    /// Creates the file, runs migrations and opens the coordinator off the caller's executor.
    private static func prepare(_ configuration: Configuration) async throws -> RealmCoordinator {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<RealmCoordinator, Error>) in
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

/// Realms opened with `Realm.open` per actor and configuration, held weakly so that a later
/// open on the same actor reuses the instance.
final class ActorRealmCache: @unchecked Sendable {
    static let shared = ActorRealmCache()
    private let lock = NSLock()
    private var entries: [String: WeakRealm] = [:]

    private func key(_ configuration: Realm.Configuration, _ actor: any Actor) -> String {
        "\(ObjectIdentifier(actor).hashValue)|\(configuration.storeIdentity)"
    }

    func realm(for configuration: Realm.Configuration, actor: any Actor) -> Realm? {
        lock.lock(); defer { lock.unlock() }
        return entries[key(configuration, actor)]?.realm
    }

    func store(_ realm: Realm, for configuration: Realm.Configuration, actor: any Actor) {
        lock.lock(); defer { lock.unlock() }
        entries = entries.filter { $0.value.realm != nil }
        entries[key(configuration, actor)] = WeakRealm(realm)
    }
}
