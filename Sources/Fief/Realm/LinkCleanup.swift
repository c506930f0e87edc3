/// At commit, removes links to objects deleted in the transaction: to-one links and mixed
/// (`AnyRealmValue`) links become nil, list and set entries are removed, map entries keep their
/// key with a nil value, links inside lists and dictionaries held by mixed values become nil
/// (FORMAT.md, "Deleting objects").
enum LinkCleanup {
    /// Whether `value` links to a deleted object: a `.link` into the column's target class
    /// (whose deleted keys are `target`), or an `.anyLink` by the class it names.
    static func isDeletedLink(_ value: StoredValue, _ target: Set<UInt64>?, _ deleted: [String: Set<UInt64>]) -> Bool {
        switch value {
        case .link(let k): target?.contains(k) ?? false
        case .anyLink(let name, let k): deleted[name]?.contains(k) ?? false
        default: false
        }
    }

    /// `value` of `column` without its links to `deleted` objects, or nil when it has none.
    static func cleaned(_ value: StoredValue, _ column: ColumnBinding, _ deleted: [String: Set<UInt64>]) -> StoredValue? {
        let target = column.property.objectClassName.flatMap { deleted[$0] }
        switch value {
        case .link, .anyLink:
            return isDeletedLink(value, target, deleted) ? .null : nil
        case .nestedList, .nestedMap:
            return nulledNested(value, deleted)
        case .collection(var items):
            var changed = false
            if column.type == .any, let nested = cleanedItems(items, deleted, nullingLinks: false) {
                items = nested
                changed = true
            }
            guard items.contains(where: { isDeletedLink($0, target, deleted) }) else { return changed ? .collection(items) : nil }
            if column.collection == .map { return .collection(items.map { isDeletedLink($0, target, deleted) ? .null : $0 }) }
            return .collection(items.filter { !isDeletedLink($0, target, deleted) })
        default:
            return nil
        }
    }

    /// `items` with the lists and dictionaries among them cleaned and, with `nullingLinks`,
    /// their own links to deleted objects made null; nil when nothing changed.
    private static func cleanedItems(_ items: [StoredValue], _ deleted: [String: Set<UInt64>], nullingLinks: Bool) -> [StoredValue]? {
        var changed = false
        let cleaned = items.map { item -> StoredValue in
            let new = item.isNestedCollection ? nulledNested(item, deleted) : (nullingLinks && isDeletedLink(item, nil, deleted) ? .null : nil)
            guard let new else { return item }
            changed = true
            return new
        }
        return changed ? cleaned : nil
    }

    /// A list or dictionary nested in a mixed value with its links to deleted objects, at any
    /// depth, made null (positions and keys stay); nil when it has none.
    private static func nulledNested(_ value: StoredValue, _ deleted: [String: Set<UInt64>]) -> StoredValue? {
        switch value {
        case .nestedList(let items): cleanedItems(items, deleted, nullingLinks: true).map { .nestedList($0) }
        case .nestedMap(let items): cleanedItems(items, deleted, nullingLinks: true).map { .nestedMap($0) }
        default: nil
        }
    }

    static func run(_ realm: Realm, _ session: WriteSession) throws {
        guard !session.deleted.isEmpty else { return }
        for binding in realm.allBindings {
            let columns = binding.columns.filter {
                $0.property.isStored
                    && ($0.type == .any || ($0.type == .object && session.deleted[$0.property.objectClassName ?? ""] != nil))
            }
            guard !columns.isEmpty else { continue }
            let store = try realm.table(binding)
            var updates: [(UInt64, ColumnBinding, StoredValue)] = []
            try store.forEachCluster(columns) { rows in
                for r in 0..<rows.count {
                    for (i, column) in columns.enumerated() {
                        if let value = cleaned(rows.value(i, r), column, session.deleted) { updates.append((rows.key(r), column, value)) }
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
