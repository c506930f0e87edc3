/// `isInvalidated`, `isFrozen` and `realm` for lists, sets and maps, as RealmSwift has them.
extension CollectionLocation {
    /// Whether the owning object was deleted, or its realm invalidated since it was read.
    var isInvalidated: Bool { !state.rowRealm.objectExists(state) }
}

extension List {
    /// Whether the list can no longer be used: its owning object was deleted, or the realm
    /// was invalidated (``Realm/invalidate()``). Unmanaged lists are never invalidated.
    ///
    /// ```swift
    /// try realm.write { realm.delete(person) }
    /// assert(dogs.isInvalidated)   // dogs = person.dogs, read before
    /// ```
    public var isInvalidated: Bool { location?.isInvalidated ?? false }

    /// Whether the list belongs to a frozen object.
    public var isFrozen: Bool { location?.realm.isFrozen ?? false }
}

extension MutableSet {
    /// Whether the set can no longer be used: its owning object was deleted, or the realm
    /// was invalidated. Unmanaged sets are never invalidated.
    public var isInvalidated: Bool { list.isInvalidated }

    /// Whether the set belongs to a frozen object.
    public var isFrozen: Bool { list.isFrozen }

    /// The realm managing the set, or nil while it is unmanaged.
    public var realm: Realm? { list.realm }
}

extension Map {
    /// Whether the map can no longer be used: its owning object was deleted, or the realm
    /// was invalidated. Unmanaged maps are never invalidated.
    public var isInvalidated: Bool { location?.isInvalidated ?? false }

    /// Whether the map belongs to a frozen object.
    public var isFrozen: Bool { location?.realm.isFrozen ?? false }

    /// The realm managing the map, or nil while it is unmanaged.
    public var realm: Realm? { location?.realm }
}
