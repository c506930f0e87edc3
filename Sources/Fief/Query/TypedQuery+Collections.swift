import FiefQueryLanguage

// Lists, sets and linking objects in a typed query. A comparison on the collection itself
// matches when any element matches (RQL `ANY`).

extension Query where T: RealmCollection {
    /// Matches when the collection holds `value` (RQL `$0 IN collection`).
    ///
    /// ```swift
    /// realm.objects(Recipe.self).where { $0.tags.contains("vegan") }
    /// ```
    public func contains(_ value: T.Element) -> Query<Bool> {
        let arg = (try? StoredValue.argument(value, realm: nil)) ?? .null
        return Query<Bool>(.comparison(Comparison(.argument(0), .in, keyPath)), [arg])
    }

    /// Matches when the collection holds at least one of `values` (RQL `ANY collection IN $0`).
    ///
    /// ```swift
    /// realm.objects(Recipe.self).where { $0.tags.containsAny(in: ["vegan", "quick"]) }
    /// ```
    public func containsAny<S: Sequence>(in values: S) -> Query<Bool> where S.Element == T.Element {
        anyElement(.in, Array(values))
    }

    /// Matches when any element equals `rhs`.
    public static func == (_ lhs: Query, _ rhs: T.Element) -> Query<Bool> { lhs.anyElement(.equal, rhs) }
    /// Matches when any element differs from `rhs`.
    public static func != (_ lhs: Query, _ rhs: T.Element) -> Query<Bool> { lhs.anyElement(.notEqual, rhs) }
    /// Matches when any element is greater than `rhs`.
    public static func > (_ lhs: Query, _ rhs: T.Element) -> Query<Bool> { lhs.anyElement(.greater, rhs) }
    /// Matches when any element is greater than or equal to `rhs`.
    public static func >= (_ lhs: Query, _ rhs: T.Element) -> Query<Bool> { lhs.anyElement(.greaterOrEqual, rhs) }
    /// Matches when any element is less than `rhs`.
    public static func < (_ lhs: Query, _ rhs: T.Element) -> Query<Bool> { lhs.anyElement(.less, rhs) }
    /// Matches when any element is less than or equal to `rhs`.
    public static func <= (_ lhs: Query, _ rhs: T.Element) -> Query<Bool> { lhs.anyElement(.lessOrEqual, rhs) }

    /// `ANY collection op $0`.
    func anyElement(_ op: ComparisonOperator, _ value: Any?) -> Query<Bool> {
        let arg = (try? StoredValue.argument(value, realm: nil)) ?? .null
        let any = QueryOperand.keyPath(KeyPathExpression(quantifier: .any, path))
        return Query<Bool>(.comparison(Comparison(any, op, .argument(0))), [arg])
    }
}
