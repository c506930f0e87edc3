import FiefQueryLanguage

/// A type-safe query expression, built by the closure given to ``Results/where(_:)``. It builds
/// the same query tree a Realm Query Language string does.
///
/// ```swift
/// let dogs = realm.objects(Dog.self).where { $0.age > 3 && $0.name.starts(with: "R") }
/// ```
@dynamicMemberLookup
public struct Query<T> {
    /// The key path so far: property names, `@count` and the other collection operators.
    let path: [KeyPathComponent]
    /// Where a collection aggregate goes in `path`: just after the first to-many step, so that
    /// `$0.dogs.age.avg` reads `dogs.@avg.age`. Nil until the path passes a collection.
    let aggregateIndex: Int?
    /// A finished predicate and its arguments (for `Query<Bool>` results of operators).
    let expression: QueryExpression?
    let arguments: [StoredValue]
    /// For a predicate: the collection of objects its key paths pass through, which `count`
    /// makes a subquery over.
    let collection: [KeyPathComponent]?
    /// An operand that is not a key path (a subquery count); its arguments are `arguments`.
    let operand: QueryOperand?

    init(path: [KeyPathComponent], aggregateIndex: Int? = nil) {
        self.path = path
        self.aggregateIndex = aggregateIndex
        expression = nil
        arguments = []
        collection = nil
        operand = nil
    }

    init(_ expression: QueryExpression, _ arguments: [StoredValue], collection: [KeyPathComponent]? = nil) {
        path = []
        aggregateIndex = nil
        self.expression = expression
        self.arguments = arguments
        self.collection = collection
        operand = nil
    }

    init(operand: QueryOperand, _ arguments: [StoredValue]) {
        path = []
        aggregateIndex = nil
        expression = nil
        self.arguments = arguments
        collection = nil
        self.operand = operand
    }

    var keyPath: QueryOperand { operand ?? .keyPath(KeyPathExpression(path)) }

    /// The collection of objects this key path passes through, if any.
    var collectionPrefix: [KeyPathComponent]? { aggregateIndex.map { Array(path.prefix($0)) } }

    /// This query's key path seen as another type (the path stays the same).
    func retyped<V>(appending components: [KeyPathComponent] = []) -> Query<V> {
        Query<V>(path: path + components, aggregateIndex: aggregateIndex)
    }

    /// A property of the object (or of a linked object).
    public subscript<V>(dynamicMember keyPath: KeyPath<T, V>) -> Query<V> where T: ObjectBase {
        retyped(appending: Self.properties(keyPath, on: T.self))
    }

    /// A property of a linked object (to-one link).
    public subscript<O: ObjectBase, V>(dynamicMember keyPath: KeyPath<O, V>) -> Query<V> where T == O? {
        retyped(appending: Self.properties(keyPath, on: O.self))
    }

    /// A property of the objects in a list, set or linking objects: a comparison matches when
    /// any element matches, and `min`, `max`, `avg` and `sum` aggregate the property over the
    /// elements (`$0.dogs.age.avg > 3`).
    public subscript<V>(dynamicMember keyPath: KeyPath<T.Element, V>) -> Query<V> where T: RealmCollection, T.Element: ObjectBase {
        Query<V>(path: path + Self.properties(keyPath, on: T.Element.self), aggregateIndex: aggregateIndex ?? path.count)
    }

    static func properties<O: ObjectBase, V>(_ keyPath: KeyPath<O, V>, on type: O.Type) -> [KeyPathComponent] {
        _KeyPathRecorder.names(of: keyPath, on: type).map { .property($0) }
    }

    func comparison(_ op: ComparisonOperator, _ value: Any?, options: StringOptions = []) -> Query<Bool> {
        let arg = (try? StoredValue.argument(value, realm: nil)) ?? .null
        let comparison = Comparison(keyPath, op, .argument(arguments.count), options: options.queryLanguageOptions)
        return Query<Bool>(.comparison(comparison), arguments + [arg], collection: collectionPrefix)
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
    public var count: Query<Int> { Query<Int>(path: path + [.aggregate(.count)]) }
}

extension Query where T == Bool {
    /// Matches when both queries match (`AND`).
    public static func && (_ lhs: Query<Bool>, _ rhs: Query<Bool>) -> Query<Bool> { combine(lhs, rhs) { .and([$0, $1]) } }
    /// Matches when either query matches (`OR`).
    public static func || (_ lhs: Query<Bool>, _ rhs: Query<Bool>) -> Query<Bool> { combine(lhs, rhs) { .or([$0, $1]) } }
    /// Matches when `query` does not (`NOT`).
    public static prefix func ! (_ query: Query<Bool>) -> Query<Bool> {
        Query<Bool>(.not(query.predicate), query.arguments, collection: query.collection)
    }

    /// A Bool property used as a predicate.
    var predicate: QueryExpression {
        expression ?? .comparison(Comparison(keyPath, .equal, .literal(.bool(true))))
    }

    private static func combine(_ l: Query<Bool>, _ r: Query<Bool>, _ f: (QueryExpression, QueryExpression) -> QueryExpression) -> Query<Bool> {
        Query<Bool>(f(l.predicate, r.predicate.shiftingArguments(by: l.arguments.count)), l.arguments + r.arguments,
                    collection: l.collection ?? r.collection)
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
