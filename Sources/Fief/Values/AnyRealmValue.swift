import Foundation

/// A property that can hold a value of any persistable type, a link to an object, or nothing.
///
/// ```swift
/// class Setting: Object { @Persisted var value: AnyRealmValue }
/// setting.value = .string("dark")
/// if let theme = setting.value.stringValue { apply(theme) }
/// ```
///
/// Like RealmSwift's, it is not `Sendable`: `.object` holds a live object, which belongs to
/// its realm's thread or actor.
public enum AnyRealmValue: Hashable {
    case none
    case int(Int)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Date)
    /// A link to a top-level object (not an `EmbeddedObject`). Storing it adds an unmanaged
    /// object to the realm; deleting the object makes the value `.none`.
    case object(Object)
    case objectId(ObjectId)
    case decimal128(Decimal128)
    case uuid(UUID)
    /// A list of mixed values, each of which may be a list or dictionary in turn. Read from a
    /// managed object it is live: change it inside a write transaction to change the property.
    ///
    /// ```swift
    /// try realm.write { setting.value.listValue?.append(.string("new")) }
    /// ```
    case list(List<AnyRealmValue>)
    /// A dictionary from strings to mixed values, each of which may be a list or dictionary in
    /// turn. Read from a managed object it is live, as ``list(_:)`` is.
    case dictionary(Map<String, AnyRealmValue>)

    /// `.none`, the value of a property that was never set.
    public init() { self = .none }

    /// The integer held, or nil for any other case.
    public var intValue: Int? { if case .int(let v) = self { v } else { nil } }
    /// The Boolean held, or nil for any other case.
    public var boolValue: Bool? { if case .bool(let v) = self { v } else { nil } }
    /// The `Float` held, or nil for any other case (a `.double` is not converted).
    public var floatValue: Float? { if case .float(let v) = self { v } else { nil } }
    /// The `Double` held, or nil for any other case (a `.float` is not converted).
    public var doubleValue: Double? { if case .double(let v) = self { v } else { nil } }
    /// The string held, or nil for any other case.
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    /// The data held, or nil for any other case.
    public var dataValue: Data? { if case .data(let v) = self { v } else { nil } }
    /// The date held, or nil for any other case.
    public var dateValue: Date? { if case .date(let v) = self { v } else { nil } }
    /// The `ObjectId` held, or nil for any other case.
    public var objectIdValue: ObjectId? { if case .objectId(let v) = self { v } else { nil } }
    /// The `Decimal128` held, or nil for any other case.
    public var decimal128Value: Decimal128? { if case .decimal128(let v) = self { v } else { nil } }
    /// The `UUID` held, or nil for any other case.
    public var uuidValue: UUID? { if case .uuid(let v) = self { v } else { nil } }

    /// The object held, if it is a `T`; nil for other cases and other classes.
    ///
    /// ```swift
    /// if let dog = pet.value.object(Dog.self) { print(dog.name) }
    /// ```
    public func object<T: Object>(_ objectType: T.Type) -> T? {
        if case .object(let o) = self { o as? T } else { nil }
    }

    /// The object held, as a ``DynamicObject`` read by property name; nil for other cases and
    /// for an object that is not managed by a realm.
    public var dynamicObject: DynamicObject? {
        guard case .object(let o) = self, let state = o._managed else { return nil }
        return DynamicObject(realm: state.rowRealm, binding: state.rowTable, key: state.rowKey)
    }

    /// Values of the same case are equal when their payloads are; objects when they are the
    /// same instance or the same managed object; lists and dictionaries when their elements
    /// (and keys) are, managed or not.
    public static func == (lhs: AnyRealmValue, rhs: AnyRealmValue) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): true
        case let (.int(a), .int(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case let (.float(a), .float(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.data(a), .data(b)): a == b
        case let (.date(a), .date(b)): a == b
        case let (.object(a), .object(b)): a.refersToSameObject(as: b)
        case let (.objectId(a), .objectId(b)): a == b
        case let (.decimal128(a), .decimal128(b)): a == b
        case let (.uuid(a), .uuid(b)): a == b
        case let (.list(a), .list(b)): a.elements() == b.elements()
        case let (.dictionary(a), .dictionary(b)): a.pairs().elementsEqual(b.pairs()) { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// Hashes the payload (an object by its class and key once managed, by identity before),
    /// consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .none: hasher.combine(0)
        case .int(let v): hasher.combine(v)
        case .bool(let v): hasher.combine(v)
        case .float(let v): hasher.combine(v)
        case .double(let v): hasher.combine(v)
        case .string(let v): hasher.combine(v)
        case .data(let v): hasher.combine(v)
        case .date(let v): hasher.combine(v)
        case .object(let o):
            if let state = o._managed {
                hasher.combine(state.rowTable.className)
                hasher.combine(state.rowKey)
            } else {
                hasher.combine(ObjectIdentifier(o))
            }
        case .objectId(let v): hasher.combine(v)
        case .decimal128(let v): hasher.combine(v)
        case .uuid(let v): hasher.combine(v)
        case .list(let l): hasher.combine(l.elements())
        case .dictionary(let d):
            for (key, value) in d.pairs() {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }
}

extension AnyRealmValue {
    /// The stored form; `.object` needs `context` (the realm it is linked from), which adds an
    /// unmanaged object to that realm.
    func stored(_ context: _RealmContext?, depth: Int = 0) throws -> StoredValue {
        switch self {
        case .none: .null
        case .int(let v): .int(Int64(v))
        case .bool(let v): .bool(v)
        case .float(let v): .float(v)
        case .double(let v): .double(v)
        case .string(let v): .string(v)
        case .data(let v): .data(Array(v))
        case .date(let v): .date(v)
        case .object(let o): try Self.link(o, context)
        case .objectId(let v): .objectId(v)
        case .decimal128(let v): .decimal(v)
        case .uuid(let v): .uuid(v)
        case .list(let l): try Self.nestedList(l, context, depth)
        case .dictionary(let d): try Self.nestedMap(d, context, depth)
        }
    }

    private static func link(_ object: Object, _ context: _RealmContext?) throws -> StoredValue {
        guard let realm = context?.realm else { throw RealmError.invalidValue("an AnyRealmValue object link needs a realm") }
        return .anyLink(className: type(of: object).className(), key: try realm.keyForLinking(object))
    }

    /// The value for a stored cell; a link resolves in `context` to an object of its class
    /// (`.none` without a realm, or for a class this program does not declare).
    init(stored: StoredValue, _ context: _RealmContext?) {
        switch stored {
        case .int(let v): self = .int(Int(v))
        case .bool(let v): self = .bool(v)
        case .float(let v): self = .float(v)
        case .double(let v): self = .double(v)
        case .string(let v): self = .string(v)
        case .data(let v): self = .data(Data(v))
        case .date(let v): self = .date(v)
        case .objectId(let v): self = .objectId(v)
        case .decimal(let v): self = .decimal128(v)
        case .uuid(let v): self = .uuid(v)
        case .anyLink(let name, let key):
            guard let realm = context?.realm, let binding = realm.binding(named: name),
                  let object = binding.info?.instantiate(realm: realm, table: binding, key: key) as? Object else {
                self = .none
                return
            }
            self = .object(object)
        case .nestedList(let items): self = .fromArray(items.map { AnyRealmValue(stored: $0, context) })
        case .nestedMap(let items):
            self = .fromDictionary(Dictionary(Realm.mapEntries(items).map { ($0.0, AnyRealmValue(stored: $0.1, context)) }, uniquingKeysWith: { $1 }))
        default: self = .none
        }
    }
}

extension AnyRealmValue: _Persistable {
    public static var _fiefShape: _PersistableShape { _PersistableShape(type: .any, isOptional: true) }
    public static func _fiefDefault() -> Self { .none }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self { AnyRealmValue(stored: box.value, context) }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox { _StoredBox(value: try stored(context)) }

    /// Reads a managed mixed property: a list or dictionary it holds is live.
    public static func _fiefRead(_ access: _PropertyAccess) -> AnyRealmValue {
        let stored = access.readStored()
        guard stored.isNestedCollection else { return AnyRealmValue(stored: stored, _RealmContext(realm: access.realm)) }
        return AnyRealmValue(nestedAt: .mixed(access.object, access.column, holding: stored))
    }
}
