@_spi(Sync) import Fief
import Foundation

/// A flexible-sync subscription: the objects of one class a device asks the server for, all of
/// them or those a query matches. The server sends the objects that match any subscription of
/// the realm (and the objects they link to) that the user's rules let it read.
///
/// ```swift
/// subs.append(QuerySubscription<Todo>(name: "all_todos"))
/// subs.append(QuerySubscription<Todo>(name: "mine") { $0.owner == "Frodo" && $0.done == false })
/// subs.append(QuerySubscription<Todo>(name: "urgent", where: "priority > %@", 3))
/// ```
public struct QuerySubscription<T: Object>: Sendable {
    /// The subscription's name, if it has one. Names are unique within a set: appending a
    /// named subscription replaces the one with the same name.
    public let name: String?
    /// The class the subscription is about.
    public var className: String { T.className() }
    /// The query in the Realm Query Language, `TRUEPREDICATE` for every object of the class.
    public let queryString: String

    /// A subscription to the objects of `T`: all of them, or those `query` matches.
    public init(name: String? = nil, query: ((Query<T>) -> Query<Bool>)? = nil) {
        self.name = name
        queryString = query.map { Query<T>.syncQueryText($0) } ?? "TRUEPREDICATE"
    }

    /// A subscription named `name` to every object of `T`.
    public init(name: String) {
        self.init(name: name, queryString: "TRUEPREDICATE")
    }

    /// The type-safe query of a subscription.
    public typealias QueryFunction = (Query<T>) -> Query<Bool>

    /// A subscription to the objects of `T` that a Realm Query Language predicate matches,
    /// with arguments as `%@` or `$0`, `$1`…
    ///
    /// An argument that cannot be written in the query (a managed object) traps, as a malformed
    /// query does in `Results.filter`; the server checks the query's properties when the set
    /// is updated and reports an unknown one as the set's error, with its position.
    public init(name: String? = nil, where query: String, _ args: Any...) {
        self.name = name
        queryString = Query<T>.syncQueryText(query, arguments: args)
    }

    init(name: String?, queryString: String) {
        self.name = name
        self.queryString = queryString
    }
}
