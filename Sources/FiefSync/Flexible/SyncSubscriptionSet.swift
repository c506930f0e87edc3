@_spi(Sync) import Fief
import Foundation

/// Where a ``SyncSubscriptionSet`` stands.
public enum SyncSubscriptionState: Sendable, Equatable {
    /// Changed, and the server has not yet sent the data of this version of the set.
    case pending
    /// The server's data for the set is on the device.
    case complete
    /// The server refused the set (a malformed query, an unknown property): the error says
    /// which subscription and where. The device keeps the data of the last good set.
    case error(SyncError)
    /// A newer version of the set replaced this one before it completed.
    case superseded

    /// Whether two states are the same: the same case, and for ``error(_:)`` the same error.
    public static func == (lhs: SyncSubscriptionState, rhs: SyncSubscriptionState) -> Bool {
        switch (lhs, rhs) {
        case (.pending, .pending), (.complete, .complete), (.superseded, .superseded): true
        case (.error(let left), .error(let right)): left == right
        default: false
        }
    }
}

/// Iterates over a snapshot of a ``SyncSubscriptionSet``'s subscriptions, in order.
public struct SyncSubscriptionSetIterator: IteratorProtocol {
    private var base: IndexingIterator<[SyncSubscription]>
    init(_ subscriptions: [SyncSubscription]) { base = subscriptions.makeIterator() }
    /// The next subscription.
    public mutating func next() -> SyncSubscription? { base.next() }
}

/// The subscriptions of a flexible-sync realm: which objects the device asks the server for.
/// Change them inside ``update(_:)``; it returns once the server's data for the new set is
/// on the device.
///
/// ```swift
/// let subscriptions = realm.subscriptions
/// try await subscriptions.update {
///     subscriptions.append(QuerySubscription<Todo>(name: "mine") { $0.owner == "Frodo" })
///     subscriptions.remove(named: "all_todos")
/// }
/// ```
///
/// The set is stored in the realm file and survives restarts; each change makes a new version
/// that the sync session sends to the server. Objects that stop matching leave the device (they
/// stay on the server and on other devices); objects that start matching arrive.
public final class SyncSubscriptionSet: @unchecked Sendable, Sequence {
    /// Iterates over a snapshot of the set's subscriptions.
    public typealias Iterator = SyncSubscriptionSetIterator

    /// What is stored in the realm file and sent to the server.
    struct Record: Codable, Equatable {
        var version: UInt64
        var subscriptions: [SyncSubscription]
    }

    private let lock = NSLock()
    private var record = Record(version: 0, subscriptions: [])
    private var completeVersion: UInt64?
    private var failure: (version: UInt64, error: SyncError)?
    private var updateDepth = 0
    private var changedInUpdate = false
    private var waiters: [(version: UInt64, continuation: CheckedContinuation<Void, Error>)] = []
    /// Called with each new version (stores it and sends it to the server).
    private var committed: (@Sendable (Record) -> Void)?

    init() {}

    // MARK: Reading

    /// The number of subscriptions.
    public var count: Int { locked { record.subscriptions.count } }
    /// Whether there are none.
    public var isEmpty: Bool { count == 0 }
    /// The version of the set: it grows with each update that changes it.
    public var version: UInt64 { locked { record.version } }
    /// Every subscription, oldest first.
    public var all: [SyncSubscription] {
        locked { record.subscriptions }.map { var s = $0; s.set = self; return s }
    }
    /// The first subscription, if any.
    public var first: SyncSubscription? { all.first }
    /// The last subscription, if any.
    public var last: SyncSubscription? { all.last }

    /// The subscription at `position`, or nil past the end.
    public subscript(position: Int) -> SyncSubscription? {
        let subscriptions = all
        return subscriptions.indices.contains(position) ? subscriptions[position] : nil
    }

    /// Iterates over a snapshot of the subscriptions.
    public func makeIterator() -> Iterator { Iterator(all) }

    /// Where the set stands: pending until the server's data for this version is on the
    /// device, then complete (or error).
    public var state: SyncSubscriptionState {
        locked {
            if let failure, failure.version == record.version { return .error(failure.error) }
            if let completeVersion, completeVersion >= record.version { return .complete }
            return .pending
        }
    }

    /// The subscription named `name`.
    public func first(named name: String) -> SyncSubscription? {
        all.first { $0.name == name }
    }

    /// The first subscription to the objects of `type` that a type-safe query selects.
    public func first<T: Object>(ofType type: T.Type, `where` query: @escaping (Query<T>) -> Query<Bool>) -> SyncSubscription? {
        let text = Query<T>.syncQueryText(query)
        return all.first { $0.objectClassName == T.className() && $0.queryString == text }
    }

    /// The first subscription to the objects of `type` that a Realm Query Language predicate selects.
    public func first<T: Object>(ofType type: T.Type, `where` predicateFormat: String, _ args: Any...) -> SyncSubscription? {
        let text = Query<T>.syncQueryText(predicateFormat, arguments: args)
        return all.first { $0.objectClassName == T.className() && $0.queryString == text }
    }

    // MARK: Changing

    /// Runs `body`, which appends and removes subscriptions, as one new version of the set;
    /// then waits until the server's data for it is on the device. Throws the server's
    /// ``SyncError`` (code ``SyncError/Code/invalidSubscriptionQuery``) when it refuses the set.
    public func update(_ body: () -> Void) async throws {
        guard let version = change(body) else { return try await waitForCompletion(of: locked { record.version }) }
        try await waitForCompletion(of: version)
    }

    /// Callback form of ``update(_:)``: `onComplete` gets nil once the data is on the device, or
    /// the error.
    public func update(_ body: () -> Void, onComplete: (@Sendable (Error?) -> Void)? = nil) {
        let version = change(body) ?? locked { record.version }
        Task {
            do {
                try await waitForCompletion(of: version)
                onComplete?(nil)
            } catch {
                onComplete?(error)
            }
        }
    }

    /// RealmSwift's older name of ``update(_:)``.
    public func write(_ body: () -> Void) async throws { try await update(body) }

    /// RealmSwift's older name of ``update(_:onComplete:)``.
    public func write(_ body: () -> Void, onComplete: (@Sendable (Error?) -> Void)? = nil) { update(body, onComplete: onComplete) }

    /// RealmSwift's older name of ``update(_:)``.
    public func updateSubscriptions(_ body: () -> Void) async throws { try await update(body) }

    /// Waits until the server's data for the current version is on the device.
    public func waitForSync() async throws {
        try await waitForCompletion(of: version)
    }

    /// Adds subscriptions. One with the name of an existing subscription replaces its query;
    /// an unnamed one equal to an existing one (same class and query) is not added twice.
    /// Inside ``update(_:)`` (or `initialSubscriptions`).
    public func append<T: Object>(_ subscriptions: QuerySubscription<T>...) {
        mutate { record in
            for s in subscriptions {
                if let name = s.name, let i = record.subscriptions.firstIndex(where: { $0.name == name }) {
                    guard record.subscriptions[i].queryString != s.queryString || record.subscriptions[i].objectClassName != s.className else { continue }
                    record.subscriptions[i] = SyncSubscription(name: name, objectClassName: s.className, queryString: s.queryString,
                                                               createdAt: record.subscriptions[i].createdAt)
                } else if s.name == nil, record.subscriptions.contains(where: { $0.name == nil && $0.objectClassName == s.className && $0.queryString == s.queryString }) {
                    continue
                } else {
                    record.subscriptions.append(SyncSubscription(name: s.name, objectClassName: s.className, queryString: s.queryString))
                }
            }
        }
    }

    /// Removes the subscription named `name`. Inside ``update(_:)``.
    public func remove(named name: String) {
        mutate { $0.subscriptions.removeAll { $0.name == name } }
    }

    /// Removes these subscriptions. Inside ``update(_:)``.
    public func remove(_ subscriptions: SyncSubscription...) {
        remove(subscriptions)
    }

    func remove(_ subscriptions: [SyncSubscription]) {
        mutate { record in record.subscriptions.removeAll { s in subscriptions.contains { $0.isSame(as: s) } } }
    }

    /// Gives `subscription` a new class and query (``SyncSubscription/updateQuery(toType:where:)``).
    func replace(_ subscription: SyncSubscription, className: String, query: String) {
        mutate { record in
            guard let i = record.subscriptions.firstIndex(where: { $0.isSame(as: subscription) }) else { return }
            record.subscriptions[i].objectClassName = className
            record.subscriptions[i].queryString = query
            record.subscriptions[i].updatedAt = Date()
        }
    }

    /// The text of a predicate with arguments, for a class known only by name.
    static func queryText(_ className: String, _ predicateFormat: String, _ args: [Any]) -> String {
        Query<Object>.syncQueryText(predicateFormat, arguments: args)
    }

    /// Removes the subscriptions to the objects of `type` that a type-safe query selects.
    /// Inside ``update(_:)``.
    public func remove<T: Object>(ofType type: T.Type, _ query: @escaping (Query<T>) -> Query<Bool>) {
        let text = Query<T>.syncQueryText(query)
        mutate { $0.subscriptions.removeAll { $0.objectClassName == T.className() && $0.queryString == text } }
    }

    /// Removes the subscriptions to the objects of `type` that a predicate selects. Inside
    /// ``update(_:)``.
    public func remove<T: Object>(ofType type: T.Type, where predicateFormat: String, _ args: Any...) {
        let text = Query<T>.syncQueryText(predicateFormat, arguments: args)
        mutate { $0.subscriptions.removeAll { $0.objectClassName == T.className() && $0.queryString == text } }
    }

    /// Removes every subscription to objects of `type`. Inside ``update(_:)``.
    public func removeAll<T: Object>(ofType type: T.Type) {
        mutate { $0.subscriptions.removeAll { $0.objectClassName == T.className() } }
    }

    /// Removes every subscription (or only the unnamed ones). Inside ``update(_:)``.
    public func removeAll(unnamedOnly: Bool = false) {
        mutate { $0.subscriptions.removeAll { !unnamedOnly || $0.name == nil } }
    }

    // MARK: The session's side

    /// Runs `body` as an update and returns the new version, or nil when nothing changed.
    @discardableResult
    func change(_ body: () -> Void) -> UInt64? {
        locked { updateDepth += 1 }
        body()
        let (new, callback): (Record?, (@Sendable (Record) -> Void)?) = locked {
            updateDepth -= 1
            guard updateDepth == 0, changedInUpdate else { return (nil, nil) }
            changedInUpdate = false
            record.version += 1
            return (record, committed)
        }
        guard let new else { return nil }
        callback?(new)
        return new.version
    }

    private func mutate(_ body: (inout Record) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        precondition(updateDepth > 0, "subscriptions change only inside `subscriptions.update { }` (or initialSubscriptions)")
        let before = record.subscriptions
        body(&record)
        if record.subscriptions != before { changedInUpdate = true }
    }

    /// Connects the set to its session: `stored` is what the realm file holds; `onCommit`
    /// gets every later version. Returns the version to send (the file's or a newer one made
    /// before the file was open).
    func attach(stored: Record?, onCommit: @escaping @Sendable (Record) -> Void) -> Record {
        locked {
            if committed != nil {
                // Attached again, after the session closed and reopened: this set has every
                // version since, the file may lack those made while it was closed.
                if let stored, stored.version > record.version { record = stored }
                if stored == nil {
                    // The file was deleted meanwhile: none of the set's data is in the new one.
                    completeVersion = nil
                    failure = nil
                }
            } else if let stored {
                if record.version > 0 {
                    // Changed before the file was open (`initialSubscriptions`): on top of the
                    // stored set, as a new version of it.
                    var merged = stored.subscriptions
                    for s in record.subscriptions {
                        if let i = merged.firstIndex(where: { $0.name != nil && $0.name == s.name }) { merged[i] = s }
                        else if !merged.contains(where: { $0.name == s.name && $0.objectClassName == s.objectClassName && $0.queryString == s.queryString }) { merged.append(s) }
                    }
                    record = Record(version: stored.version + (merged == stored.subscriptions ? 0 : 1), subscriptions: merged)
                } else {
                    record = stored
                }
            }
            committed = onCommit
            return record
        }
    }

    /// The server's data for versions up to `version` is on the device.
    func markComplete(through version: UInt64) {
        let ready: [CheckedContinuation<Void, Error>] = locked {
            completeVersion = Swift.max(completeVersion ?? 0, version)
            let done = waiters.filter { $0.version <= version }
            waiters.removeAll { $0.version <= version }
            return done.map(\.continuation)
        }
        for c in ready { c.resume() }
    }

    /// The server refused version `version`.
    func markFailed(version: UInt64, _ error: SyncError) {
        let failed: [CheckedContinuation<Void, Error>] = locked {
            failure = (version, error)
            let done = waiters.filter { $0.version == version }
            waiters.removeAll { $0.version == version }
            return done.map(\.continuation)
        }
        for c in failed { c.resume(throwing: error) }
    }

    /// Fails every waiter (the session stopped for good).
    func failWaiters(_ error: Error) {
        let all: [CheckedContinuation<Void, Error>] = locked { defer { waiters = [] }; return waiters.map(\.continuation) }
        for c in all { c.resume(throwing: error) }
    }

    private func waitForCompletion(of version: UInt64) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            let outcome: Result<Void, Error>? = locked {
                if let failure, failure.version == version { return .failure(failure.error) }
                if let completeVersion, completeVersion >= version { return .success(()) }
                if version < record.version, completeVersion ?? 0 < version {
                    // A newer version replaced it: wait for that one instead.
                    waiters.append((record.version, continuation))
                    return nil
                }
                waiters.append((version, continuation))
                return nil
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
