extension ManagedState {
    /// The same object in a frozen copy of its realm (itself when already frozen).
    func frozen() -> ManagedState {
        guard !realm.isFrozen else { return self }
        let frozen = realm.freeze()
        return ManagedState(realm: frozen, table: frozen.binding(named: table.className) ?? table, key: key)
    }

    /// The same object in the live realm of its frozen one, or nil when it was deleted since
    /// (itself when not frozen).
    func thawed() -> ManagedState? {
        guard realm.isFrozen else { return self }
        let live = realm.thaw()
        guard let binding = live.binding(named: table.className), (try? live.table(binding).exists(key)) == true else { return nil }
        return ManagedState(realm: live, table: binding, key: key)
    }
}

extension CollectionLocation {
    /// The same property of the same object in a frozen copy of the realm.
    func frozen() -> CollectionLocation {
        let state = state.frozen()
        return CollectionLocation(state: state, column: state.table.column(named: property) ?? column, nesting: nesting)
    }

    /// The same property in the live realm, or nil when its object was deleted.
    func thawed() -> CollectionLocation? {
        guard let state = state.thawed(), let column = state.table.column(named: property) else { return nil }
        return CollectionLocation(state: state, column: column, nesting: nesting)
    }

    /// Whether both are the same property of the same object, read through the same realm.
    func isSame(as other: CollectionLocation) -> Bool {
        state.realm === other.state.realm && state.key == other.state.key && className == other.className && property == other.property
            && nesting == other.nesting
    }

    /// The objects of a list or set property, as a `Results` source.
    var source: ResultsSource { .collection(className: className, key: state.key, property: property) }
}
