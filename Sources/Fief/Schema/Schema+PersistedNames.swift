/// A schema has two forms. The *file form* names every property by its persisted name
/// (`Property.columnName`), and backlinks by their origin's persisted name: it is what the file
/// stores, changesets and sync name, and what a realm opened without model classes shows. The
/// *model form* names the properties of model classes by their Swift names (each class's
/// `propertiesMapping()`, see `PersistedNames`): it is what a realm's bindings, `Realm.schema`
/// and `objectSchema` show. For classes without a mapping both forms are the same schema.
extension Schema {
    /// Whether some property is persisted under a name other than its Swift name.
    private var hasMappedNames: Bool {
        objectSchema.contains { $0.properties.contains { $0.name != $0.columnName } }
    }

    /// The file form of this schema (itself when it already is one).
    var fileForm: Schema {
        guard hasMappedNames else { return self }
        var copy = self
        for i in copy.objectSchema.indices {
            copy.objectSchema[i].properties = copy.objectSchema[i].properties.map { p in
                let origin = p.type == .linkingObjects
                    ? p.linkOriginPropertyName.flatMap { self[p.objectClassName ?? ""]?[$0]?.columnName } : nil
                return p.renamed(p.columnName, linkOrigin: origin)
            }
        }
        return copy
    }

    /// The model form of this schema, with the Swift names of `models` (keyed by class name).
    func modelForm(_ models: [String: ClassInfo]) -> Schema {
        let mapped = models.filter { !$0.value.persistedNames.isIdentity }
        guard !mapped.isEmpty else { return self }
        var copy = fileForm
        for i in copy.objectSchema.indices {
            let names = mapped[copy.objectSchema[i].className]?.persistedNames
            copy.objectSchema[i].properties = copy.objectSchema[i].properties.map { p in
                let origin = p.type == .linkingObjects
                    ? p.linkOriginPropertyName.flatMap { mapped[p.objectClassName ?? ""]?.persistedNames.publicName($0) } : nil
                return p.renamed(names?.publicName(p.columnName) ?? p.name, columnName: p.columnName, linkOrigin: origin)
            }
        }
        return copy
    }
}
