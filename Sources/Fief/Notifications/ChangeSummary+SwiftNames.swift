extension ChangeSummary {
    /// Renames the properties the changesets named by their persisted names to the Swift names
    /// `realm`'s model classes use (see `ObjectBase.propertiesMapping()`), which observers
    /// compare against. Classes without a mapping are left as they are.
    mutating func useSwiftNames(of realm: Realm) {
        var mapped: [String: PersistedNames] = [:]
        for className in Set(modified.keys).union(collectionEdits.keys.map(\.className)) {
            if let names = realm.binding(named: className)?.info?.persistedNames, !names.isIdentity { mapped[className] = names }
        }
        guard !mapped.isEmpty else { return }
        for (className, names) in mapped {
            modified[className] = modified[className]?.mapValues { Set($0.map(names.publicName)) }
        }
        collectionEdits = Dictionary(collectionEdits.map { key, edits in
            guard let names = mapped[key.className] else { return (key, edits) }
            return (CollectionEditKey(className: key.className, key: key.key, property: names.publicName(key.property)), edits)
        }, uniquingKeysWith: { first, _ in first })
    }
}
