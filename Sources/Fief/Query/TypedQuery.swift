import FiefQueryLanguage

/// A type-safe query expression, built by the closure given to ``Results/where(_:)``. It builds
/// the same query tree a Realm Query Language string does.
///
/// ```swift
/// let dogs = realm.objects(Dog.self).where { $0.age > 3 && $0.name.starts(with: "R") }
/// ```
@dynamicMemberLookup
public struct Query<T> {
    let path: [String]
    /// A finished predicate and its arguments (for `Query<Bool>` results of operators).
    let expression: QueryExpression?
    let arguments: [StoredValue]

    init(path: [String]) { self.path = path; expression = nil; arguments = [] }
    init(_ expression: QueryExpression, _ arguments: [StoredValue]) { path = []; self.expression = expression; self.arguments = arguments }

    var keyPath: QueryOperand {
        .keyPath(KeyPathExpression(path.map { $0 == "@count" ? .aggregate(.count) : .property($0) }))
    }

    /// A property of the object (or of a linked object).
    public subscript<V>(dynamicMember keyPath: KeyPath<T, V>) -> Query<V> where T: ObjectBase {
        Query<V>(path: path + _KeyPathRecorder.names(of: keyPath, on: T.self))
    }

    /// A property of a linked object (to-one link).
    public subscript<O: ObjectBase, V>(dynamicMember keyPath: KeyPath<O, V>) -> Query<V> where T == O? {
        Query<V>(path: path + _KeyPathRecorder.names(of: keyPath, on: O.self))
    }

    /// A property of the objects in a list (matches when any element matches).
    public subscript<O: ObjectBase, V>(dynamicMember keyPath: KeyPath<O, V>) -> Query<V> where T == List<O> {
        Query<V>(path: path + _KeyPathRecorder.names(of: keyPath, on: O.self))
    }

    func comparison(_ op: ComparisonOperator, _ value: Any?, options: StringOptions = []) -> Query<Bool> {
        let arg = (try? StoredValue.argument(value, realm: nil)) ?? .null
        return Query<Bool>(.comparison(Comparison(keyPath, op, .argument(0), options: options.queryLanguageOptions)), [arg])
    }
}

extension Query {
    /// Matches when the property equals `rhs` (`==`).
    public static func == (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.comparison(.equal, rhs) }
    /// Matches when the property does not equal `rhs` (`!=`).
    public static func != (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.comparison(.notEqual, rhs) }
    /// Matches when the property is greater than `rhs` (`>`).
    public static func > (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.comparison(.greater, rhs) }
    /// Matches when the property is greater than or equal to `rhs` (`>=`).
    public static func >= (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.comparison(.greaterOrEqual, rhs) }
    /// Matches when the property is less than `rhs` (`<`).
    public static func < (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.comparison(.less, rhs) }
    /// Matches when the property is less than or equal to `rhs` (`<=`).
    public static func <= (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.comparison(.lessOrEqual, rhs) }

    /// Matches when the value is one of `values`.
    public func `in`<S: Sequence>(_ values: S) -> Query<Bool> where S.Element == T {
        comparison(.in, Array(values))
    }

    /// Matches values inside a closed range (`BETWEEN`).
    public func contains(_ range: ClosedRange<T>) -> Query<Bool> where T: Comparable {
        comparison(.between, [range.lowerBound, range.upperBound])
    }
}

extension Query where T: _Persistable {
    /// The number of elements of a list property (`@count`).
    public var count: Query<Int> { Query<Int>(path: path + ["@count"]) }
}

extension Query where T == Bool {
    /// Matches when both queries match (`AND`).
    public static func && (_ lhs: Query<Bool>, _ rhs: Query<Bool>) -> Query<Bool> { combine(lhs, rhs) { .and([$0, $1]) } }
    /// Matches when either query matches (`OR`).
    public static func || (_ lhs: Query<Bool>, _ rhs: Query<Bool>) -> Query<Bool> { combine(lhs, rhs) { .or([$0, $1]) } }
    /// Matches when `query` does not (`NOT`).
    public static prefix func ! (_ query: Query<Bool>) -> Query<Bool> { Query<Bool>(.not(query.predicate), query.arguments) }

    /// A Bool property used as a predicate.
    var predicate: QueryExpression {
        expression ?? .comparison(Comparison(keyPath, .equal, .literal(.bool(true))))
    }

    private static func combine(_ l: Query<Bool>, _ r: Query<Bool>, _ f: (QueryExpression, QueryExpression) -> QueryExpression) -> Query<Bool> {
        Query<Bool>(f(l.predicate, r.predicate.shiftingArguments(by: l.arguments.count)), l.arguments + r.arguments)
    }
}

extension Results {
    /// Results filtered by a type-safe query.
    ///
    /// ```swift
    /// let todos = realm.objects(Todo.self).where { $0.status == "done" || $0.owner == "Pippin" }
    /// ```
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        let q = isIncluded(Query<Element>(path: []))
        var result = derived()
        let shift = arguments.count
        result.arguments = arguments + q.arguments
        let mine = q.predicate.shiftingArguments(by: shift)
        result.predicate = predicate == .truePredicate ? mine : .and([predicate, mine])
        return result
    }
}
