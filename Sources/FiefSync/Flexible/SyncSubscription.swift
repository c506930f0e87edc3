import Foundation

/// One subscription of a ``SyncSubscriptionSet``, whatever its class.
///
/// ```swift
/// let subscriptions = realm.subscriptions
/// try await subscriptions.update {
///     subscriptions.first(named: "mine")?.updateQuery(toType: Todo.self) { $0.done == false }
/// }
/// ```
public struct SyncSubscription: Sendable, Codable {
    /// The subscription's name, if it has one.
    public let name: String?
    /// The class whose objects it selects.
    public internal(set) var objectClassName: String
    /// Its query in the Realm Query Language.
    public internal(set) var queryString: String
    /// When it was added to the set.
    public let createdAt: Date
    /// When it was added or its query last changed.
    public internal(set) var updatedAt: Date
    /// The set it belongs to (for ``updateQuery(toType:where:)``); not stored.
    weak var set: SyncSubscriptionSet?

    private enum CodingKeys: String, CodingKey {
        case name, objectClassName, queryString, createdAt, updatedAt
    }

    init(name: String?, objectClassName: String, queryString: String, createdAt: Date? = nil) {
        self.name = name
        self.objectClassName = objectClassName
        self.queryString = queryString
        updatedAt = Date()
        self.createdAt = createdAt ?? updatedAt
    }

    /// The name the server knows it by: its own, or one made from its class and query (an
    /// unnamed subscription is identified by what it selects, as Realm does).
    var wireName: String { name ?? "\(objectClassName): \(queryString)" }

    /// Whether `other` is this subscription (same name, class and query).
    func isSame(as other: SyncSubscription) -> Bool {
        name == other.name && objectClassName == other.objectClassName && queryString == other.queryString
    }

    // MARK: Changing the query (inside `update`)

    /// Replaces the subscription's query with a type-safe query on `type` (every object of
    /// `type` when `query` is nil).
    public func updateQuery<T: Object>(toType type: T.Type, where query: ((Query<T>) -> Query<Bool>)? = nil) {
        replace(with: QuerySubscription<T>(name: name, query: query))
    }

    /// Replaces the subscription's query with a type-safe query on its own class `T`.
    public func updateQuery<T: Object>(to query: @escaping (Query<T>) -> Query<Bool>) {
        replace(with: QuerySubscription<T>(name: name, query: query))
    }

    /// Replaces the subscription's query with a Realm Query Language predicate on its class.
    public func updateQuery(to predicateFormat: String, _ args: Any...) {
        replaceQuery(predicateFormat, args)
    }

    /// RealmSwift's older name of ``updateQuery(to:_:)``.
    ///
    /// ```swift
    /// try await realm.subscriptions.update {
    ///     realm.subscriptions.first(named: "cheap")?.update(to: "price < %@", 10)
    /// }
    /// ```
    public func update(to predicateFormat: String, _ args: Any...) {
        replaceQuery(predicateFormat, args)
    }

    private func replaceQuery(_ predicateFormat: String, _ args: [Any]) {
        guard let set else { preconditionFailure("this subscription is not in a subscription set") }
        set.replace(self, className: objectClassName, query: SyncSubscriptionSet.queryText(objectClassName, predicateFormat, args))
    }

    /// RealmSwift's older name of ``updateQuery(toType:where:)``.
    public func update<T: Object>(toType type: T.Type, where query: @escaping (Query<T>) -> Query<Bool>) {
        updateQuery(toType: type, where: query)
    }

    /// RealmSwift's older name of ``updateQuery(to:)-(((Query<T>)->Query<Bool>))``.
    public func update<T: Object>(to query: @escaping (Query<T>) -> Query<Bool>) {
        updateQuery(to: query)
    }

    private func replace<T: Object>(with subscription: QuerySubscription<T>) {
        guard let set else { preconditionFailure("this subscription is not in a subscription set") }
        set.replace(self, className: subscription.className, query: subscription.queryString)
    }
}

extension SyncSubscription: Equatable {
    public static func == (a: SyncSubscription, b: SyncSubscription) -> Bool {
        a.isSame(as: b) && a.createdAt == b.createdAt && a.updatedAt == b.updatedAt
    }
}
