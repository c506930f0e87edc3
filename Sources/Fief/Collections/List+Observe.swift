/// Observing a managed list or set, of objects or of values.
extension List {
    /// Observes the list: `.initial` now, then `.update` after each commit that changes it,
    /// with the old positions deleted and the new positions inserted and modified (a replaced
    /// value, or with a list of objects an object whose properties changed, along `keyPaths`
    /// when given). A move is a deletion and an insertion. Deliveries end when the list's object
    /// is deleted. Traps for an unmanaged list.
    ///
    /// ```swift
    /// let token = recipe.steps.observe { change in
    ///     if case .update(_, let deletions, let insertions, let modifications) = change { print(deletions, insertions, modifications) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, _ block: @escaping (RealmCollectionChange<List<Element>>) -> Void) -> NotificationToken {
        if let objectType = Element.self as? any ObjectElement.Type { return observeObjects(objectType, keyPaths, block) }
        guard let location else { preconditionFailure("Only a managed List can be observed: add its object to a realm first") }
        let realm = location.realm
        realm.checkIsolation()
        let token = NotificationToken()
        realm.startObserving()
        let key = ChangeSummary.CollectionEditKey(className: location.className, key: location.state.rowKey, property: location.property)
        var lastItems = location.read()
        var lastCount = lastItems.count
        let observer = RealmNotifier.SummaryObserver(token: token) { [self] summary in
            guard !isInvalidated else { token.invalidate(); return }
            let items = location.read()
            let count = items.count
            defer { lastCount = count; lastItems = items }
            let reload = { block(.update(self, deletions: Array(0..<lastCount), insertions: Array(0..<count), modifications: [])) }
            // A list nested in a mixed value changes with its whole property: compare its items.
            if location.nesting != nil {
                if items != lastItems { reload() }
                return
            }
            guard let summary else { return reload() }
            guard let edits = summary.collectionEdits[key] else {
                // Changed without list edits (a whole value written by sync, say): reload.
                if count != lastCount || summary.isModified(key.className, key.key, [key.property]) { reload() }
                return
            }
            guard let changes = CollectionEdits.changes(oldCount: lastCount, edits), changes.count == count else { return reload() }
            guard !changes.deletions.isEmpty || !changes.insertions.isEmpty || !changes.modifications.isEmpty else { return }
            block(.update(self, deletions: changes.deletions, insertions: changes.insertions, modifications: changes.modifications))
        }
        realm.notifier.summaryObservers.append(observer)
        block(.initial(self))
        return token
    }

    /// A list of objects is observed as results over it are (`T` is the element class itself,
    /// opened from the existential).
    private func observeObjects<T: ObjectElement>(_ type: T.Type, _ keyPaths: [String]?,
                                               _ block: @escaping (RealmCollectionChange<List<Element>>) -> Void) -> NotificationToken {
        _fiefResults(T.self).observe(keyPaths: keyPaths) { [self] in block($0.reported(for: self)) }
    }
}

extension MutableSet {
    /// Observes the set as ``List/observe(keyPaths:_:)`` observes a list: positions follow the
    /// order in which members were added.
    public func observe(keyPaths: [String]? = nil, _ block: @escaping (RealmCollectionChange<MutableSet<Element>>) -> Void) -> NotificationToken {
        list.observe(keyPaths: keyPaths) { [self] in block($0.reported(for: self)) }
    }
}
