import Foundation

extension Realm {
    /// Opens the realm `configuration` describes *dynamically*: with the classes its file
    /// holds, without Swift model classes. Objects are read, queried and created by class
    /// name (``dynamicObjects(_:)``, ``dynamicObject(ofType:forPrimaryKey:)``,
    /// ``dynamicCreate(_:value:update:)``), as tools such as the `fief` command do.
    ///
    /// The configuration's `objectTypes`, `migrationBlock` and
    /// `deleteRealmIfMigrationNeeded` are ignored: the file's schema is used as it is and
    /// its schema version is kept. A file that does not exist yet is created (unless
    /// `readOnly` is set) with no classes and the configuration's `schemaVersion`; add
    /// classes with ``dynamicAddClasses(_:)``.
    ///
    /// ```swift
    /// var config = Realm.Configuration(fileURL: url, readOnly: true)
    /// let realm = try Realm(dynamicConfiguration: config)
    /// for cls in realm.schema.objectSchema {
    ///     print(cls.className, try realm.dynamicObjects(cls.className).count)
    /// }
    /// ```
    public convenience init(dynamicConfiguration configuration: Configuration) throws {
        var config = configuration
        config.objectTypes = []
        config.migrationBlock = nil
        config.deleteRealmIfMigrationNeeded = false
        // The coordinator is kept open across the next line so the realm shares it.
        let coordinator: RealmCoordinator
        do {
            coordinator = try RealmCoordinator.get(config)
            if let (_, version) = try coordinator.store.read({ try SchemaManager.readSchema($0) }) {
                config.schemaVersion = version
            }
        } catch {
            throw Realm.Error.wrapping(error, path: config.fileURL?.path)
        }
        try self.init(opening: config)
        withExtendedLifetime(coordinator) {}
    }

    /// Every object of the class named `className`, as live, lazily evaluated results that
    /// can be filtered with the Realm Query Language and sorted.
    ///
    /// ```swift
    /// let adults = try realm.dynamicObjects("Person").filtered("age >= 18 SORT(name ASC)")
    /// ```
    ///
    /// Throws ``RealmError/unknownClass(_:)`` when the realm has no such class, and
    /// ``RealmError/invalidQuery(_:)`` for an asymmetric class of a synced realm.
    public func dynamicObjects(_ className: String) throws -> DynamicResults {
        checkIsolation()
        let binding = try readableBinding(named: className)
        return DynamicResults(results: Results<ObjectBase>(realm: self, binding: binding), binding: binding)
    }

    /// The object of class `className` whose primary key is `key`, or nil when there is none
    /// (or the class has no primary key, or `key` does not fit its type).
    ///
    /// ```swift
    /// let alice = try realm.dynamicObject(ofType: "Person", forPrimaryKey: "alice")
    /// ```
    ///
    /// Throws ``RealmError/unknownClass(_:)`` when the realm has no such class, and
    /// ``RealmError/invalidQuery(_:)`` for an asymmetric class of a synced realm.
    public func dynamicObject(ofType className: String, forPrimaryKey key: Any) throws -> DynamicObject? {
        checkIsolation()
        let binding = try readableBinding(named: className)
        guard let pk = binding.primaryKey,
              let value = try? DynamicAccess.storedValue(key, for: pk.property, realm: self) else { return nil }
        do {
            return try lookupPrimaryKey(binding, value).map { DynamicObject(realm: self, binding: binding, key: $0) }
        } catch {
            throw RealmError.wrap(error)
        }
    }
}
