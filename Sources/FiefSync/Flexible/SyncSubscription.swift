import Foundation

/// One subscription of a ``SyncSubscriptionSet``, whatever its class.
public struct SyncSubscription: Sendable, Equatable, Codable {
    /// The subscription's name, if it has one.
    public let name: String?
    /// The class whose objects it selects.
    public let objectClassName: String
    /// Its query in the Realm Query Language.
    public internal(set) var queryString: String
    /// When it was added to the set.
    public let createdAt: Date
    /// When it was added or its query last changed.
    public internal(set) var updatedAt: Date

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
}
