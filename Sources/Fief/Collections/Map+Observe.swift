/// Observing a managed map.
extension Map {
    /// Observes the map: `.initial` now, then `.update` after each commit that removes, adds or
    /// changes entries, with their keys (sorted). A value that is an object counts as changed
    /// when the object changes too (with `keyPaths`, only those of its properties). Keep the
    /// token; invalidate it to stop. Deliveries end when the map's object is deleted. Traps
    /// for an unmanaged map.
    ///
    /// ```swift
    /// let token = owner.petsByName.observe(keyPaths: ["age"]) { change in
    ///     if case .update(_, _, let insertions, let modifications) = change { print(insertions, modifications) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, _ block: @escaping (RealmMapChange<Map<Key, Value>>) -> Void) -> NotificationToken {
        guard let location else { preconditionFailure("Only a managed Map can be observed: add its object to a realm first") }
        let realm = location.realm
        realm.checkIsolation()
        let token = NotificationToken()
        realm.startObserving()
        let paths = keyPaths?.map { $0.split(separator: ".").map(String.init) }
        let target = location.column.property.objectClassName
        var last = Dictionary(entries(), uniquingKeysWith: { $1 })
        let observer = RealmNotifier.SummaryObserver(token: token) { [self] summary in
            guard !isInvalidated else { token.invalidate(); return }
            let now = Dictionary(entries(), uniquingKeysWith: { $1 })
            func objectChanged(_ value: StoredValue) -> Bool {
                guard let summary else { return true }
                switch value {
                case .link(let key): return target.map { RealmNotifier.isModified(realm, summary, $0, key, paths) } ?? false
                case .anyLink(let className, let key): return RealmNotifier.isModified(realm, summary, className, key, paths)
                default: return false
                }
            }
            let deletions = last.keys.filter { now[$0] == nil }.sorted()
            let insertions = now.keys.filter { last[$0] == nil }.sorted()
            let modifications = now.keys.filter { key in
                guard let old = last[key], let new = now[key] else { return false }
                return old != new || objectChanged(new)
            }.sorted()
            last = now
            guard !deletions.isEmpty || !insertions.isEmpty || !modifications.isEmpty else { return }
            block(.update(self, deletions: deletions.map { Key(_fiefString: $0) }, insertions: insertions.map { Key(_fiefString: $0) },
                          modifications: modifications.map { Key(_fiefString: $0) }))
        }
        realm.notifier.summaryObservers.append(observer)
        block(.initial(self))
        return token
    }
}
