/// A whole parsed Realm Query Language string: one predicate, then the trailing
/// `SORT`/`DISTINCT`/`LIMIT` descriptors in the order they were written.
///
/// `QueryLanguage.parse(_:)` makes one; `description` prints it back so that parsing the printed
/// text gives an equal value.
package struct ParsedQuery: Equatable, Sendable, CustomStringConvertible {
    /// The filter.
    package var predicate: QueryExpression
    /// `SORT(...)`, `DISTINCT(...)` and `LIMIT(...)` in source order (they may repeat).
    package var descriptors: [QueryDescriptor]

    package init(predicate: QueryExpression, descriptors: [QueryDescriptor] = []) {
        self.predicate = predicate
        self.descriptors = descriptors
    }

    /// The highest `$n` argument index used anywhere in the query, or nil when it uses none.
    /// The caller must supply at least `highestArgumentIndex + 1` arguments.
    package var highestArgumentIndex: Int? {
        var highest: Int?
        predicate.visitArguments { index in highest = max(highest ?? index, index) }
        return highest
    }

    /// The canonical query text (see `QueryFormatter`).
    package var description: String { QueryFormatter.format(self) }
}
