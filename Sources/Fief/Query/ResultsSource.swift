/// Where the objects of a `Results` made from a list, set or `LinkingObjects` come from, in the
/// collection's order. Read again at each evaluation (so the results stay live) from the realm
/// the results use (live or frozen), and named by class, key and property so it can cross
/// actors in a ``ThreadSafeReference``.
enum ResultsSource: Sendable, Hashable {
    /// The objects of list or set property `property` of `className`'s object `key`.
    case collection(className: String, key: UInt64, property: String)
    /// The objects of class `originClass` linking to `className`'s object `key` through
    /// `originProperty` (a to-one link, a list or a set).
    case backlinks(className: String, key: UInt64, originClass: String, originProperty: String)

    /// The object keys, in order; empty once the owning object is deleted.
    func keys(in realm: Realm) throws -> [UInt64] {
        try realm.frozenReading { try keysNow(in: realm) }
    }

    private func keysNow(in realm: Realm) throws -> [UInt64] {
        switch self {
        case .collection(let className, let key, let property):
            guard let binding = realm.binding(named: className), let column = binding.column(named: property),
                  let stored = try realm.table(binding).read(key, column),
                  case .collection(let items) = realm.filterDeletedLinks(stored, column) else { return [] }
            return items.compactMap { if case .link(let k) = $0 { k } else { nil } }
        case .backlinks(let className, let key, let originClass, let originProperty):
            guard let binding = realm.binding(named: originClass), let column = binding.column(named: originProperty),
                  column.property.objectClassName == className else { return [] }
            return try realm.keysLinking(to: key, from: binding, through: column)
        }
    }
}
