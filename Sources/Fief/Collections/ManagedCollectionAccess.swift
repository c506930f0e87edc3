/// Collections made from an array of `Any` elements (for `create(value:)` dictionaries).
protocol _ArrayInitializable {
    static func _fiefFromArray(_ items: [Any]) -> Self?
}

/// Collections that convert themselves to a stored `.collection`.
protocol _CollectionStoredValue {
    func _storedElements(_ realm: Realm?) throws -> StoredValue
}

/// Where a managed collection lives: its owner object and property, and for a list or
/// dictionary held by a mixed value, where it sits inside the property's value.
struct CollectionLocation {
    let state: ObjectBase
    let column: ColumnBinding
    /// Set for a collection nested in a mixed value; nil for the property's own collection.
    var nesting: CollectionNesting? = nil

    var realm: Realm { state.rowRealm }

    func read() -> [StoredValue] {
        let value = state.rowRealm.readValue(state, column)
        guard let nesting else {
            if case .collection(let items) = value { return items }
            return []
        }
        return nesting.items(in: value) ?? []
    }

    /// Writes the new elements and records `instructions` (not a whole-property set); traps
    /// on a storage failure, as property setters do.
    func write(_ items: [StoredValue], _ instructions: [ChangesetInstruction]) {
        do {
            try tryWrite(items, instructions)
        } catch {
            preconditionFailure("Cannot modify \(state.rowTable.className).\(column.property.name): \(error)")
        }
    }

    /// Writes the new elements and records `instructions`, in the local changeset and (for a
    /// realm recording sync history) in the sync changeset; throws on failure.
    func tryWrite(_ items: [StoredValue], _ instructions: [ChangesetInstruction]) throws {
        let realm = state.rowRealm
        guard let session = realm.session else { throw RealmError.notInWriteTransaction }
        if let nesting { return try writeNested(items, nesting, session) }
        let old = try realm.table(state.rowTable).update(state.rowKey, column, .collection(items))
        try realm.deleteOrphanedEmbedded(column, old: old, new: .collection(items))
        for i in instructions { session.changeset.append(i) }
        if let sync = realm.activeSyncRecorder {
            try realm.recordSyncCollection(state.rowTable, state.rowKey, column, old: old, new: .collection(items), local: instructions, sync)
        }
    }

    var className: String { state.rowTable.className }
    /// The property's Swift name (what observers of the collection name).
    var property: String { column.property.name }
    /// The property's persisted name (what changesets name).
    var columnName: String { column.property.columnName }
}
