import FiefQueryLanguage

/// The observers of one `Realm` instance and the delivery of their changes. Runs only in the
/// realm's own isolation (its actor or thread).
final class RealmNotifier {
    /// A live collection being observed.
    final class CollectionObserver {
        let token: NotificationToken
        let className: String
        /// Key paths whose changes count (nil: any property of the objects).
        let keyPaths: [[String]]?
        var lastKeys: [UInt64]
        let evaluate: () -> [UInt64]
        let report: (_ deletions: [Int], _ insertions: [Int], _ modifications: [Int]) -> Void

        init(token: NotificationToken, className: String, keyPaths: [[String]]?, lastKeys: [UInt64],
             evaluate: @escaping () -> [UInt64], report: @escaping ([Int], [Int], [Int]) -> Void) {
            self.token = token
            self.className = className
            self.keyPaths = keyPaths
            self.lastKeys = lastKeys
            self.evaluate = evaluate
            self.report = report
        }
    }

    /// An object being observed.
    final class ObjectObserver {
        let token: NotificationToken
        let binding: TableBinding
        let key: UInt64
        let properties: [ColumnBinding]
        /// The names of `properties`.
        let watched: Set<String>
        /// Key paths through links and lists (`"dog.name"`), by the first property they read.
        let nested: [String: [[String]]]
        var lastValues: [StoredValue]
        let changed: ([PropertyChange]) -> Void
        let deleted: () -> Void

        init(token: NotificationToken, binding: TableBinding, key: UInt64, properties: [ColumnBinding],
             nested: [String: [[String]]], lastValues: [StoredValue],
             changed: @escaping ([PropertyChange]) -> Void, deleted: @escaping () -> Void) {
            self.token = token
            self.binding = binding
            self.key = key
            self.properties = properties
            watched = Set(properties.map(\.property.name))
            self.nested = nested
            self.lastValues = lastValues
            self.changed = changed
            self.deleted = deleted
        }

        /// The properties whose linked objects changed along a nested key path.
        func nestedChanges(_ realm: Realm, _ summary: ChangeSummary) -> Set<String> {
            // Most observers watch no nested key path: nothing to build for them.
            guard !nested.isEmpty else { return [] }
            return Set(nested.filter { RealmNotifier.isModified(realm, summary, binding.className, key, $0.value) }.keys)
        }
    }

    /// A map, list or set being observed: told after each commit, with what the commit changed
    /// (nil when that is unknown), and works out its own changes.
    final class SummaryObserver {
        let token: NotificationToken
        let changed: (ChangeSummary?) -> Void

        init(token: NotificationToken, changed: @escaping (ChangeSummary?) -> Void) {
            self.token = token
            self.changed = changed
        }
    }

    var realmBlocks: [(token: NotificationToken, block: Realm.NotificationBlock)] = []
    var collections: [CollectionObserver] = []
    var objects: [ObjectObserver] = []
    var summaryObservers: [SummaryObserver] = []
    /// The version the observers have last seen.
    var deliveredVersion: UInt64?

    var isEmpty: Bool { realmBlocks.isEmpty && collections.isEmpty && objects.isEmpty && summaryObservers.isEmpty }

    private func prune() {
        realmBlocks.removeAll { $0.token.isInvalidated }
        collections.removeAll { $0.token.isInvalidated }
        objects.removeAll { $0.token.isInvalidated }
        summaryObservers.removeAll { $0.token.isInvalidated }
    }

    /// Advances `realm` to the latest version (when it is not in a write transaction) and
    /// tells every observer what changed since it last heard, except the `skipping` tokens.
    func deliver(_ realm: Realm, skipping: Set<NotificationToken> = []) {
        prune()
        guard realm.session == nil, !realm.isFrozen else { return }
        let from = deliveredVersion
        realm.advanceSnapshot()
        guard let to = try? realm.currentTxn().version else { return }
        deliveredVersion = to
        // Nobody to tell: no need to work out what changed.
        guard let from, from != to, !isEmpty else { return }
        var summary = realm.coordinator.changeSummary(from: from, to: to)
        if summary?.schemaChanged ?? true { try? SchemaManager.reloadIfChanged(realm) }
        summary?.useSwiftNames(of: realm)
        for (token, block) in realmBlocks where !token.isInvalidated && !skipping.contains(token) {
            block(.didChange, realm)
        }
        for observer in collections where !observer.token.isInvalidated {
            let newKeys = observer.evaluate()
            let modified: (UInt64) -> Bool = { key in
                guard let summary else { return true }
                return Self.isModified(realm, summary, observer.className, key, observer.keyPaths)
            }
            let (deletions, insertions, modifications) = CollectionDiff.diff(old: observer.lastKeys, new: newKeys, modified: modified)
            observer.lastKeys = newKeys
            if (!deletions.isEmpty || !insertions.isEmpty || !modifications.isEmpty) && !skipping.contains(observer.token) {
                observer.report(deletions, insertions, modifications)
            }
        }
        for observer in summaryObservers where !observer.token.isInvalidated && !skipping.contains(observer.token) {
            observer.changed(summary)
        }
        for observer in objects where !observer.token.isInvalidated {
            // Only an object the changesets touched (or reached along a nested key path) is read again.
            let nestedChanges = summary.map { observer.nestedChanges(realm, $0) } ?? []
            if let summary, !(summary.deleted[observer.binding.className]?.contains(observer.key) ?? false),
               !summary.isModified(observer.binding.className, observer.key, observer.watched), nestedChanges.isEmpty {
                continue
            }
            guard let store = try? realm.table(observer.binding), (try? store.exists(observer.key)) == true else {
                observer.token.invalidate()
                if !skipping.contains(observer.token) { observer.deleted() }
                continue
            }
            var changes: [PropertyChange] = []
            for (i, column) in observer.properties.enumerated() {
                let value = realm.filterDeletedLinks(((try? store.read(observer.key, column)) ?? nil) ?? column.defaultValue, column)
                if value != observer.lastValues[i] {
                    changes.append(PropertyChange(name: column.property.name,
                                                  oldValue: DynamicAccess.anyValue(observer.lastValues[i], column.property, realm: realm),
                                                  newValue: DynamicAccess.anyValue(value, column.property, realm: realm)))
                    observer.lastValues[i] = value
                } else if nestedChanges.contains(column.property.name) {
                    // The same objects, changed inside: no old value to give.
                    changes.append(PropertyChange(name: column.property.name, oldValue: nil,
                                                  newValue: DynamicAccess.anyValue(value, column.property, realm: realm)))
                }
            }
            if !changes.isEmpty && !skipping.contains(observer.token) { observer.changed(changes) }
        }
        prune()
    }

    /// Tells the realm's observers that another realm committed while `realm`, whose
    /// `autorefresh` is off, stays on its version.
    func announceRefreshRequired(_ realm: Realm) {
        prune()
        for (token, block) in realmBlocks where !token.isInvalidated { block(.refreshRequired, realm) }
    }

    /// Whether the object changed along one of `keyPaths` (any of its own properties when nil).
    static func isModified(_ realm: Realm, _ summary: ChangeSummary, _ className: String, _ key: UInt64, _ keyPaths: [[String]]?) -> Bool {
        guard let keyPaths else { return summary.isModified(className, key, nil) }
        for path in keyPaths where !path.isEmpty {
            if summary.isModified(className, key, [path[0]]) { return true }
            guard path.count > 1 else { continue }
            // Follow the link and test the rest of the path on the linked objects.
            guard let binding = realm.binding(named: className), let column = binding.column(named: path[0]),
                  column.type == .object, let target = column.property.objectClassName,
                  let value = (try? realm.table(binding).read(key, column)) ?? nil else { continue }
            var targets: [UInt64] = []
            switch value {
            case .link(let k): targets = [k]
            case .collection(let items): targets = items.compactMap { if case .link(let k) = $0 { k } else { nil } }
            default: break
            }
            let rest = Array(path.dropFirst())
            if targets.contains(where: { isModified(realm, summary, target, $0, [rest]) }) { return true }
        }
        return false
    }
}
