extension ObjectBase {
    /// This managed object's row in a frozen copy of its realm (itself when already frozen).
    func frozenRow() -> ObjectBase {
        guard !rowRealm.isFrozen else { return self }
        let frozen = rowRealm.freeze()
        let row = ManagedRow(realm: frozen, table: frozen.binding(named: rowTable.className) ?? rowTable, key: rowKey)
        return frozen.placeFrozen(row)
    }

    /// This managed object's row in the live realm of its frozen one, or nil when it was
    /// deleted since (itself when not frozen).
    func thawedRow() -> ObjectBase? {
        guard rowRealm.isFrozen else { return self }
        let live = rowRealm.thaw()
        guard let binding = live.binding(named: rowTable.className), live.rowExists(binding, rowKey) else { return nil }
        return ManagedRow(realm: live, table: binding, key: rowKey)
    }
}

extension CollectionLocation {
    /// The same property of the same object in a frozen copy of the realm.
    func frozen() -> CollectionLocation {
        let state = state.frozenRow()
        return CollectionLocation(state: state, column: state.rowTable.column(named: property) ?? column, nesting: nesting)
    }

    /// The same property in the live realm, or nil when its object was deleted.
    func thawed() -> CollectionLocation? {
        guard let state = state.thawedRow(), let column = state.rowTable.column(named: property) else { return nil }
        return CollectionLocation(state: state, column: column, nesting: nesting)
    }

    /// Whether both are the same property of the same object, read through the same realm.
    func isSame(as other: CollectionLocation) -> Bool {
        state.rowRealm === other.state.rowRealm && state.rowKey == other.state.rowKey && className == other.className && property == other.property
            && nesting == other.nesting
    }

    /// The objects of a list or set property, as a `Results` source.
    var source: ResultsSource { .collection(className: className, key: state.rowKey, property: property) }
}
