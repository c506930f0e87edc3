/// `SortDescriptor` as RealmSwift has it: reversible, comparable, describable and written as
/// a string literal naming the key path (ascending).
///
/// ```swift
/// let byAge: SortDescriptor = "age"
/// let results = realm.objects(Dog.self).sorted(by: [byAge.reversed(), "name"])
/// ```
extension SortDescriptor: Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// A sort by the property a Swift key path names (through to-one links), as
    /// `sorted(by: \.age)` sorts: `SortDescriptor(keyPath: \Dog.age, ascending: false)`.
    public init<Root: ObjectBase>(keyPath: PartialKeyPath<Root>, ascending: Bool = true) {
        self.init(keyPath: Root._fiefPropertyNames(keyPath).joined(separator: "."), ascending: ascending)
    }

    /// The same key path in the other direction.
    public func reversed() -> SortDescriptor { SortDescriptor(keyPath: keyPath, ascending: !ascending) }

    /// `SortDescriptor(keyPath: "name", direction: ascending)`.
    public var description: String {
        "SortDescriptor(keyPath: \(keyPath), direction: \(ascending ? "ascending" : "descending"))"
    }

    /// Whether both sort by the same key path in the same direction.
    public static func == (lhs: SortDescriptor, rhs: SortDescriptor) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.ascending == rhs.ascending
    }

    /// The literal's type.
    public typealias UnicodeScalarLiteralType = StringLiteralType
    /// The literal's type.
    public typealias ExtendedGraphemeClusterLiteralType = StringLiteralType

    /// An ascending sort by the key path the literal names.
    public init(stringLiteral value: StringLiteralType) { self.init(keyPath: value) }
}
