import Foundation

/// The shape of a persistable type: what the schema records for a property of this type.
/// Part of the `_Persistable` machinery; you do not use it directly.
public struct _PersistableShape: Sendable {
    var type: PropertyType
    var isOptional: Bool = false
    var collection: CollectionKind = .none
    var objectType: ObjectBase.Type?
}

/// A stored value crossing the `_Persistable` boundary. You do not use it directly.
public struct _StoredBox {
    var value: StoredValue
}

/// The realm an object-valued conversion happens in. You do not use it directly.
public struct _RealmContext {
    unowned(unsafe) let realm: Realm
}

/// A type that can be the value of a `@Persisted` property: the scalars, `Optional` of them,
/// `Object` subclasses (as optional links), `List`, `MutableSet`, `Map`, `LinkingObjects`,
/// `AnyRealmValue` and `PersistableEnum`s. Its requirements are implementation details.
public protocol _Persistable {
    /// What the schema records for this type.
    static var _fiefShape: _PersistableShape { get }
    /// The value a property of this type has before it is set.
    static func _fiefDefault() -> Self
    /// Converts a stored value back (links resolve in `context`).
    static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self
    /// As `_fiefFromStored`, but nil where the conversion fails (an optional property of a
    /// ``FailableCustomPersistable`` type reads nil then).
    static func _fiefFromStoredIfPossible(_ box: _StoredBox, _ context: _RealmContext?) -> Self?
    /// Converts to a stored value, adding linked unmanaged objects to `context`'s realm.
    func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox
    /// Reads a managed property (collections return a live view).
    static func _fiefRead(_ access: _PropertyAccess) -> Self
    /// Writes a managed property inside a write transaction.
    func _fiefWrite(_ access: _PropertyAccess) throws
    /// The value typed queries see while recording a key path.
    static func _fiefPlaceholder(_ recorder: _KeyPathRecorder) -> Self
    /// The stored form of the `Self?` at `optionalValue` (an unmanaged `@Persisted` field's
    /// value), or nil when it is unset.
    static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox?
}

extension _Persistable {
    @inline(__always)
    public static func _fiefFromStoredIfPossible(_ box: _StoredBox, _ context: _RealmContext?) -> Self? {
        _fiefFromStored(box, context)
    }

    public static func _fiefRead(_ access: _PropertyAccess) -> Self {
        _fiefFromStored(_StoredBox(value: access.readStored()), _RealmContext(realm: access.realm))
    }

    public func _fiefWrite(_ access: _PropertyAccess) throws {
        try access.writeStored(_fiefToStored(_RealmContext(realm: access.realm)).value)
    }

    public static func _fiefPlaceholder(_ recorder: _KeyPathRecorder) -> Self { _fiefDefault() }

    @inline(__always)
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        guard let value = optionalValue.assumingMemoryBound(to: Optional<Self>.self).pointee else { return nil }
        return try value._fiefToStored(context)
    }
}

/// Scalar types that convert to and from a stored value without a realm.
protocol ScalarPersistable: _Persistable {
    static var scalarType: PropertyType { get }
    static var zero: Self { get }
    init?(stored: StoredValue)
    var stored: StoredValue { get }
}

extension ScalarPersistable {
    public static var _fiefShape: _PersistableShape { _PersistableShape(type: scalarType) }
    public static func _fiefDefault() -> Self { zero }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self { Self(stored: box.value) ?? zero }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox { _StoredBox(value: stored) }
}
