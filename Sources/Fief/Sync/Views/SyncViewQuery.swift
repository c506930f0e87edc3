import FiefQueryLanguage
import Foundation

/// A Realm Query Language filter over one class of a synced realm, as a sync server evaluates
/// subscriptions and permission rules: compiled once against the realm's schema, then asked
/// for every matching object or whether one object matches.
///
/// A query may name values of the user it is evaluated for as `$user.<field>`, e.g.
/// `owner_id == $user.id` or `team == $user.custom.team`; `variables` gives them by the path
/// after the `$` (`"user.id"`). A missing value is `null`. `SORT`, `DISTINCT` and `LIMIT` are
/// refused: a subscription selects a set of objects, not an ordering of them.
///
/// ```swift
/// let mine = try SyncViewQuery(realm: state, className: "Todo", query: "owner_id == $user.id",
///                              variables: ["user.id": .string(user.id)])
/// let ids = try mine.matchingObjects()
/// ```
@_spi(Sync) public struct SyncViewQuery {
    /// The class the query selects from.
    public let className: String
    /// The query as given.
    public let text: String
    /// Whether the predicate reads only the object's own properties (no link, backlink,
    /// collection or subquery): then only a change of the object itself can change whether it
    /// matches, which lets a server re-check just the objects a changeset touches.
    public let readsOnlyOwnProperties: Bool
    private let realm: Realm
    private let binding: TableBinding
    private let predicate: QueryExpression
    private let arguments: [StoredValue]
    private let evaluator: QueryEvaluator

    /// Compiles `query` for `className`. Throws ``SyncViewQueryError`` with the line and column
    /// of a syntax error or of an unknown property.
    public init(realm: Realm, className: String, query: String, variables: [String: SyncValue] = [:]) throws(SyncViewQueryError) {
        guard let binding = realm.binding(named: className), !binding.isEmbedded else {
            throw SyncViewQueryError(message: "the realm has no top-level class \(className)", line: 0, column: 0)
        }
        let parsed: ParsedQuery
        do { parsed = try QueryLanguage.parse(query) } catch {
            throw SyncViewQueryError(message: error.message, line: error.line, column: error.column)
        }
        guard parsed.descriptors.isEmpty else {
            throw SyncViewQueryError(message: "SORT, DISTINCT and LIMIT cannot be used in a subscription or rule", line: 0, column: 0)
        }
        var arguments: [StoredValue] = []
        let predicate = Self.bindingVariables(parsed.predicate, variables, into: &arguments)
        let evaluator: QueryEvaluator
        do {
            evaluator = try QueryEvaluator(realm: realm, binding: binding, predicate: predicate, arguments: arguments)
        } catch RealmError.unknownProperty(let owner, let property) {
            let position = QueryLanguage.position(ofName: property, in: query)
            throw SyncViewQueryError(message: "\(owner) has no property '\(property)'", line: position?.line ?? 0, column: position?.column ?? 0)
        } catch {
            throw SyncViewQueryError(message: "\(error)", line: 0, column: 0)
        }
        self.className = className
        self.text = query
        self.realm = realm
        self.binding = binding
        self.predicate = predicate
        self.arguments = arguments
        self.evaluator = evaluator
        readsOnlyOwnProperties = Self.readsOnlyOwnProperties(predicate, binding)
    }

    /// Every object of the class that matches now, in key order.
    public func matchingObjects() throws -> [SyncObjectID] {
        var results = Results<ObjectBase>(realm: realm, binding: binding)
        results.predicate = predicate
        results.arguments = arguments
        return try results.evaluateKeys().keys.map { try realm.syncObjectID(binding, $0) }
    }

    /// Whether the object `object` exists and matches.
    public func matches(_ object: SyncObjectID) throws -> Bool {
        guard let key = try realm.localKey(binding, object, ownFileIdent: 0) else { return false }
        return evaluator.matches(key: key)
    }

    /// Replaces each `$user...` key path by an argument holding the variable's value.
    private static func bindingVariables(_ e: QueryExpression, _ variables: [String: SyncValue], into arguments: inout [StoredValue]) -> QueryExpression {
        var bound: [StoredValue] = []
        let result = e.mappingOperands { o in
            guard case .keyPath(let kp) = o, case .property(let first)? = kp.components.first, first.hasPrefix("$"), first.count > 1 else { return nil }
            var names = [String(first.dropFirst())]
            for component in kp.components.dropFirst() {
                guard case .property(let name) = component else { return nil }
                names.append(name)
            }
            bound.append(variables[names.joined(separator: ".")].map(StoredValue.init(syncScalar:)) ?? .null)
            return .argument(bound.count - 1)
        }
        arguments += bound
        return result
    }

    private static func readsOnlyOwnProperties(_ e: QueryExpression, _ binding: TableBinding) -> Bool {
        func own(_ o: QueryOperand) -> Bool {
            switch o {
            case .keyPath(let kp):
                guard kp.components.count == 1, case .property(let name) = kp.components[0], let column = binding.column(named: name) else { return false }
                return column.collection == .none && column.type != .object
            case .list(let items): return items.allSatisfy(own)
            case .literal, .argument, .geometry: return true
            case .subquery: return false
            }
        }
        switch e {
        case .truePredicate, .falsePredicate: return true
        case .not(let inner): return readsOnlyOwnProperties(inner, binding)
        case .and(let items), .or(let items): return items.allSatisfy { readsOnlyOwnProperties($0, binding) }
        case .comparison(let c): return own(c.left) && own(c.right)
        }
    }
}

/// A subscription or rule query that cannot be used: what is wrong, and where in the query
/// (1-based line and column; 0 when the problem has no single position).
@_spi(Sync) public struct SyncViewQueryError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { line > 0 ? "line \(line), column \(column): \(message)" : message }
}

extension StoredValue {
    /// A scalar sync value as a query argument (links are not query arguments here: null).
    init(syncScalar value: SyncValue) {
        switch value {
        case .null, .link, .embeddedObject, .list, .dictionary: self = .null
        case .bool(let v): self = .bool(v)
        case .int(let v): self = .int(v)
        case .float(let v): self = .float(v)
        case .double(let v): self = .double(v)
        case .string(let v): self = .string(v)
        case .data(let v): self = .data(v)
        case .date(let v): self = .date(v)
        case .decimal(let v): self = .decimal(v)
        case .objectId(let v): self = .objectId(v)
        case .uuid(let v): self = .uuid(v)
        }
    }
}
