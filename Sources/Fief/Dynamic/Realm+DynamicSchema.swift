extension Realm {
    /// Adds classes to the realm's schema inside a write transaction, for realms without Swift
    /// model classes (see ``init(dynamicConfiguration:)``). A class the file has already with
    /// the same definition is left as it is; one that differs throws
    /// ``RealmError/schemaMismatch(_:)`` (changing a class needs a migration).
    ///
    /// ```swift
    /// try realm.write {
    ///     try realm.dynamicAddClasses([
    ///         ObjectSchema(className: "Dog", properties: [Property(name: "name", type: .string)]),
    ///     ])
    /// }
    /// ```
    ///
    /// Throws ``RealmError/invalidSchema(_:)`` naming the class and property when the
    /// classes are inconsistent (a link to a class that does not exist, a primary key of a
    /// type that cannot be one, a primary key on an embedded class...).
    public func dynamicAddClasses(_ classes: [ObjectSchema]) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        var byName: [String: ObjectSchema] = [:]
        for cls in schema.objectSchema { byName[cls.className] = cls }
        var added: [ObjectSchema] = []
        for cls in classes {
            if let existing = byName[cls.className] {
                let differences = DynamicSchemaCheck.differences(file: existing, wanted: cls)
                guard differences.isEmpty else { throw RealmError.schemaMismatch(differences) }
                continue
            }
            var numbered = cls
            var next: UInt16 = 1
            for i in numbered.properties.indices where numbered.properties[i].isStored {
                numbered.properties[i].column = next
                next += 1
            }
            numbered.nextColumn = next
            byName[cls.className] = numbered
            added.append(numbered)
        }
        guard !added.isEmpty else { return }
        let newSchema = Schema(Array(byName.values))
        for cls in added { try DynamicSchemaCheck.validate(cls, in: newSchema) }
        var local: [ChangesetInstruction] = []
        for cls in added {
            local.append(.addClass(className: cls.className, isEmbedded: cls.isEmbedded))
            for p in cls.properties {
                local.append(.addProperty(className: cls.className, property: p.columnName, type: p.type, collection: p.collection,
                                          isOptional: p.isOptional, objectClassName: p.objectClassName))
            }
        }
        for instruction in local { session.changeset.append(instruction) }
        if let sync = activeSyncRecorder { recordSyncSchema(local, newSchema, sync) }
        do { try SchemaManager.writeSchema(session.txn, newSchema, version: schemaVersion, synced: configuration.recordsSyncHistory) } catch { throw RealmError.wrap(error) }
        SchemaManager.bind(self, newSchema, allBindings.compactMap(\.info), version: schemaVersion)
    }
}
