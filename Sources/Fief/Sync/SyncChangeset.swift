import Foundation

/// The identity of an object that is the same in every copy of a synced realm.
///
/// Objects of a class with a primary key are named by that key, so two devices that create the
/// same primary key create the same object. Objects of a class without one are named by a
/// ``GlobalKey`` given when they are created.
@_spi(Sync) public enum SyncObjectID: Hashable, Sendable, CustomStringConvertible {
    /// The object's primary key: `.int`, `.string`, `.objectId`, `.uuid` or `.null`.
    case primaryKey(SyncValue)
    /// The global key of an object of a class without a primary key.
    case global(GlobalKey)

    public var description: String {
        switch self {
        case .primaryKey(let v): "pk(\(v))"
        case .global(let g): "\(g)"
        }
    }
}

/// The global key of an object without a primary key: the identity of the client file that
/// created it and a sequence number local to that file. It never changes.
///
/// In a realm's own history, objects the file created itself before the server assigned it an
/// identity carry `fileIdent` 0 ("this file"); the history substitutes the assigned identity
/// when it uploads them (FORMAT.md, part II, "Sync history").
@_spi(Sync) public struct GlobalKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The client file identity the server assigned to the creating file, or 0 for "this file".
    public var fileIdent: UInt64
    /// The creating file's sequence number for the object's class.
    public var sequence: UInt64

    public init(fileIdent: UInt64, sequence: UInt64) {
        self.fileIdent = fileIdent
        self.sequence = sequence
    }

    public static func < (a: GlobalKey, b: GlobalKey) -> Bool {
        (a.fileIdent, a.sequence) < (b.fileIdent, b.sequence)
    }

    public var description: String { "\(fileIdent):\(sequence)" }
}

/// A value carried by a sync instruction.
///
/// Links name their target by class and ``SyncObjectID``; `embeddedObject` creates a new, empty
/// embedded object at the position it is written to (its properties follow as instructions
/// whose path goes through it).
@_spi(Sync) public enum SyncValue: Hashable, Sendable, CustomStringConvertible {
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
    indirect case link(className: String, object: SyncObjectID)
    case embeddedObject
    /// A list held by a mixed property (`AnyRealmValue.list`), its elements mixed values that
    /// may be lists and dictionaries in turn. A change inside it travels as a `set` of the
    /// whole property.
    case list([SyncValue])
    /// A dictionary held by a mixed property (`AnyRealmValue.dictionary`), as ``list(_:)``.
    case dictionary([String: SyncValue])

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let v): "\(v)"
        case .int(let v): "\(v)"
        case .float(let v): "\(v)f"
        case .double(let v): "\(v)"
        case .string(let v): "\"\(v)\""
        case .data(let v): "data(\(v.count))"
        case .date(let v): "date(\(v.timeIntervalSinceReferenceDate))"
        case .decimal(let v): "decimal(\(v))"
        case .objectId(let v): "oid(\(v))"
        case .uuid(let v): "uuid(\(v))"
        case .link(let c, let o): "\(c)[\(o)]"
        case .embeddedObject: "{embedded}"
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let entries): "{" + entries.keys.sorted().map { "\"\($0)\": \(entries[$0]!)" }.joined(separator: ", ") + "}"
        }
    }
}

/// One step of the path from an object to the property an instruction changes.
///
/// A path starts at a property of a top-level object and may go down through embedded objects:
/// `[.property("address"), .property("city")]`, or through a list or map of embedded objects:
/// `[.property("stops"), .index(2), .property("name")]`.
@_spi(Sync) public enum SyncPathElement: Hashable, Sendable, CustomStringConvertible {
    case property(String)
    case index(Int)
    case key(String)

    public var description: String {
        switch self {
        case .property(let p): ".\(p)"
        case .index(let i): "[\(i)]"
        case .key(let k): "[\"\(k)\"]"
        }
    }
}

/// What an instruction changes: a property (or a collection), reached from a top-level object
/// by a path. The last element of `path` is always `.property`.
@_spi(Sync) public struct SyncTarget: Hashable, Sendable, CustomStringConvertible {
    public var className: String
    public var object: SyncObjectID
    public var path: [SyncPathElement]

    public init(className: String, object: SyncObjectID, path: [SyncPathElement]) {
        self.className = className
        self.object = object
        self.path = path
    }

    /// A top-level property of an object.
    public init(className: String, object: SyncObjectID, property: String) {
        self.init(className: className, object: object, path: [.property(property)])
    }

    public var description: String { "\(className)[\(object)]" + path.map(\.description).joined() }
}

/// A property or class added to the schema, as changesets carry it.
@_spi(Sync) public struct SyncPropertySchema: Hashable, Sendable {
    public var name: String
    public var type: PropertyType
    public var collection: CollectionKind
    public var isOptional: Bool
    /// The target class of a link property.
    public var objectClassName: String?
    /// The property a `LinkingObjects` property follows backwards.
    public var linkOriginProperty: String?
    public var isPrimaryKey: Bool
    public var isIndexed: Bool

    public init(name: String, type: PropertyType, collection: CollectionKind = .none, isOptional: Bool = false,
                objectClassName: String? = nil, linkOriginProperty: String? = nil, isPrimaryKey: Bool = false, isIndexed: Bool = false) {
        self.name = name
        self.type = type
        self.collection = collection
        self.isOptional = isOptional
        self.objectClassName = objectClassName
        self.linkOriginProperty = linkOriginProperty
        self.isPrimaryKey = isPrimaryKey
        self.isIndexed = isIndexed
    }
}

/// One mutation of a synced realm, naming classes and properties by name and objects by
/// ``SyncObjectID``: the same instruction means the same thing on every device.
@_spi(Sync) public enum SyncInstruction: Hashable, Sendable, CustomStringConvertible {
    /// Adds a class (top-level, embedded or asymmetric) with its primary key, if any.
    /// Additive: adding a class that exists with the same kind and primary key changes nothing.
    case addClass(name: String, primaryKey: SyncPropertySchema?, isEmbedded: Bool, isAsymmetric: Bool = false)
    /// Adds a property to a class. Adding one that exists with the same type changes nothing.
    case addProperty(className: String, property: SyncPropertySchema)
    /// Creates an object with every property at its default (no-op if it exists).
    case createObject(className: String, object: SyncObjectID)
    /// Erases an object (and the embedded objects it owns); links to it are removed.
    case eraseObject(className: String, object: SyncObjectID)
    /// Sets a property. `isDefault` marks the values of a new object, which lose against any
    /// concurrent explicit set.
    case set(SyncTarget, SyncValue, isDefault: Bool)
    /// Adds `delta` to an integer property, with counter semantics: concurrent adds all count.
    case addInteger(SyncTarget, Int64)
    case listInsert(SyncTarget, index: Int, SyncValue)
    case listSet(SyncTarget, index: Int, SyncValue)
    case listMove(SyncTarget, from: Int, to: Int)
    case listErase(SyncTarget, index: Int)
    case setInsert(SyncTarget, SyncValue)
    case setErase(SyncTarget, SyncValue)
    case dictionaryInsert(SyncTarget, key: String, SyncValue)
    case dictionaryErase(SyncTarget, key: String)
    /// Removes every element of a list, set or dictionary.
    case clear(SyncTarget)

    /// The instruction's target property, for instructions that change one.
    public var target: SyncTarget? {
        switch self {
        case .addClass, .addProperty, .createObject, .eraseObject: nil
        case .set(let t, _, _), .addInteger(let t, _), .listInsert(let t, _, _), .listSet(let t, _, _), .listMove(let t, _, _),
             .listErase(let t, _), .setInsert(let t, _), .setErase(let t, _), .dictionaryInsert(let t, _, _),
             .dictionaryErase(let t, _), .clear(let t):
            t
        }
    }

    /// The class the instruction changes.
    public var className: String {
        switch self {
        case .addClass(let c, _, _, _), .addProperty(let c, _), .createObject(let c, _), .eraseObject(let c, _): c
        default: target!.className
        }
    }

    public var description: String {
        switch self {
        case let .addClass(n, pk, e, a): "addClass \(n)\(pk.map { " pk \($0.name)" } ?? "")\(e ? " embedded" : "")\(a ? " asymmetric" : "")"
        case let .addProperty(c, p): "addProperty \(c).\(p.name) \(p.type) \(p.collection)"
        case let .createObject(c, o): "create \(c)[\(o)]"
        case let .eraseObject(c, o): "erase \(c)[\(o)]"
        case let .set(t, v, d): "set \(t) = \(v)\(d ? " (default)" : "")"
        case let .addInteger(t, d): "add \(t) += \(d)"
        case let .listInsert(t, i, v): "listInsert \(t)[\(i)] = \(v)"
        case let .listSet(t, i, v): "listSet \(t)[\(i)] = \(v)"
        case let .listMove(t, f, to): "listMove \(t) \(f) -> \(to)"
        case let .listErase(t, i): "listErase \(t)[\(i)]"
        case let .setInsert(t, v): "setInsert \(t) \(v)"
        case let .setErase(t, v): "setErase \(t) \(v)"
        case let .dictionaryInsert(t, k, v): "dictionaryInsert \(t)[\"\(k)\"] = \(v)"
        case let .dictionaryErase(t, k): "dictionaryErase \(t)[\"\(k)\"]"
        case let .clear(t): "clear \(t)"
        }
    }
}

/// The instructions of one write transaction of a synced realm, in the order they happened.
@_spi(Sync) public struct SyncChangeset: Hashable, Sendable {
    public var instructions: [SyncInstruction]

    public init(_ instructions: [SyncInstruction] = []) { self.instructions = instructions }

    public var isEmpty: Bool { instructions.isEmpty }
}
