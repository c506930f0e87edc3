/// The persisted shape of one object type: its class name and properties.
///
/// ```swift
/// let schema = realm.schema["Dog"]!
/// print(schema.properties.map(\.name))   // ["name", "age", "breed", "owner"]
/// ```
public struct ObjectSchema: Equatable, Sendable, CustomStringConvertible {
    /// The class name objects of this type are stored under.
    public let className: String
    /// The persisted properties, in declaration order.
    public internal(set) var properties: [Property]
    /// Whether objects of this type are embedded in a parent (no primary key, deleted with it).
    public let isEmbedded: Bool
    /// Whether objects of this type are asymmetric: written on a device and uploaded to the
    /// server only, never kept or read locally (see ``AsymmetricObject``).
    public let isAsymmetric: Bool
    /// The next column number to hand out (columns are never reused).
    var nextColumn: UInt16
    /// The Swift model class bound to this type, when there is one (see `objectClass`).
    var modelClass: ObjectBase.Type?

    init(className: String, properties: [Property], isEmbedded: Bool, isAsymmetric: Bool = false, nextColumn: UInt16? = nil) {
        self.className = className
        self.properties = properties
        self.isEmbedded = isEmbedded
        self.isAsymmetric = isAsymmetric
        self.nextColumn = nextColumn ?? (properties.map(\.column).max() ?? 0) + 1
    }

    /// The primary key property, if the type has one.
    public var primaryKeyProperty: Property? { properties.first { $0.isPrimary } }

    /// The property named `name`.
    public subscript(name: String) -> Property? { properties.first { $0.name == name } }

    public var description: String {
        "\(kindPrefix)class \(className) {\n"
            + properties.map { "    \($0)\n" }.joined() + "}"
    }
}

/// The set of object types a realm holds.
public struct Schema: Equatable, Sendable, CustomStringConvertible {
    /// Every object type, sorted by class name.
    public internal(set) var objectSchema: [ObjectSchema]

    init(_ types: [ObjectSchema]) { objectSchema = types.sorted { $0.className < $1.className } }

    /// The object type named `className`.
    public subscript(className: String) -> ObjectSchema? { objectSchema.first { $0.className == className } }

    public var description: String { objectSchema.map(\.description).joined(separator: "\n") }
}
