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

    /// Values of the same kind with equal payloads; a `Float` or `Double` NaN equals a NaN of
    /// its kind. This is what a set's members are told apart by, and what a write compares
    /// with the stored value: a set holds one NaN, and removing NaN (on this copy or, through
    /// sync, on another) finds it. Queries compare with ``queryEqual(_:_:)`` instead.
    static func == (lhs: StoredValue, rhs: StoredValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.float(a), .float(b)): a == b || a.isNaN && b.isNaN
        case let (.double(a), .double(b)): a == b || a.isNaN && b.isNaN
        case let (.string(a), .string(b)): a == b
        case let (.data(a), .data(b)): a == b
        case let (.date(a), .date(b)): a == b
        case let (.decimal(a), .decimal(b)): a == b
        case let (.objectId(a), .objectId(b)): a == b
        case let (.uuid(a), .uuid(b)): a == b
        case let (.link(a), .link(b)): a == b
        case let (.anyLink(c, a), .anyLink(d, b)): a == b && c == d
        case let (.collection(a), .collection(b)), let (.nestedList(a), .nestedList(b)), let (.nestedMap(a), .nestedMap(b)): a == b
        default: false
        }
    }

    /// Hashes the kind and the payload, consistently with `==` (every NaN of a kind alike).
    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let v): hasher.combine(1); hasher.combine(v)
        case .int(let v): hasher.combine(2); hasher.combine(v)
        case .float(let v): hasher.combine(3); if !v.isNaN { hasher.combine(v) }
        case .double(let v): hasher.combine(4); if !v.isNaN { hasher.combine(v) }
        case .string(let v): hasher.combine(5); hasher.combine(v)
        case .data(let v): hasher.combine(6); hasher.combine(v)
        case .date(let v): hasher.combine(7); hasher.combine(v)
        case .decimal(let v): hasher.combine(8); hasher.combine(v)
        case .objectId(let v): hasher.combine(9); hasher.combine(v)
        case .uuid(let v): hasher.combine(10); hasher.combine(v)
        case .link(let v): hasher.combine(11); hasher.combine(v)
        case let .anyLink(className, key): hasher.combine(12); hasher.combine(className); hasher.combine(key)
        case .collection(let v): hasher.combine(13); hasher.combine(v)
        case .nestedList(let v): hasher.combine(14); hasher.combine(v)
        case .nestedMap(let v): hasher.combine(15); hasher.combine(v)
        }
    }

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
