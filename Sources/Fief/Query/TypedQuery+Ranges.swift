// Ranges in a typed query, as RealmSwift writes them: `$0.age.contains(18..<65)` on plain and
// optional properties (nil is in no range).

extension Query {
    /// Matches values inside a half-open range (`>= lowerBound AND < upperBound`).
    ///
    /// ```swift
    /// realm.objects(Person.self).where { $0.age.contains(18..<65) }
    /// ```
    public func contains(_ range: Range<T>) -> Query<Bool> where T: Comparable {
        self >= range.lowerBound && self < range.upperBound
    }

    /// Matches non-nil values inside a half-open range.
    public func contains<Wrapped: Comparable>(_ range: Range<Wrapped>) -> Query<Bool> where T == Wrapped? {
        self >= range.lowerBound && self < range.upperBound
    }

    /// Matches non-nil values inside a closed range (`BETWEEN`).
    public func contains<Wrapped: Comparable>(_ range: ClosedRange<Wrapped>) -> Query<Bool> where T == Wrapped? {
        comparison(.between, [range.lowerBound, range.upperBound])
    }
}
