/// The rules asymmetric classes (``AsymmetricObject``) follow, for model classes and classes
/// declared at run time alike. Each throws ``RealmError/invalidSchema(_:)`` saying what is
/// wrong.
enum AsymmetricRules {
    /// An asymmetric class must have a primary key (the server tells its objects apart by it)
    /// and cannot also be embedded.
    static func check(_ schema: ObjectSchema) throws {
        guard schema.isAsymmetric else { return }
        guard !schema.isEmbedded else {
            throw RealmError.invalidSchema("\(schema.className): a class cannot be both embedded and asymmetric")
        }
        guard schema.primaryKeyProperty != nil else {
            throw RealmError.invalidSchema("\(schema.className): an asymmetric class must have a primary key")
        }
    }

    /// No property may link to an asymmetric class: its objects are never kept locally.
    static func checkLink(from property: String, to target: String, targetIsAsymmetric: Bool) throws {
        guard targetIsAsymmetric else { return }
        throw RealmError.invalidSchema("\(property) links to \(target), which is asymmetric: asymmetric objects cannot be linked to")
    }

    /// Asymmetric classes can be used only in a realm opened with a flexible sync
    /// configuration (`allowed`): not in a local realm, nor a partition-based synced realm.
    static func checkAllowed(_ infos: [ClassInfo], in configuration: Realm.Configuration) throws {
        guard !configuration.allowsAsymmetricObjects, let asymmetric = infos.first(where: \.schema.isAsymmetric) else { return }
        throw RealmError.invalidSchema("\(asymmetric.schema.className) is asymmetric: asymmetric classes can only be used in a realm "
            + "opened with a flexible sync configuration, not in a local or partition-based realm")
    }
}
