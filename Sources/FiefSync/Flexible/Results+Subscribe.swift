@_spi(Sync) import Fief
import Foundation

/// When ``Results/subscribe(name:waitForSync:timeout:)`` waits for the server.
public enum WaitForSyncMode: Sendable {
    /// Only when the subscription is new.
    case onCreation
    /// Every time.
    case always
    /// Never: the results fill in as the data arrives.
    case never
}

extension Results where Element: Object {
    /// Subscribes to these results on a flexible-sync (or query-based) realm: the server sends
    /// the objects they match. Returns the results, once the data is on the device as
    /// `waitForSync` asks.
    ///
    /// ```swift
    /// let mine = try await realm.objects(Todo.self).where { $0.owner == "Frodo" }
    ///     .subscribe(name: "mine")
    /// ```
    ///
    /// The subscription's query is the results' filter (sorting and limits are local). Throws
    /// the server's ``SyncError`` when it refuses the query, and ``SyncError/Code/timedOut``
    /// after `timeout` seconds.
    @discardableResult
    public func subscribe(name: String? = nil, waitForSync: WaitForSyncMode = .onCreation, timeout: TimeInterval? = nil) async throws -> Results<Element> {
        let subscriptions = realmInstance.subscriptions
        let subscription = QuerySubscription<Element>(name: name, queryString: syncQueryText)
        let isNew = !subscriptions.all.contains { $0.objectClassName == subscription.className && $0.queryString == subscription.queryString && $0.name == name }
        subscriptions.change { subscriptions.append(subscription) }
        guard waitForSync == .always || (waitForSync == .onCreation && isNew) else { return self }
        guard let timeout else {
            try await subscriptions.waitForSync()
            return self
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await subscriptions.waitForSync() }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                throw SyncError(.timedOut, "the subscription's data did not arrive within \(timeout) s")
            }
            defer { group.cancelAll() }
            try await group.next()
        }
        return self
    }

    /// Realm Object Server's spelling of query-based sync: subscribes to these results on the
    /// default realm and returns the subscription at once; the objects arrive in the background
    /// (``SyncSubscriptionSet/state`` says when they are all there).
    ///
    /// ```swift
    /// let subscription = realm.objects(Dog.self).filter("age > 3").subscribe(named: "old-dogs")
    /// ```
    @discardableResult
    public func subscribe(named name: String?) -> SyncSubscription {
        let subscriptions = realmInstance.subscriptions
        let subscription = QuerySubscription<Element>(name: name, queryString: syncQueryText)
        subscriptions.change { subscriptions.append(subscription) }
        return subscriptions.all.last { $0.name == name && $0.objectClassName == subscription.className && $0.queryString == subscription.queryString }!
    }

    /// Removes the subscriptions whose class and query are these results'.
    public func unsubscribe() {
        let subscriptions = realmInstance.subscriptions
        let text = syncQueryText
        let matching = subscriptions.all.filter { $0.objectClassName == Element.className() && $0.queryString == text }
        guard !matching.isEmpty else { return }
        subscriptions.change { subscriptions.remove(matching) }
    }
}

extension Realm {
    /// Query-based sync's old way to subscribe, retired in RealmSwift 10 (where it is also
    /// unavailable): subscribe to the results instead.
    ///
    /// ```swift
    /// let todos = try await realm.objects(Todo.self).where { $0.done == false }.subscribe()
    /// ```
    @available(*, unavailable, message: "Use Results.subscribe()")
    public func subscribe<T: Object>(to objects: T.Type, where: String, completion: @escaping (Results<T>?, Swift.Error?) -> Void) {
        fatalError("unavailable")
    }
}
