extension Property {
    /// Whether the property is a list (`List<T>`).
    public var isArray: Bool { collection == .list }

    /// Whether the property is a set (`MutableSet<T>`).
    public var isSet: Bool { collection == .set }

    /// Whether the property is a map (`Map<String, T>`).
    public var isMap: Bool { collection == .map }

    /// Whether two properties have the same definition: name (Swift and persisted), type, collection kind,
    /// optionality, linked class, backlink origin, primary key and index. Where the file
    /// happens to keep the values is not compared, so a property of one file equals the same
    /// property declared in another.
    public static func == (lhs: Property, rhs: Property) -> Bool {
        lhs.sameDefinition(as: rhs)
    }

    /// The same definition, stored in the same column (what a schema written to the file must match).
    func isStoredIdentically(to other: Property) -> Bool {
        sameDefinition(as: other) && column == other.column
    }
}
