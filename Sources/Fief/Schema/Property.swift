/// One persisted property of an object type, as the realm's schema records it.
public struct Property: Equatable, Sendable, CustomStringConvertible {
    /// The property's name: the Swift property name for a model class (what queries, sorts,
    /// key-value coding and observation use). See `columnName` for the name in the file.
    public let name: String
    /// The name the property is persisted under in the file and sent to sync: `name` unless the
    /// class's `propertiesMapping()` maps it to another.
    public let columnName: String
    /// The type of its values (for collections, of the elements).
    public let type: PropertyType
    /// Whether the property is a list, set or map of values.
    public let collection: CollectionKind
    /// Whether the values may be nil.
    public let isOptional: Bool
    /// The linked class for `.object` and `.linkingObjects` properties.
    public let objectClassName: String?
    /// For `.linkingObjects`, the property of `objectClassName` that links here.
    public let linkOriginPropertyName: String?
    /// Whether this is the class's primary key.
    public let isPrimary: Bool
    /// Whether equality lookups on this property use an index.
    public let isIndexed: Bool
    /// The property's column in the file (assigned once, never reused). 0 until stored.
    var column: UInt16

    init(name: String, type: PropertyType, collection: CollectionKind = .none, isOptional: Bool = false,
         objectClassName: String? = nil, linkOriginPropertyName: String? = nil,
         isPrimary: Bool = false, isIndexed: Bool = false, column: UInt16 = 0, columnName: String? = nil) {
        self.name = name
        self.columnName = columnName ?? name
        self.type = type
        self.collection = collection
        self.isOptional = isOptional
        self.objectClassName = objectClassName
        self.linkOriginPropertyName = linkOriginPropertyName
        self.isPrimary = isPrimary
        self.isIndexed = isIndexed || isPrimary
        self.column = column
    }

    /// The same property with or without an index.
    func withIndex(_ indexed: Bool) -> Property {
        Property(name: name, type: type, collection: collection, isOptional: isOptional, objectClassName: objectClassName,
                 linkOriginPropertyName: linkOriginPropertyName, isPrimary: isPrimary, isIndexed: indexed, column: column,
                 columnName: columnName)
    }

    /// The same property under another name (Swift and persisted), or with another backlink origin.
    func renamed(_ newName: String, columnName newColumnName: String? = nil, linkOrigin: String? = nil) -> Property {
        Property(name: newName, type: type, collection: collection, isOptional: isOptional, objectClassName: objectClassName,
                 linkOriginPropertyName: linkOrigin ?? linkOriginPropertyName, isPrimary: isPrimary, isIndexed: isIndexed,
                 column: column, columnName: newColumnName ?? newName)
    }

    /// Whether the property has a column in the object's cluster (backlinks do not).
    var isStored: Bool { type != .linkingObjects }

    /// The same property definition ignoring the column it happens to be stored in.
    func sameDefinition(as other: Property) -> Bool {
        name == other.name && columnName == other.columnName && type == other.type && collection == other.collection
            && isOptional == other.isOptional && objectClassName == other.objectClassName
            && linkOriginPropertyName == other.linkOriginPropertyName && isPrimary == other.isPrimary
            && isIndexed == other.isIndexed
    }

    /// A readable type, such as `string?`, `list<Dog>` or `int (primary key)`.
    public var typeDescription: String {
        var base = type == .object || type == .linkingObjects ? "\(objectClassName ?? "?")" : type.description
        if type == .linkingObjects { base = "linkingObjects<\(base).\(linkOriginPropertyName ?? "?")>" }
        switch collection {
        case .none: if isOptional { base += "?" }
        case .list: base = "list<\(base)\(isOptional ? "?" : "")>"
        case .set: base = "set<\(base)\(isOptional ? "?" : "")>"
        case .map: base = "map<string, \(base)\(isOptional ? "?" : "")>"
        }
        if isPrimary { base += " (primary key)" } else if isIndexed { base += " (indexed)" }
        return base
    }

    public var description: String {
        "\(name)\(columnName == name ? "" : " (persisted as \(columnName))"): \(typeDescription)"
    }
}

extension Property {
    /// Whether a value must be given: a stored, non-optional property that is neither a
    /// collection, a link nor `AnyRealmValue` (whose nil is a value).
    var isRequiredValue: Bool {
        isStored && !isOptional && collection == .none && type != .object && type != .any
    }
}
