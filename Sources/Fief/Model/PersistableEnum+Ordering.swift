extension PersistableEnum where RawValue: Comparable {
    /// Orders cases by their raw values, the order in which the realm sorts a property of the enum.
    ///
    /// ```swift
    /// enum Priority: Int, PersistableEnum { case low = 1, high = 3 }
    /// Priority.low < Priority.high   // true
    /// ```
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
