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
    enum Storage {
        case unset
        case unmanaged(Value)
        /// Managed: the index of the property in its class's declared properties.
        case managed(Int)
    }

    var storage: Storage
    let options: PersistedOptions

    /// A property with the type's default value (0, "", nil, an empty list, a new ObjectId...).
    public init() { storage = .unset; options = PersistedOptions() }
    /// A property with a default value.
    public init(wrappedValue: Value) { storage = .unmanaged(wrappedValue); options = PersistedOptions() }
    /// A property that is the class's primary key.
    public init(primaryKey: Bool) { storage = .unset; options = PersistedOptions(primaryKey: primaryKey) }
    /// A primary key property with a default value.
    public init(wrappedValue: Value, primaryKey: Bool) {
        storage = .unmanaged(wrappedValue); options = PersistedOptions(primaryKey: primaryKey)
    }
    /// A property with an index, which makes equality and `IN` queries on it fast.
    public init(indexed: Bool) { storage = .unset; options = PersistedOptions(indexed: indexed) }
    /// An indexed property with a default value.
    public init(wrappedValue: Value, indexed: Bool) {
        storage = .unmanaged(wrappedValue); options = PersistedOptions(indexed: indexed)
    }

    @available(*, unavailable, message: "@Persisted can only be used on properties of Object or EmbeddedObject")
    public var wrappedValue: Value {
        get { fatalError() }
        // swiftlint:disable:next unused_setter_value
        set { fatalError() }
    }

    /// The property's value, read from and written to the object's realm once it is managed.
    public static subscript<EnclosingSelf: ObjectBase>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Value {
        get {
            switch object[keyPath: storageKeyPath].storage {
            case .unmanaged(let value):
                return value
            case .unset:
                let value = Value._fiefDefault()
                object[keyPath: storageKeyPath].storage = .unmanaged(value)
                return value
            case .managed(let index):
                if let recorder = object._recorder {
                    return recorder.record(object, index, Value.self)
                }
                return Value._fiefRead(_PropertyAccess(object: object, index: index))
            }
        }
        set {
            if case .managed(let index) = object[keyPath: storageKeyPath].storage {
                do {
                    try newValue._fiefWrite(_PropertyAccess(object: object, index: index))
                } catch {
                    preconditionFailure("Cannot set \(type(of: object)).\(object._propertyName(index)): \(error)")
                }
            } else {
                object[keyPath: storageKeyPath].storage = .unmanaged(newValue)
            }
        }
    }
}

/// The options given to `@Persisted`.
struct PersistedOptions {
    var primaryKey = false
    var indexed = false
    var originProperty: String?
}

/// How the object store reaches the `@Persisted` fields of an object without the Objective-C
/// runtime: through their offsets in the instance, found once per class.
protocol PersistedField {
    static var valueShape: _PersistableShape { get }
    static func options(at field: UnsafeRawPointer) -> PersistedOptions
    /// The field's current unmanaged value as stored (the default when unset).
    static func storedValue(at field: UnsafeMutableRawPointer, _ context: _RealmContext?) throws -> StoredValue
    /// Replaces the field's storage with `.managed(index)`.
    static func makeManaged(at field: UnsafeMutableRawPointer, index: Int)
    /// Replaces the field's storage with an unmanaged value decoded from `value`.
    static func makeUnmanaged(at field: UnsafeMutableRawPointer, value: StoredValue, _ context: _RealmContext?)
    /// Whether the field is managed, and as which property index.
    static func managedIndex(at field: UnsafeRawPointer) -> Int?
    /// Stores `value` if it is a `Value` (or an array a collection `Value` can be made from).
    static func setUnmanagedAny(at field: UnsafeMutableRawPointer, _ value: Any?) -> Bool
}

extension Persisted: PersistedField {
    static var valueShape: _PersistableShape { Value._fiefShape }

    static func options(at field: UnsafeRawPointer) -> PersistedOptions {
        field.assumingMemoryBound(to: Persisted<Value>.self).pointee.options
    }

    static func storedValue(at field: UnsafeMutableRawPointer, _ context: _RealmContext?) throws -> StoredValue {
        let pointer = field.assumingMemoryBound(to: Persisted<Value>.self)
        switch pointer.pointee.storage {
        case .unmanaged(let value): return try value._fiefToStored(context).value
        case .unset:
            let value = Value._fiefDefault()
            pointer.pointee.storage = .unmanaged(value)
            return try value._fiefToStored(context).value
        case .managed: preconditionFailure("field is already managed")
        }
    }

    static func makeManaged(at field: UnsafeMutableRawPointer, index: Int) {
        field.assumingMemoryBound(to: Persisted<Value>.self).pointee.storage = .managed(index)
    }

    static func makeUnmanaged(at field: UnsafeMutableRawPointer, value: StoredValue, _ context: _RealmContext?) {
        field.assumingMemoryBound(to: Persisted<Value>.self).pointee.storage =
            .unmanaged(Value._fiefFromStored(_StoredBox(value: value), context))
    }

    static func setUnmanagedAny(at field: UnsafeMutableRawPointer, _ value: Any?) -> Bool {
        let pointer = field.assumingMemoryBound(to: Persisted<Value>.self)
        if let v = value as? Value {
            pointer.pointee.storage = .unmanaged(v)
            return true
        }
        if let items = value as? [Any], let make = Value.self as? any _ArrayInitializable.Type,
           let v = make._fiefFromArray(items) as? Value {
            pointer.pointee.storage = .unmanaged(v)
            return true
        }
        return false
    }

    static func managedIndex(at field: UnsafeRawPointer) -> Int? {
        if case .managed(let index) = field.assumingMemoryBound(to: Persisted<Value>.self).pointee.storage { return index }
        return nil
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
        storage = .unset
        options = PersistedOptions(originProperty: originProperty)
    }
}
