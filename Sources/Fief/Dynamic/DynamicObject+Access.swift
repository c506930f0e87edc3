import Foundation

extension DynamicObject: Hashable {
    /// Whether both refer to the same object of the same realm instance.
    public static func == (lhs: DynamicObject, rhs: DynamicObject) -> Bool {
        lhs.realm === rhs.realm && lhs.key == rhs.key && lhs.binding.className == rhs.binding.className
    }

    /// Hashes the object's identity (class and key).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(binding.className)
        hasher.combine(key)
    }
}

extension DynamicObject {
    /// The schema of the object's class.
    public var objectSchema: ObjectSchema { binding.schema }

    /// The object's key: its identity within its class in this file, as the storage layer
    /// knows it. For tools (`fief query` shows it); apps use primary keys.
    public var objectKey: UInt64 { key }

    /// Whether the object was deleted (or never existed in this realm's current version).
    public var isInvalidated: Bool {
        if let deleted = realm.session?.deleted[className], deleted.contains(key) { return true }
        return !realm.rowExists(binding, key)
    }

    /// The value of property `name`, typed by the schema:
    ///
    /// - scalars as `Bool`, `Int`, `Float`, `Double`, `String`, `Data`, `Date`, `Decimal128`,
    ///   `ObjectId` or `UUID`, and nil for null;
    /// - links (and links held by mixed properties) as ``DynamicObject``;
    /// - lists and sets as `[Any?]`, maps as `[String: Any?]`.
    ///
    /// Throws ``RealmError/unknownProperty(className:property:)`` for a name the class does
    /// not have or a computed `linkingObjects` property, and
    /// ``RealmError/objectDeleted(_:)`` when the object no longer exists.
    public func value(forProperty name: String) throws -> Any? {
        guard let column = binding.column(named: name), column.property.isStored else {
            throw RealmError.unknownProperty(className: className, property: name)
        }
        let stored: StoredValue?
        do {
            stored = try realm.frozenReading { try realm.table(binding).read(key, column) }
        } catch {
            throw RealmError.wrap(error)
        }
        guard let stored, !(realm.session?.deleted[className]?.contains(key) ?? false) else {
            throw RealmError.objectDeleted(className)
        }
        return DynamicValues.anyValue(realm.filterDeletedLinks(stored, column), column.property, realm: realm)
    }

    /// Sets property `name` inside a write transaction. Values are converted as
    /// ``Realm/dynamicCreate(_:value:update:)`` converts them: links take a ``DynamicObject``
    /// of the right class or a dictionary (a new embedded object, or a new top-level one).
    ///
    /// Throws when there is no write transaction, the property does not exist or is the
    /// primary key, or the value does not fit.
    public func setValue(_ value: Any?, forProperty name: String) throws {
        guard let session = realm.session else { throw RealmError.notInWriteTransaction }
        guard let column = binding.column(named: name), column.property.isStored else {
            throw RealmError.unknownProperty(className: className, property: name)
        }
        if isInvalidated { throw RealmError.objectDeleted(className) }
        do {
            let stored = try DynamicValues(realm: realm, session: session, update: .modified).stored(value, for: column.property)
            try realm.writeValue(ManagedRow(realm: realm, table: binding, key: key), column, stored)
        } catch {
            throw RealmError.wrap(error)
        }
    }
}
