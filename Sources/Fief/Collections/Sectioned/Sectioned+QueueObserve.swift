import Foundation

extension SectionedResults: Relocatable {
    func relocator() -> (Realm) -> Any? {
        guard let find = store.relocation() else { return { _ in nil } }
        return { realm in find(realm).map { SectionedResults(store: $0) } }
    }
}

extension ResultsSection: Relocatable {
    func relocator() -> (Realm) -> Any? {
        guard let find = store.relocation() else { return { _ in nil } }
        let key = self.key
        return { realm in find(realm).map { ResultsSection(store: $0, key: key) } }
    }
}

extension RealmSectionedResult {
    /// Observes the sections as ``observe(keyPaths:_:)`` does, with the changes delivered by
    /// `queue`, a serial dispatch queue: the block runs on `queue` with the same sections of
    /// the same collection, read by the realm confined to that queue (opened, or reused, for
    /// the same file). `.initial` arrives asynchronously on the queue; commits made before the
    /// observation started there are not reported (and a realm that cannot be opened there is
    /// logged as an error: the change type has no error case). With a nil queue, this is
    /// ``observe(keyPaths:_:)``.
    ///
    /// ```swift
    /// let byAge = realm.objects(Dog.self).sectioned(by: \.age, ascending: true)
    /// let token = byAge.observe(on: queue) { change in
    ///     if case .update(let sections, _, _, _, let newSections, _) = change { print(sections.allKeys, newSections) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (SectionedResultsChange<Self>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        return QueueObservation.observe(self, of: realm, on: queue, failed: { error in
            Logger.emit(.error, "Cannot observe sectioned results on the queue '\(queue.label)': \(error)")
        }) { sections in
            sections.observe(keyPaths: keyPaths, block)
        }
    }
}
