/// Where a list or dictionary held by a mixed value (`AnyRealmValue.list`, `.dictionary`)
/// sits inside its property's value: the steps down to it and which kind it is.
///
/// A nested collection is stored inside its property's cell, so a change to it rewrites the
/// property's value whole and is recorded as a `set` of the property (FORMAT.md, II.8, II.15).
struct CollectionNesting: Hashable {
    /// The steps from the property's value to the collection; empty when the property's
    /// value itself is the collection.
    var path: [NestedStep]
    /// Whether the collection is a dictionary (else a list).
    var isDictionary: Bool

    /// The collection's items in the property's value `value` (alternating key and value for
    /// a dictionary), or nil when it no longer holds a collection of this kind there.
    func items(in value: StoredValue) -> [StoredValue]? {
        switch value.descending(path) {
        case .nestedList(let items)? where !isDictionary: items
        case .nestedMap(let items)? where isDictionary: items
        default: nil
        }
    }

    /// `items` as the stored collection of this kind.
    func wrapping(_ items: [StoredValue]) -> StoredValue { isDictionary ? .nestedMap(items) : .nestedList(items) }
}

extension CollectionLocation {
    /// The location of the list or dictionary `value` that a mixed property's value is.
    static func mixed(_ state: ObjectBase, _ column: ColumnBinding, holding value: StoredValue) -> CollectionLocation {
        CollectionLocation(state: state, column: column, nesting: CollectionNesting(path: [], isDictionary: value.isNestedMap))
    }

    /// The location of the list or dictionary `value` held by this collection's element at
    /// `step`.
    func nested(_ step: NestedStep, holding value: StoredValue) -> CollectionLocation {
        var location = self
        location.nesting = CollectionNesting(path: (nesting?.path ?? []) + [step], isDictionary: value.isNestedMap)
        return location
    }

    /// Writes a nested collection's new items into its property's value and records the
    /// change as a `set` of the property, locally and in sync history.
    func writeNested(_ items: [StoredValue], _ nesting: CollectionNesting, _ session: WriteSession) throws {
        let realm = state.rowRealm
        let root = realm.readValue(state, column)
        guard nesting.items(in: root) != nil, let new = root.replacing(at: nesting.path[...], with: nesting.wrapping(items)) else {
            throw RealmError.invalidValue("\(className).\(property) no longer holds this nested \(nesting.isDictionary ? "dictionary" : "list")")
        }
        guard new.nestingDepth <= AnyRealmValue.maxNestingDepth + (column.collection == .none ? 0 : 1) else {
            throw AnyRealmValue.nestingTooDeep
        }
        let old = try realm.table(state.rowTable).update(state.rowKey, column, new)
        session.changeset.append(.set(className: className, key: state.rowKey, property: columnName, value: new))
        if let sync = realm.activeSyncRecorder {
            try realm.recordSyncSet(state.rowTable, state.rowKey, column, old: old, new: new, sync)
        }
    }
}

extension StoredValue {
    /// Whether the value is a dictionary held by a mixed value.
    var isNestedMap: Bool { if case .nestedMap = self { true } else { false } }

    /// How many collections nest in the value, itself included (0 for a scalar).
    var nestingDepth: Int {
        switch self {
        case .collection(let items), .nestedList(let items), .nestedMap(let items): 1 + (items.map(\.nestingDepth).max() ?? 0)
        default: 0
        }
    }
}
