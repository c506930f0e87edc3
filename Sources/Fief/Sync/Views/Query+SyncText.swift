import FiefQueryLanguage
import Foundation

extension Query where T: ObjectBase {
    /// The Realm Query Language text of a type-safe query, its arguments written as literals
    /// and its properties by their persisted names (`propertiesMapping()`): what a
    /// flexible-sync subscription sends to the server.
    ///
    /// ```swift
    /// Query<Todo>.syncQueryText { $0.owner == "Frodo" && $0.done == false }
    /// // "owner == 'Frodo' AND done == false"
    /// ```
    @_spi(Sync) public static func syncQueryText(_ build: (Query<T>) -> Query<Bool>) -> String {
        let query = build(Query<T>(path: []))
        return query.predicate.withPersistedNames(from: T.self).textWithLiterals(query.arguments)
    }

    /// The text of a Realm Query Language predicate with its `%@`/`$n` arguments written as
    /// literals. Traps on a malformed query or an argument that cannot be a literal, as
    /// `Results.filter` does.
    @_spi(Sync) public static func syncQueryText(_ predicateFormat: String, arguments: [Any]) -> String {
        do {
            let parsed = try QueryLanguage.parse(ParsedQueryCache.numberPercentArguments(predicateFormat))
            precondition(parsed.descriptors.isEmpty, "a subscription query cannot SORT, DISTINCT or LIMIT: \(predicateFormat)")
            let (predicate, values) = try parsed.predicate.bindingArguments(arguments, realm: nil)
            if let highest = parsed.highestArgumentIndex {
                precondition(highest < values.count, "the query uses $\(highest) but only \(values.count) argument(s) were given: \(predicateFormat)")
            }
            return predicate.withPersistedNames(from: T.self).textWithLiterals(values)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

extension Results {
    /// The results' filter as Realm Query Language text with its arguments as literals (what
    /// `subscribe` sends to the server). Sorting and limits are not part of it.
    @_spi(Sync) public var syncQueryText: String {
        predicate.withPersistedNames(from: Element._fiefObjectType).textWithLiterals(arguments)
    }
}

extension QueryExpression {
    /// The predicate's text with each `$n` replaced by `arguments[n]` as a literal.
    func textWithLiterals(_ arguments: [StoredValue]) -> String {
        QueryFormatter.format(mappingOperands { o in
            guard case .argument(let i) = o, i < arguments.count else { return nil }
            if case .link = arguments[i] { preconditionFailure("an object cannot be an argument of a subscription query") }
            return .literal(arguments[i].queryLiteral)
        })
    }
}

extension StoredValue {
    /// The value as a query literal. Links and collections, which subscriptions cannot name
    /// by value, become `null`; a Decimal128 becomes the nearest double.
    var queryLiteral: QueryLiteral {
        switch self {
        case .null, .link, .anyLink, .collection, .nestedList, .nestedMap: .null
        case .bool(let v): .bool(v)
        case .int(let v): .integer(v)
        case .float(let v): .double(Double(v))
        case .double(let v): .double(v)
        case .string(let v): .string(v)
        case .data(let v): .binary(v)
        case .date(let d):
            {
                let nanoseconds = (d.timeIntervalSince1970 * 1e9).rounded()
                let seconds = Int64((nanoseconds / 1e9).rounded(.towardZero))
                return .timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds - Double(seconds) * 1e9))
            }()
        case .decimal: .double(numeric ?? 0)
        case .objectId(let v): .objectId(v.bytes)
        case .uuid(let v): .uuid(withUnsafeBytes(of: v.uuid) { Array($0) })
        }
    }
}
