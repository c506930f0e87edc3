extension Realm {
    /// The members a set property stores when it is written whole over its current members:
    /// the current members that stay, in their order, then the given members that are new,
    /// in the order given (each once).
    ///
    /// A set keeps its members in the order they were added, and a set written whole is
    /// recorded for sync as its difference (the members erased, then the members inserted),
    /// which every other copy replays by removing and appending. Storing this order makes the
    /// writer's copy the one that replay gives, so copies agree; writing the same members in
    /// another order changes nothing. Links to objects deleted earlier in the transaction are
    /// not current members (other copies erase them with the object).
    ///
    /// Any other property's value is returned unchanged.
    func setWrittenWhole(_ new: StoredValue, over current: StoredValue?, _ column: ColumnBinding) -> StoredValue {
        guard column.collection == .set, case .collection(let given) = new else { return new }
        let members = StoredValue.setMembers(given)
        guard let current, case .collection(let old) = filterDeletedLinks(current, column), !old.isEmpty else {
            return .collection(members)
        }
        let wanted = Set(members)
        var seen: Set<StoredValue> = []
        let staying = old.filter { wanted.contains($0) && seen.insert($0).inserted }
        return .collection(staying + members.filter { seen.insert($0).inserted })
    }
}

extension StoredValue {
    /// The stored members of a set given `items`: each once, in the order given (two unmanaged
    /// objects with one primary key are one member once added).
    static func setMembers(_ items: [StoredValue]) -> [StoredValue] {
        var seen: Set<StoredValue> = []
        var members: [StoredValue] = []
        members.reserveCapacity(items.count)
        for item in items where seen.insert(item).inserted { members.append(item) }
        return members
    }
}
