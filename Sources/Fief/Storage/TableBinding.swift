import FiefStorage
import Foundation

/// A stored property's file column and its position in a row (and in ``TableBinding/columns``).
struct StoredSlot {
    let column: UInt16
    let position: Int
}

/// One class of a realm's file schema, bound to the Swift class that models it (if any):
/// which storage trees hold it and which file column each property uses.
final class TableBinding {
    let schema: ObjectSchema
    let info: ClassInfo?
    /// The Swift class bound (`info.type`), compared without retaining the class info.
    let modelType: ObjectIdentifier?
    /// The tree of column chunks, keyed by cluster start and column (FORMAT.md, "Clusters").
    let clusterTree: String
    /// Stored and backlink properties, in schema order.
    let columns: [ColumnBinding]
    /// `columns` indexed by the Swift class's property index (nil entries never happen for a
    /// validated binding).
    let swiftColumns: [ColumnBinding]
    let primaryKey: ColumnBinding?
    /// Whether object keys are derived from a non-optional Int primary key (no index tree).
    let keyIsPrimaryKey: Bool
    /// A small process-wide number for the class name, to key per-class caches cheaply.
    let tableID: Int
    /// The Swift property index of the primary key, when bound to a Swift class.
    let primaryKeySwiftIndex: Int?
    /// Positions of file properties the Swift class does not declare (they get defaults).
    let unmodelledPositions: [Int]
    /// Whether the Swift class declares exactly the file's columns, in their order: the
    /// values of its properties are a row as they are.
    let rowIsInSwiftOrder: Bool
    /// The Swift property indices whose value may not be nil (stored, non-optional, neither a
    /// collection, a link nor `AnyRealmValue`) and whose unmanaged value might still read as
    /// nil, checked when an object is added. A non-optional `Int`, `Double`, `String` or `Bool`
    /// always reads as a value, so its check is left out (42 instructions an object added, in
    /// O14's four-property class).
    let requiredSwiftIndices: [Int]
    /// The stored columns (not backlinks) as plain numbers, for the loops run on every insert.
    let storedSlots: [StoredSlot]
    /// The columns with an index tree.
    let indexedColumns: [ColumnBinding]
    private let byName: [String: ColumnBinding]
    /// Columns by persisted name, for a class whose `propertiesMapping()` renames some (nil
    /// otherwise: `byName` serves both).
    private let byColumnName: [String: ColumnBinding]?

    init(schema: ObjectSchema, info: ClassInfo?) {
        self.schema = schema
        self.info = info
        modelType = info.map { ObjectIdentifier($0.type) }
        clusterTree = "c." + schema.className
        tableID = TableIDs.shared.id(for: schema.className)
        var bindings: [ColumnBinding] = []
        for (position, p) in schema.properties.enumerated() {
            bindings.append(ColumnBinding(property: p, position: position,
                                          indexTree: p.isIndexed && !(p.isPrimary && p.type == .int && !p.isOptional)
                                              ? "i.\(schema.className).\(p.column)" : nil))
        }
        columns = bindings
        storedSlots = bindings.filter(\.property.isStored).map { StoredSlot(column: $0.column, position: $0.position) }
        indexedColumns = bindings.filter { $0.indexTree != nil }
        var names: [String: ColumnBinding] = [:]
        for b in bindings { names[b.property.name] = b }
        byName = names
        byColumnName = bindings.contains { $0.property.columnName != $0.property.name }
            ? Dictionary(bindings.map { ($0.property.columnName, $0) }, uniquingKeysWith: { first, _ in first }) : nil
        swiftColumns = info?.properties.map { names[$0.name]! } ?? []
        primaryKey = bindings.first { $0.property.isPrimary }
        primaryKeySwiftIndex = primaryKey.flatMap { pk in info?.propertyIndex(pk.property.name) }
        unmodelledPositions = info.map { info in bindings.filter { info.propertyIndex($0.property.name) == nil }.map(\.position) } ?? []
        keyIsPrimaryKey = primaryKey.map { $0.property.type == .int && !$0.property.isOptional } ?? false
        rowIsInSwiftOrder = unmodelledPositions.isEmpty && swiftColumns.count == bindings.count
            && swiftColumns.enumerated().allSatisfy { $0.element.position == $0.offset }
        requiredSwiftIndices = info?.properties.indices.filter {
            info!.properties[$0].isRequiredValue && info!.unmanagedValueMayBeNull($0)
        } ?? []
    }

    var className: String { schema.className }
    var isEmbedded: Bool { schema.isEmbedded }

    /// The column of the property named `name` in Swift (the realm's schema names).
    func column(named name: String) -> ColumnBinding? { byName[name] }

    /// The column of the property persisted as `name` (the names of the file, changesets and sync).
    func column(persisted name: String) -> ColumnBinding? { byColumnName.map { $0[name] } ?? byName[name] }

    /// The object key for an Int primary key: the sign bit flipped so keys sort like the ints.
    static func key(forIntPrimaryKey pk: Int64) -> UInt64 { UInt64(bitPattern: pk) ^ (1 << 63) }

    /// The Int primary key an object key was made from (the inverse of ``key(forIntPrimaryKey:)``).
    static func intPrimaryKey(forKey key: UInt64) -> Int64 { Int64(bitPattern: key ^ (1 << 63)) }
}

/// One property of a bound class.
final class ColumnBinding {
    let property: Property
    /// Position in the schema's property list.
    let position: Int
    /// The index tree, for indexed properties that need one.
    let indexTree: String?
    /// The value a row has when its column chunk does not exist.
    let defaultValue: StoredValue
    let column: UInt16
    let type: PropertyType
    let collection: CollectionKind

    init(property: Property, position: Int, indexTree: String?) {
        self.property = property
        self.position = position
        self.indexTree = indexTree
        column = property.column
        type = property.type
        collection = property.collection
        defaultValue = Self.defaultValue(for: property)
    }

    /// The value a row has when its column chunk does not exist (added by a migration).
    private static func defaultValue(for property: Property) -> StoredValue {
        if property.collection != .none { return .collection([]) }
        if property.isOptional || property.type == .object || property.type == .any { return .null }
        switch property.type {
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .float: return .float(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .data: return .data([])
        case .date: return .date(.init(timeIntervalSince1970: 0))
        case .decimal128: return .decimal(0)
        case .objectId: return .objectId(ObjectId())
        case .uuid: return .uuid(.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        default: return .null
        }
    }
}

/// Keys of the cluster tree: cluster start (8 bytes big-endian) then column (2 bytes big-endian).
enum ClusterKey {
    static func make(_ start: UInt64, _ column: UInt16) -> [UInt8] {
        var k = [UInt8](repeating: 0, count: 10)
        for i in 0..<8 { k[i] = UInt8(truncatingIfNeeded: start >> (56 - 8 * UInt64(i))) }
        k[8] = UInt8(column >> 8); k[9] = UInt8(column & 0xFF)
        return k
    }

    /// Calls `body` with the 10-byte key, built on the stack.
    @inline(__always)
    static func with<R>(_ start: UInt64, _ column: UInt16, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var key: (UInt64, UInt16) = (start.bigEndian, column.bigEndian)
        return try withUnsafeBytes(of: &key) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<10])) }
    }

    /// Calls `body` with the 8 bytes that begin every key of cluster `start`.
    static func withPrefix<R>(_ start: UInt64, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(of: start.bigEndian, body)
    }

    static func start(_ key: UnsafeRawBufferPointer) -> UInt64? {
        guard key.count == 10 else { return nil }
        var s: UInt64 = 0
        for i in 0..<8 { s = s << 8 | UInt64(key[i]) }
        return s
    }

    static func column(_ key: UnsafeRawBufferPointer) -> UInt16 { UInt16(key[8]) << 8 | UInt16(key[9]) }

    static func bigEndian(_ k: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: k >> (56 - 8 * UInt64($0))) } }
}

/// Interned class names: a small integer per name for the process.
final class TableIDs: @unchecked Sendable {
    static let shared = TableIDs()
    private let lock = NSLock()
    private var ids: [String: Int] = [:]

    func id(for name: String) -> Int {
        lock.lock(); defer { lock.unlock() }
        if let id = ids[name] { return id }
        let id = ids.count
        ids[name] = id
        return id
    }
}
