/// Declares a persisted property of an `Object` or `EmbeddedObject`.
///
/// ```swift
/// class Dog: Object {
///     @Persisted(primaryKey: true) var _id: ObjectId
///     @Persisted var name = ""
///     @Persisted(indexed: true) var age = 0
///     @Persisted var breed: String?
///     @Persisted var owner: Person?
/// }
/// ```
///
/// Before the object is added to a realm the property is a plain stored value. Once the object
/// is managed, reading returns the realm's current value and writing (inside a write
/// transaction) persists it.
@propertyWrapper
public struct Persisted<Value: _Persistable> {
    // The order of the fields keeps each property small: the value first, then the two small
    // fields in its tail padding (an `Int` property takes 16 bytes, a `String` one 24).
    /// The unmanaged value; nil until set (the type's default is used on first read).
    @usableFromInline var value: Value?
    /// Primary key and index, as declared; one byte, so that every object's fields stay small
    /// (a backlinks property keeps its origin property in its unmanaged `value`).
    @usableFromInline let flags: PersistedFlags
    /// -1 while the object is unmanaged; once it is managed, the index of the property in its
    /// class's declared properties. The object store writes it in place, at
    /// ``PersistedField/managedIndexOffset``.
    @usableFromInline var managedIndex: Int16 = -1

    /// A property with the type's default value (0, "", nil, an empty list, a new ObjectId...).
    @inlinable public init() { flags = [] }
    /// A property with a default value.
    @inlinable public init(wrappedValue: Value) { value = wrappedValue; flags = [] }
    /// A property that is the class's primary key.
    @inlinable public init(primaryKey: Bool) { flags = primaryKey ? .primaryKey : [] }
    /// A primary key property with a default value.
    @inlinable public init(wrappedValue: Value, primaryKey: Bool) {
        value = wrappedValue; flags = primaryKey ? .primaryKey : []
    }
    /// A property with an index, which makes equality and `IN` queries on it fast.
    @inlinable public init(indexed: Bool) { flags = indexed ? .indexed : [] }
    /// An indexed property with a default value.
    @inlinable public init(wrappedValue: Value, indexed: Bool) {
        value = wrappedValue; flags = indexed ? .indexed : []
    }

    @available(*, unavailable, message: "@Persisted can only be used on properties of Object, EmbeddedObject or AsymmetricObject")
    public var wrappedValue: Value {
        get { fatalError() }
        // swiftlint:disable:next unused_setter_value
        set { fatalError() }
    }

    /// The property's value, read from and written to the object's realm once it is managed.
    @inlinable
    public static subscript<EnclosingSelf: ObjectBase>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Value {
        // Always inlined into the property's own accessor, where the key paths are constants
        // and compile to direct field accesses; called out of line, each read projected the
        // key path at run time (about 1,000 instructions).
        @inline(__always) get {
            let index = Int(object[keyPath: storageKeyPath].managedIndex)
            if index >= 0 {
                if let recorder = object._recorder { return recorder.record(object, index, Value.self) }
                return Value._fiefRead(_PropertyAccess(object: object, index: index))
            }
            if let value = object[keyPath: storageKeyPath].value { return value }
            let value = Value._fiefDefault()
            object[keyPath: storageKeyPath].value = value
            return value
        }
        @inline(__always) set {
            let index = Int(object[keyPath: storageKeyPath].managedIndex)
            if index >= 0 {
                _PropertyAccess(object: object, index: index).set(newValue)
            } else {
                object[keyPath: storageKeyPath].value = newValue
            }
        }
    }
}

/// The options `@Persisted` stores in each field: primary key and index.
@usableFromInline
struct PersistedFlags: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8
    @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
    @usableFromInline static let primaryKey = PersistedFlags(rawValue: 1)
    @usableFromInline static let indexed = PersistedFlags(rawValue: 2)
}

/// The options given to `@Persisted`, as class discovery reads them.
struct PersistedOptions {
    var primaryKey = false
    var indexed = false
    var originProperty: String?

    init(primaryKey: Bool = false, indexed: Bool = false, originProperty: String? = nil) {
        self.primaryKey = primaryKey
        self.indexed = indexed
        self.originProperty = originProperty
    }
}

/// How the object store reaches the `@Persisted` fields of an object without the Objective-C
/// runtime: through their offsets in the instance, found once per class.
protocol PersistedField {
    static var valueShape: _PersistableShape { get }
    static func options(at field: UnsafeRawPointer) -> PersistedOptions
    /// The field's current unmanaged value as stored (the default when unset).
    static func storedValue(at field: UnsafeMutableRawPointer, valueOffset: Int, _ context: _RealmContext?) throws -> StoredValue
    /// Where the unmanaged value sits inside the field.
    static var valueOffset: Int { get }
    /// Where the property's index (an `Int16`, -1 while unmanaged) sits inside the field, or
    /// nil for a field that is bound instead (``BoxedPersistedField``).
    static var managedIndexOffset: Int? { get }
    /// Forgets the unmanaged value (once the object is managed it is never read again).
    static func clearValue(at field: UnsafeMutableRawPointer)
    /// Replaces the field's storage with an unmanaged value decoded from `value`.
    static func makeUnmanaged(at field: UnsafeMutableRawPointer, value: StoredValue, _ context: _RealmContext?)
    /// Stores `value` if it is a `Value` (or an array a collection `Value` can be made from).
    static func setUnmanagedAny(at field: UnsafeMutableRawPointer, _ value: Any?) -> Bool
}

extension Persisted: PersistedField {
    static var valueShape: _PersistableShape { Value._fiefShape }

    static func options(at field: UnsafeRawPointer) -> PersistedOptions {
        let persisted = field.assumingMemoryBound(to: Persisted<Value>.self).pointee
        return PersistedOptions(primaryKey: persisted.flags.contains(.primaryKey), indexed: persisted.flags.contains(.indexed),
                                originProperty: (persisted.value as? any LinkingObjectsProtocol)?._fiefOriginProperty)
    }

    static func storedValue(at field: UnsafeMutableRawPointer, valueOffset: Int, _ context: _RealmContext?) throws -> StoredValue {
        if let stored = try Value._fiefStoredValue(at: UnsafeRawPointer(field + valueOffset), context) { return stored.value }
        return try storeDefault(at: field, context)
    }

    /// Sets an unset field to its type's default and returns that, stored. Kept out of
    /// `storedValue`, whose entry would otherwise look up `Value?`'s metadata on every call
    /// (about 2,000 instructions on Linux) for this rare path.
    @inline(never)
    private static func storeDefault(at field: UnsafeMutableRawPointer, _ context: _RealmContext?) throws -> StoredValue {
        let pointer = field.assumingMemoryBound(to: Persisted<Value>.self)
        let value = Value._fiefDefault()
        pointer.pointee.value = value
        return try value._fiefToStored(context).value
    }

    static var valueOffset: Int { MemoryLayout<Persisted<Value>>.offset(of: \Persisted<Value>.value)! }

    static var managedIndexOffset: Int? { MemoryLayout<Persisted<Value>>.offset(of: \Persisted<Value>.managedIndex)! }

    static func makeUnmanaged(at field: UnsafeMutableRawPointer, value: StoredValue, _ context: _RealmContext?) {
        field.assumingMemoryBound(to: Persisted<Value>.self).pointee.value = Value._fiefFromStored(_StoredBox(value: value), context)
    }

    static func clearValue(at field: UnsafeMutableRawPointer) {
        field.assumingMemoryBound(to: Persisted<Value>.self).pointee.value = nil
    }

    static func setUnmanagedAny(at field: UnsafeMutableRawPointer, _ value: Any?) -> Bool {
        let pointer = field.assumingMemoryBound(to: Persisted<Value>.self)
        if let v = value as? Value {
            pointer.pointee.value = v
            return true
        }
        if let items = value as? [Any], let make = Value.self as? any _ArrayInitializable.Type,
           let v = make._fiefFromArray(items) as? Value {
            pointer.pointee.value = v
            return true
        }
        return false
    }

}

extension Persisted where Value: LinkingObjectsProtocol {
    /// A backlinks property: the objects of `Value.Element` whose `originProperty` links here.
    ///
    /// ```swift
    /// class Dog: Object {
    ///     @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
    /// }
    /// ```
    public init(originProperty: String) {
        flags = []
        value = Value(fromType: Value.Element.self, property: originProperty)
    }
}
