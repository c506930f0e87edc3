extension Realm {
    /// Applies `addClass`: adds the class, or checks that the existing one has the same kind
    /// and primary key.
    func applyAddClass(_ name: String, primaryKey: SyncPropertySchema?, isEmbedded: Bool, isAsymmetric: Bool) throws {
        if let existing = binding(named: name) {
            guard existing.isEmbedded == isEmbedded && existing.schema.isAsymmetric == isAsymmetric else {
                throw SyncApplyFailure("\(name) exists, as a class of another kind (\(existing.schema.kindName))")
            }
            let pk = existing.schema.primaryKeyProperty
            guard pk?.columnName == primaryKey?.name && pk?.type == primaryKey?.type && pk?.isOptional == primaryKey?.isOptional else {
                throw SyncApplyFailure("\(name) exists with primary key \(pk.map { "\($0)" } ?? "none"), the changeset adds it with \(primaryKey.map { "\($0.name): \($0.type)\($0.isOptional ? "?" : "")" } ?? "none")")
            }
            return
        }
        if let pk = primaryKey {
            guard pk.collection == .none, !isEmbedded else { throw SyncApplyFailure("\(name) cannot have primary key \(pk.name)") }
        }
        let properties = primaryKey.map { [Property(name: $0.name, type: $0.type, isOptional: $0.isOptional, isPrimary: true, isIndexed: true)] } ?? []
        try dynamicAddClasses([ObjectSchema(className: name, properties: properties, isEmbedded: isEmbedded, isAsymmetric: isAsymmetric)])
    }

    /// Applies `addProperty`: adds the property to its class (existing objects read its
    /// default), or checks that the existing one has the same definition.
    func applyAddProperty(_ className: String, _ p: SyncPropertySchema) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        guard let binding = binding(named: className) else { throw SyncApplyFailure("no class \(className) to add \(p.name) to") }
        let wanted = Property(name: p.name, type: p.type, collection: p.collection, isOptional: p.isOptional, objectClassName: p.objectClassName,
                              linkOriginPropertyName: p.type == .linkingObjects ? p.linkOriginProperty : nil,
                              isPrimary: p.isPrimaryKey, isIndexed: p.isIndexed)
        if let existing = schema.fileForm[className]?[p.name] {
            guard existing.withIndex(wanted.isIndexed).sameDefinition(as: wanted) else {
                throw SyncApplyFailure("\(className).\(p.name) exists as \(existing.typeDescription), the changeset adds it as \(wanted.typeDescription)")
            }
            return
        }
        guard !p.isPrimaryKey else { throw SyncApplyFailure("\(className).\(p.name): a primary key can only be added with its class") }
        var cls = binding.schema
        var property = wanted
        if property.isStored {
            property.column = cls.nextColumn
            cls.nextColumn += 1
        }
        cls.properties.append(property)
        var newSchema = schema
        newSchema.objectSchema = newSchema.objectSchema.map { $0.className == className ? cls : $0 }
        try DynamicSchemaCheck.validate(cls, in: newSchema)
        session.changeset.append(.addProperty(className: className, property: p.name, type: p.type, collection: p.collection,
                                              isOptional: p.isOptional, objectClassName: p.objectClassName))
        do {
            try TableStore.flush(session)
            try SchemaManager.writeSchema(session.txn, newSchema, version: schemaVersion, synced: configuration.recordsSyncHistory)
        } catch { throw RealmError.wrap(error) }
        SchemaManager.bind(self, newSchema, allBindings.compactMap(\.info), version: schemaVersion)
        if property.isIndexed && property.isStored { try SchemaManager.buildIndex(self, className, p.name) }
    }

    /// Makes sure the class's sequence never hands out `key`, which an object of this file
    /// (re)created by a received changeset takes.
    func reserveKey(_ binding: TableBinding, _ key: UInt64) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        guard key < UInt64.max else { throw SyncApplyFailure("global key sequence \(key) is out of range") }
        let name = "seq." + binding.className
        let meta = try SchemaManager.metaTree(session.txn)
        let next = try session.sequences[binding.className] ?? meta.get(Array(name.utf8)).map { try SchemaManager.decodeU64($0, name) } ?? 0
        guard next <= key else { return }
        session.sequences[binding.className] = key + 1
        try meta.put(Array(name.utf8), withUnsafeBytes(of: (key + 1).littleEndian) { Array($0) })
    }
}
