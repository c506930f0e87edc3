/// At commit, removes links to objects deleted in the transaction: to-one links become nil,
/// list and set entries are removed, map entries keep their key with a nil value
/// (FORMAT.md, "Deleting objects").
enum LinkCleanup {
    /// A collection without links to `deleted`: lists and sets drop them, maps keep the key
    /// with a nil value.
    static func without(_ deleted: Set<UInt64>, _ items: [StoredValue], _ kind: CollectionKind) -> [StoredValue] {
        if kind == .map {
            return items.map { if case .link(let k) = $0, deleted.contains(k) { .null } else { $0 } }
        }
        return items.filter { if case .link(let k) = $0 { !deleted.contains(k) } else { true } }
    }

    static func run(_ realm: Realm, _ session: WriteSession) throws {
        guard !session.deleted.isEmpty else { return }
        for binding in realm.allBindings {
            let columns = binding.columns.filter {
                $0.type == .object && $0.property.isStored && session.deleted[$0.property.objectClassName ?? ""] != nil
            }
            guard !columns.isEmpty else { continue }
            let store = try realm.table(binding)
            var updates: [(UInt64, ColumnBinding, StoredValue)] = []
            try store.forEachCluster(columns) { rows in
                for r in 0..<rows.count {
                    for (i, column) in columns.enumerated() {
                        let deleted = session.deleted[column.property.objectClassName!]!
                        switch rows.value(i, r) {
                        case .link(let k) where deleted.contains(k):
                            updates.append((rows.key(r), column, .null))
                        case .collection(let items) where items.contains(where: { if case .link(let k) = $0 { deleted.contains(k) } else { false } }):
                            updates.append((rows.key(r), column, .collection(without(deleted, items, column.collection))))
                        default: break
                        }
                    }
                }
                return true
            }
            for (key, column, value) in updates where !(session.deleted[binding.className]?.contains(key) ?? false) {
                try store.update(key, column, value)
            }
        }
    }
}
