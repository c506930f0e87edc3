import Fief
import Foundation

/// A flexible-sync subscription: the objects of one class a device asks for, optionally
/// narrowed by a query.
///
/// ```swift
/// subs.append(QuerySubscription<Todo>(name: "all_todos"))
/// subs.append(QuerySubscription<Todo>(name: "mine") { $0.owner == "Frodo" })
/// ```
///
/// Fief's server syncs the whole realm today, so every device holds every object it may read:
/// a superset of what its subscriptions ask for. Subscriptions are kept and listed as Realm
/// keeps them; filtering on the server is the next step of flexible sync.
public struct QuerySubscription<T: Object>: Sendable {
    /// The subscription's name, if it has one.
    public let name: String?
    /// The class the subscription is about.
    public var className: String { T.className() }

    /// A subscription to the objects of `T` (all of them, or those `query` matches).
    public init(name: String? = nil, query: ((Query<T>) -> Query<Bool>)? = nil) {
        self.name = name
        hasQuery = query != nil
    }

    let hasQuery: Bool
}

/// One subscription as the set keeps it, whatever its class.
public struct AnySyncSubscription: Sendable, Equatable {
    /// The subscription's name, if it has one.
    public let name: String?
    /// The class it is about.
    public let objectClassName: String
    /// When it was added.
    public let createdAt: Date
}

/// The subscriptions of a flexible-sync realm: `append` and `remove` inside `update`.
///
/// ```swift
/// try await realm.subscriptions.update {
///     realm.subscriptions.append(QuerySubscription<Todo>(name: "all_todos"))
/// }
/// ```
public final class SyncSubscriptionSet: @unchecked Sendable {
    /// Where the set stands.
    public enum State: Sendable, Equatable {
        /// Changed locally, not yet confirmed by the server.
        case pending
        /// The server's data for the set is on the device.
        case complete
        /// The server refused the set.
        case error(String)
    }

    private let lock = NSLock()
    private var subscriptions: [AnySyncSubscription] = []
    private var currentState: State = .pending
    private let waitForSync: @Sendable () async throws -> Void

    init(waitForSync: @escaping @Sendable () async throws -> Void) {
        self.waitForSync = waitForSync
    }

    /// The number of subscriptions.
    public var count: Int { lock.lock(); defer { lock.unlock() }; return subscriptions.count }
    /// Whether the server's data for the set is on the device.
    public var state: State { lock.lock(); defer { lock.unlock() }; return currentState }
    /// Every subscription, oldest first.
    public var all: [AnySyncSubscription] { lock.lock(); defer { lock.unlock() }; return subscriptions }

    /// The subscription named `name`.
    public func first(named name: String) -> AnySyncSubscription? {
        lock.lock(); defer { lock.unlock() }
        return subscriptions.first { $0.name == name }
    }

    /// Adds `subscription`; one with the same name is replaced.
    public func append<T: Object>(_ subscription: QuerySubscription<T>) {
        lock.lock(); defer { lock.unlock() }
        subscriptions.removeAll { $0.name != nil && $0.name == subscription.name }
        subscriptions.append(AnySyncSubscription(name: subscription.name, objectClassName: subscription.className, createdAt: Date()))
        currentState = .pending
    }

    /// Removes the subscription named `name`; returns whether there was one.
    @discardableResult
    public func remove(named name: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        let before = subscriptions.count
        subscriptions.removeAll { $0.name == name }
        currentState = .pending
        return subscriptions.count != before
    }

    /// Removes every subscription.
    public func removeAll() {
        lock.lock(); defer { lock.unlock() }
        subscriptions.removeAll()
        currentState = .pending
    }

    /// Runs `body` (which appends and removes), then waits until the server's data for the new
    /// set is downloaded.
    public func update(_ body: () -> Void) async throws {
        body()
        try await waitForSync()
        markComplete()
    }

    /// Marks the set complete (after a download completed).
    func markComplete() {
        lock.lock(); defer { lock.unlock() }
        currentState = .complete
    }
}
