import Foundation

extension Realm {
    /// Creates an object of the class named `className` from a dictionary of property values
    /// and returns it. Must be called inside a write transaction.
    ///
    /// Values are Swift scalars (`Int`, `String`, `Date`...), arrays for lists and sets,
    /// dictionaries for maps. A link takes a ``DynamicObject`` of the target class, or a
    /// dictionary: a new embedded object, or a new top-level object created with the same
    /// `update` policy. Properties not given take their default (nil, 0, "", empty).
    ///
    /// With a primary key that exists already, `update` decides (see ``UpdatePolicy``); with
    /// `.modified` or `.all` only the properties given are changed.
    ///
    /// ```swift
    /// try realm.write {
    ///     let owner = try realm.dynamicCreate("Person", value: ["id": 1, "name": "Ann"])
    ///     try realm.dynamicCreate("Dog", value: ["name": "Rex", "owner": owner])
    /// }
    /// ```
    ///
    /// Throws ``RealmError/unknownClass(_:)``, ``RealmError/unknownProperty(className:property:)``,
    /// ``RealmError/invalidValue(_:)`` (naming the property),
    /// ``RealmError/duplicatePrimaryKey(className:value:)`` or
    /// ``RealmError/notInWriteTransaction`` (and ``RealmError/invalidValue(_:)`` for an
    /// asymmetric class of a synced realm, whose objects are never kept). Unlike the typed
    /// `create`, it throws instead of failing the transaction: the caller decides whether to go on.
    @discardableResult
    public func dynamicCreate(_ className: String, value: [String: Any?] = [:], update: UpdatePolicy = .error) throws -> DynamicObject {
        checkIsolation()
        guard let session else { throw RealmError.notInWriteTransaction }
        guard let binding = binding(named: className) else { throw RealmError.unknownClass(className) }
        guard !binding.isEmbedded else {
            throw RealmError.invalidValue("\(className) is embedded: create it as a property value of its parent")
        }
        guard !binding.schema.isAsymmetric || keepsAsymmetricObjects else {
            throw RealmError.invalidValue("\(className) is asymmetric: create its objects with create(_:value:) of its AsymmetricObject class")
        }
        do {
            let key = try dynamicInsert(binding, value, update: update, session: session)
            return DynamicObject(realm: self, binding: binding, key: key)
        } catch {
            throw RealmError.wrap(error)
        }
    }

    /// Inserts (or with a matching primary key, updates) one object; returns its key.
    func dynamicInsert(_ binding: TableBinding, _ values: [String: Any?], update: UpdatePolicy, session: WriteSession) throws -> UInt64 {
        let className = binding.className
        for name in values.keys.sorted() {
            guard let column = binding.column(named: name) else { throw RealmError.unknownProperty(className: className, property: name) }
            guard column.property.isStored else {
                throw RealmError.invalidValue("\(className).\(name) is computed (linkingObjects) and cannot be set")
            }
        }
        let converter = DynamicValues(realm: self, session: session, update: update)
        var pkValue = StoredValue.null
        if let pk = binding.primaryKey {
            let name = pk.property.name
            guard let given = values[name] else {
                guard pk.property.isOptional else { throw RealmError.invalidValue("\(className) needs a value for its primary key '\(name)'") }
                return try dynamicInsertNew(binding, values, pkValue: .null, converter, session)
            }
            pkValue = try DynamicAccess.storedValue(given, for: pk.property, realm: self)
            if let existing = try lookupPrimaryKey(binding, pkValue) {
                guard update != .error else {
                    throw RealmError.duplicatePrimaryKey(className: className, value: DynamicAccess.describe(pkValue))
                }
                try dynamicUpdate(binding, existing, values, update: update, converter)
                return existing
            }
        }
        return try dynamicInsertNew(binding, values, pkValue: pkValue, converter, session)
    }

    private func dynamicInsertNew(_ binding: TableBinding, _ values: [String: Any?], pkValue: StoredValue,
                                  _ converter: DynamicValues, _ session: WriteSession) throws -> UInt64 {
        var row = binding.columns.map(\.defaultValue)
        for column in binding.columns where column.property.isStored {
            if column.property.isPrimary {
                row[column.position] = pkValue
            } else if let given = values[column.property.name] {
                row[column.position] = try converter.stored(given, for: column.property)
            }
            try checkValue(row[column.position], for: column.property)
        }
        let key: UInt64
        if binding.keyIsPrimaryKey, case .int(let i) = pkValue {
            key = TableBinding.key(forIntPrimaryKey: i)
        } else {
            key = try nextKey(binding)
        }
        try table(binding).insert(key, row)
        epoch &+= 1
        session.changeset.appendCreation(className: binding.className, tableID: binding.tableID, key: key, primaryKey: pkValue)
        if let sync = activeSyncRecorder {
            recordSyncCreate(binding, key, primaryKey: pkValue, sync)
            try recordSyncInitialValues(binding, key, row, sync)
        }
        return key
    }

    private func dynamicUpdate(_ binding: TableBinding, _ key: UInt64, _ values: [String: Any?], update: UpdatePolicy,
                               _ converter: DynamicValues) throws {
        let state = ManagedRow(realm: self, table: binding, key: key)
        for column in binding.columns where column.property.isStored && !column.property.isPrimary {
            guard let given = values[column.property.name] else { continue }
            var value = try converter.stored(given, for: column.property)
            let current = try table(binding).read(key, column)
            value = setWrittenWhole(value, over: current, column)
            if update == .modified, current == value { continue }
            try writeValue(state, column, value)
        }
    }
}
