/// A descriptor after the predicate: `SORT(name ASC, age DESC)`, `DISTINCT(name)`, `LIMIT(10)`.
package enum QueryDescriptor: Equatable, Sendable {
    /// One or more sort keys, most significant first.
    case sort([SortKey])
    /// One or more key paths whose combination must be unique.
    case distinct([KeyPathExpression])
    /// At most this many results.
    case limit(Int)
}

/// One key of a `SORT(...)`.
package struct SortKey: Equatable, Sendable {
    package var keyPath: KeyPathExpression
    /// `ASC`/`ASCENDING` is true, `DESC`/`DESCENDING` false.
    package var ascending: Bool

    package init(_ keyPath: KeyPathExpression, ascending: Bool) {
        self.keyPath = keyPath
        self.ascending = ascending
    }
}
