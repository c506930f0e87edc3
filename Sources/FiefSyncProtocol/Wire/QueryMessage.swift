/// Client to server: the complete set of flexible-sync subscriptions of a session.
///
/// Each query message replaces the previous set; ``queryVersion`` grows with each new set so
/// that answers and errors can name the set they refer to.
public struct QueryMessage: Equatable, Sendable {
    /// The session the subscriptions belong to.
    public var session: UInt32
    /// The version of this subscription set.
    public var queryVersion: UInt64
    /// The subscriptions. May be empty (nothing is synced).
    public var subscriptions: [QuerySubscription]

    /// Creates a query message.
    public init(session: UInt32, queryVersion: UInt64, subscriptions: [QuerySubscription]) {
        self.session = session
        self.queryVersion = queryVersion
        self.subscriptions = subscriptions
    }
}

/// One flexible-sync subscription: the objects of a class that match a query.
public struct QuerySubscription: Equatable, Sendable {
    /// The subscription's name, unique within its set.
    public var name: String
    /// The class whose objects it selects.
    public var className: String
    /// The query, in the Realm Query Language.
    public var query: String

    /// Creates a subscription.
    public init(name: String, className: String, query: String) {
        self.name = name
        self.className = className
        self.query = query
    }
}

/// Server to client: a subscription of a set that the server could not accept.
public struct QueryErrorMessage: Equatable, Sendable {
    /// The session the subscription belongs to.
    public var session: UInt32
    /// The version of the subscription set that failed.
    public var queryVersion: UInt64
    /// The name of the failing subscription.
    public var subscriptionName: String
    /// What is wrong with it.
    public var message: String
    /// The line in the query where the problem is, from 1 (0 when unknown).
    public var line: UInt32
    /// The column in that line, from 1 (0 when unknown).
    public var column: UInt32

    /// Creates a query-error message.
    public init(session: UInt32, queryVersion: UInt64, subscriptionName: String, message: String, line: UInt32, column: UInt32) {
        self.session = session
        self.queryVersion = queryVersion
        self.subscriptionName = subscriptionName
        self.message = message
        self.line = line
        self.column = column
    }
}
