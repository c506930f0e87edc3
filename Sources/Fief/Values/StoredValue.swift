import Foundation

/// One property value as the object store handles it: what a column cell holds, what queries
/// compare and what changesets carry. Links carry the target's object key; the target class
/// comes from the property (or, in an `AnyRealmValue`, from `.anyLink`).
enum StoredValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Float)
    case double(Double)
    case string(String)
    case data([UInt8])
    case date(Date)
    case decimal(Decimal128)
    case objectId(ObjectId)
    case uuid(UUID)
    case link(UInt64)
    case anyLink(className: String, key: UInt64)
    /// The elements of a list, set or (as alternating key, value) map.
    case collection([StoredValue])
    /// A list held by a mixed value (`AnyRealmValue.list`); its elements are mixed values.
    case nestedList([StoredValue])
    /// A dictionary held by a mixed value (`AnyRealmValue.dictionary`): alternating key
    /// (`.string`) and value, keys distinct and ascending, as a map property's cell.
    case nestedMap([StoredValue])

    var isNull: Bool { if case .null = self { true } else { false } }

    /// The value as a number for arithmetic comparisons and aggregates, when it is one.
    var numeric: Double? {
        switch self {
        case .int(let v): Double(v)
        case .float(let v): Double(v)
        case .double(let v): v
        case .decimal(let d): NSDecimalNumber(decimal: d.decimalValue).doubleValue
        default: nil
        }
    }

    /// A short name of the value's kind, for error messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .decimal: "decimal128"
        case .objectId: "objectId"
        case .uuid: "uuid"
        case .link, .anyLink: "object"
        case .collection: "collection"
        case .nestedList: "list"
        case .nestedMap: "dictionary"
        }
    }
}

extension StoredValue {
    /// Total order used by sorting and by comparisons: null first, numbers by value across
    /// int/float/double/decimal, then each other kind by its natural order.
    static func compare(_ a: StoredValue, _ b: StoredValue) -> Int {
        switch (a, b) {
        case (.null, .null): return 0
        case (.null, _): return -1
        case (_, .null): return 1
        case let (.int(x), .int(y)): return x < y ? -1 : (x == y ? 0 : 1)
        case let (.string(x), .string(y)): return x < y ? -1 : (x == y ? 0 : 1)
        case let (.bool(x), .bool(y)): return x == y ? 0 : (!x ? -1 : 1)
        case let (.date(x), .date(y)): return x < y ? -1 : (x == y ? 0 : 1)
        case let (.objectId(x), .objectId(y)): return x < y ? -1 : (x == y ? 0 : 1)
        case let (.uuid(x), .uuid(y)):
            let l = withUnsafeBytes(of: x.uuid) { Array($0) }, r = withUnsafeBytes(of: y.uuid) { Array($0) }
            return l == r ? 0 : (l.lexicographicallyPrecedes(r) ? -1 : 1)
        case let (.data(x), .data(y)): return x == y ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
        case let (.decimal(x), .decimal(y)): return x < y ? -1 : (x == y ? 0 : 1)
        case let (.link(x), .link(y)): return x < y ? -1 : (x == y ? 0 : 1)
        default:
            if let x = a.numeric, let y = b.numeric { return x < y ? -1 : (x == y ? 0 : 1) }
            return a.kindRank < b.kindRank ? -1 : (a.kindRank == b.kindRank ? 0 : 1)
        }
    }

    private var kindRank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .int, .float, .double, .decimal: 2
        case .string: 3
        case .data: 4
        case .date: 5
        case .objectId: 6
        case .uuid: 7
        case .link, .anyLink: 8
        case .collection: 9
        case .nestedList: 10
        case .nestedMap: 11
        }
    }

    /// Equality as queries see it: numbers compare by value across numeric kinds.
    static func queryEqual(_ a: StoredValue, _ b: StoredValue) -> Bool {
        if a == b { return true }
        if case .int = a, case .int = b { return false }
        if case .decimal(let x) = a, case .decimal(let y) = b { return x == y }
        if let x = a.numeric, let y = b.numeric { return x == y }
        return false
    }
}
