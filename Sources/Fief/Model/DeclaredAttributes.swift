/// The attributes a model class declares through the class methods above, checked against
/// its `@Persisted` properties.
struct DeclaredAttributes {
    let primaryKey: String?
    let indexed: Set<String>
    let ignored: Set<String>

    init(_ type: ObjectBase.Type, names: [String]) throws {
        primaryKey = type.primaryKey()
        indexed = Set(type.indexedProperties())
        ignored = Set(type.ignoredProperties())
        let className = type.className()
        let known = Set(names)
        if let primaryKey {
            guard known.contains(primaryKey), !ignored.contains(primaryKey) else {
                throw RealmError.invalidSchema("Primary key property '\(primaryKey)' does not exist on object '\(className)'")
            }
        }
        for name in indexed.sorted() where !known.contains(name) || ignored.contains(name) {
            throw RealmError.invalidSchema("Indexed property '\(name)' does not exist on object '\(className)'")
        }
    }

    /// Adds the declared primary key and index to the options of the property `name`.
    func apply(to name: String, _ options: inout PersistedOptions) {
        if name == primaryKey { options.primaryKey = true }
        if indexed.contains(name) { options.indexed = true }
    }
}
