import Foundation

/// The common base of `Object`, `EmbeddedObject` and `AsymmetricObject`. Subclass one of those,
/// not this.
open class ObjectBase: CustomStringConvertible {
    // The managed row (see ObjectBase+ManagedRow.swift). They live in the object itself, so a
    // managed object is one allocation; all are unset while the object is unmanaged.
    /// The realm managing this object; nil while it is unmanaged.
    @exclusivity(unchecked) final var _rowRealm: Realm?
    /// The class binding of the object's table in `_rowRealm`.
    @exclusivity(unchecked) final var _rowTable: TableBinding?
    /// The object's key; changes only when ``ResultsIterator`` reuses an unreferenced object
    /// for the next row (see ``ObjectReuse``).
    @exclusivity(unchecked) final var rowKey: UInt64 = 0
    /// Where the object's row was last found, valid while `rowEpoch` matches the realm's.
    @exclusivity(unchecked) final var rowLocation: (start: UInt64, row: Int)?
    /// The realm's epoch when `rowLocation` and `rowPinned` were found (`.max`: never).
    @exclusivity(unchecked) final var rowEpoch: UInt64 = .max
    /// The pinned chunks of the object's cluster (read transactions), valid with `rowEpoch`.
    @exclusivity(unchecked) final var rowPinned: PinnedCluster?
    /// The realm's ``Realm/invalidate()`` count when the object was read: it is invalidated
    /// once the realm's count moves on.
    @exclusivity(unchecked) final var rowGeneration: UInt64 = 0
    /// Set on the prototypes typed queries use to learn property names from key paths.
    @usableFromInline @exclusivity(unchecked) final var _recorder: _KeyPathRecorder?

    /// A new unmanaged object with every property at its default value.
    public required init() {}

    /// The realm managing this object, or nil while it is unmanaged.
    public var realm: Realm? { _rowRealm }

    /// Whether the object was deleted from its realm (or its realm was invalidated).
    public var isInvalidated: Bool {
        guard let realm = _rowRealm else { return false }
        return !realm.objectExists(self)
    }

    /// Whether this is a frozen (immutable snapshot) object.
    public var isFrozen: Bool { _rowRealm?.isFrozen ?? false }

    /// The class name objects of this type are stored under (the Swift class name).
    open class func className() -> String { String(describing: self) }

    /// The name of the primary key property, for models written in RealmSwift's older style.
    /// Overriding it has the same effect as `@Persisted(primaryKey: true)` on that property.
    ///
    /// ```swift
    /// class Settings: Object {
    ///     @Persisted var id = 0
    ///     override class func primaryKey() -> String? { "id" }
    /// }
    /// ```
    open class func primaryKey() -> String? { nil }

    /// Names of properties to index, as `@Persisted(indexed: true)` does.
    ///
    /// ```swift
    /// override class func indexedProperties() -> [String] { ["name"] }
    /// ```
    open class func indexedProperties() -> [String] { [] }

    /// Names of `@Persisted` properties not to store: they keep their values only in memory,
    /// while the object is unmanaged, like plain Swift properties (which are never stored).
    ///
    /// ```swift
    /// override class func ignoredProperties() -> [String] { ["scratch"] }
    /// ```
    open class func ignoredProperties() -> [String] { [] }

    /// Names to persist properties under, keyed by Swift property name: the file's schema and
    /// sync (the server's schema) see the persisted name, while everything written in Swift
    /// (queries, sorts, key-value coding, observation key paths, `objectSchema`'s
    /// `Property.name`) keeps using the Swift name. `Property.columnName` reports the persisted
    /// name. Properties left out keep their Swift name.
    ///
    /// ```swift
    /// class Person: Object {
    ///     @Persisted(primaryKey: true) var id: ObjectId
    ///     @Persisted var firstName = ""
    ///     override class func propertiesMapping() -> [String: String] {
    ///         ["id": "_id", "firstName": "first_name"]
    ///     }
    /// }
    /// let people = realm.objects(Person.self).filter("firstName == 'Ann'")
    /// ```
    ///
    /// Opening a realm fails with `RealmError.invalidSchema` when the mapping names a property
    /// the class does not persist, or gives two properties one persisted name. Migrations see
    /// the file's names: `oldObject` and `renameProperty(onType:from:to:)` use persisted names.
    open class func propertiesMapping() -> [String: String] { [:] }

    /// The schema of this object's type.
    public var objectSchema: ObjectSchema { ClassInfo.of(type(of: self)).schema }

    /// Reads or writes a property by name, as `Any?` (links read as objects, collections as
    /// arrays of values). Writing needs a write transaction when the object is managed.
    ///
    /// ```swift
    /// let name = dog["name"] as! String
    /// dog["age"] = 4
    /// ```
    public subscript(key: String) -> Any? {
        get { DynamicAccess.get(self, key) }
        set { DynamicAccess.set(self, key, newValue) }
    }

    /// A new unmanaged object whose properties are taken from `value`: a dictionary of
    /// property names to values, or an array of values in property order.
    public convenience init(value: Any) {
        self.init()
        DynamicAccess.assign(self, from: value)
    }

    final func _propertyName(_ index: Int) -> String {
        let info = ClassInfo.of(type(of: self))
        return index < info.properties.count ? info.properties[index].name : "#\(index)"
    }

    open var description: String {
        let info = ClassInfo.of(type(of: self))
        if isInvalidated { return "\(info.schema.className) <invalidated>" }
        let fields = info.properties.filter { $0.type != .linkingObjects }.map { property -> String in
            let value = self[property.name]
            let text: String
            if let object = value as? ObjectBase {
                text = "\(type(of: object).className())"
            } else if let value {
                text = "\(value)"
            } else {
                text = "nil"
            }
            return "\t\(property.name) = \(text);"
        }
        return "\(info.schema.className) {\n" + fields.joined(separator: "\n") + "\n}"
    }
}

/// A top-level object type. Subclass it and declare `@Persisted` properties.
///
/// ```swift
/// class Person: Object {
///     @Persisted var name = ""
///     @Persisted var dogs: List<Dog>
/// }
/// ```
open class Object: ObjectBase {
    public required init() { super.init() }
}

/// An object type whose objects live inside one parent object: they have no primary key,
/// cannot be queried on their own, and are deleted with their parent.
///
/// ```swift
/// class Address: EmbeddedObject {
///     @Persisted var street = ""
/// }
/// class Contact: Object {
///     @Persisted var address: Address?
/// }
/// ```
open class EmbeddedObject: ObjectBase {
    public required init() { super.init() }
}

extension ObjectBase: _Persistable {
    public static var _fiefShape: _PersistableShape { _PersistableShape(type: .object, objectType: self) }
    public static func _fiefDefault() -> Self { self.init() }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self {
        guard case .link(let key) = box.value, let realm = context?.realm else { return self.init() }
        return realm.objectForKey(self, key)
    }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox {
        guard let realm = context?.realm else { throw RealmError.invalidValue("a link needs a realm") }
        return _StoredBox(value: .link(try realm.keyForLinking(self)))
    }
    public static func _fiefPlaceholder(_ recorder: _KeyPathRecorder) -> Self {
        let prototype = self.init()
        ClassInfo.of(self).prepareRecording(prototype, recorder)
        return prototype
    }
}

/// Reads and writes one managed property. You do not use it directly.
public struct _PropertyAccess {
    let object: ObjectBase
    let index: Int

    @usableFromInline
    init(object: ObjectBase, index: Int) {
        self.object = object
        self.index = index
    }

    /// Writes a managed property; traps outside a write transaction, as Realm does.
    @usableFromInline
    func set<Value: _Persistable>(_ value: Value) {
        do {
            try value._fiefWrite(self)
        } catch {
            preconditionFailure("Cannot set \(type(of: object)).\(object._propertyName(index)): \(error)")
        }
    }

    var realm: Realm { object.rowRealm }
    var column: ColumnBinding { object.rowTable.swiftColumns[index] }

    func readStored() -> StoredValue {
        object.rowRealm.readValue(object, column)
    }

    func writeStored(_ value: StoredValue) throws {
        try object.rowRealm.writeValue(object, column, value)
    }
}
