extension Realm: Equatable {
    /// Whether two values are the same realm instance. With instance caching, two
    /// `try Realm(configuration:)` calls on one thread are equal; realms on other threads or
    /// actors, and frozen realms, are other instances.
    ///
    /// ```swift
    /// let a = try Realm(), b = try Realm()
    /// assert(a == b)
    /// ```
    public static func == (lhs: Realm, rhs: Realm) -> Bool { lhs === rhs }
}
