import FiefQueryLanguage

// Comparisons between two properties of the same object (or of linked objects), such as
// `$0.age > $0.minimumAge`.

extension Query {
    /// Matches when the two properties are equal.
    public static func == (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compared(.equal, rhs) }
    /// Matches when the two properties differ.
    public static func != (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compared(.notEqual, rhs) }
    /// Matches when the left property is greater than the right one.
    public static func > (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compared(.greater, rhs) }
    /// Matches when the left property is greater than or equal to the right one.
    public static func >= (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compared(.greaterOrEqual, rhs) }
    /// Matches when the left property is less than the right one.
    public static func < (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compared(.less, rhs) }
    /// Matches when the left property is less than or equal to the right one.
    public static func <= (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compared(.lessOrEqual, rhs) }

    /// `left op right` between two key paths.
    func compared(_ op: ComparisonOperator, _ other: Query, options: StringOptions = []) -> Query<Bool> {
        // The right side's arguments (of a subquery count) follow the left side's.
        let right = QueryExpression.comparison(Comparison(other.keyPath, .equal, .literal(.null)))
            .shiftingArguments(by: arguments.count)
        guard case .comparison(let shifted) = right else { preconditionFailure("a comparison stays a comparison") }
        let comparison = Comparison(keyPath, op, shifted.left, options: options.queryLanguageOptions)
        return Query<Bool>(.comparison(comparison), arguments + other.arguments, collection: collectionPrefix ?? other.collectionPrefix)
    }
}
