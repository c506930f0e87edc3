/// The type of a persisted property's values, as stored in the schema.
public enum PropertyType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case bool = 1, int = 2, float = 3, double = 4, string = 5, data = 6, date = 7
    case decimal128 = 8, objectId = 9, uuid = 10, any = 11
    /// A link to another object (to-one, or the element type of a list, set or map).
    case object = 12
    /// Backlinks computed from another class's link property (`LinkingObjects`).
    case linkingObjects = 13

    public var description: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .decimal128: "decimal128"
        case .objectId: "objectId"
        case .uuid: "uuid"
        case .any: "mixed"
        case .object: "object"
        case .linkingObjects: "linkingObjects"
        }
    }

    /// Width of one value in a fixed-width column chunk, or nil for variable-width values.
    var fixedWidth: Int? {
        switch self {
        case .bool: 1
        case .int, .double, .date, .object: 8
        case .float: 4
        case .objectId: 12
        case .uuid: 16
        case .string, .data, .any, .linkingObjects, .decimal128: nil
        }
    }
}

/// Whether a property holds one value or a collection of them.
public enum CollectionKind: UInt8, Sendable, CustomStringConvertible {
    case none = 0, list = 1, set = 2, map = 3

    public var description: String {
        switch self {
        case .none: "single"
        case .list: "list"
        case .set: "set"
        case .map: "map"
        }
    }
}
