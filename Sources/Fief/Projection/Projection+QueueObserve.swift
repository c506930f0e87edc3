import Foundation

extension ProjectionObservable {
    /// Observes the projection as ``observe(keyPaths:_:)`` does, with the changes delivered by
    /// `queue`, a serial dispatch queue: the block runs on `queue` with a projection of the
    /// object as read by the realm confined to that queue (opened, or reused, for the same
    /// file). The observation starts asynchronously on the queue; commits made before then are
    /// not reported. If the object was deleted by then, the block is called once with
    /// `.deleted`. With a nil queue, this is ``observe(keyPaths:_:)``.
    ///
    /// ```swift
    /// let token = card.observe(keyPaths: ["firstName"], on: queue) { change in
    ///     if case .change(let card, let properties) = change { print(card.name, properties.map(\.name)) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (ObjectChange<Self>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        return QueueObservation.observe(rootObject, of: rootObject.realm, on: queue, failed: { block(.error($0)) },
                                        gone: { block(.deleted) }) { root in
            Self(projecting: root).observe(keyPaths: keyPaths, block)
        }
    }
}

extension ProjectedCollection: Relocatable {
    func relocator() -> (Realm) -> Any? {
        guard let find = backing.relocation() else { return { _ in nil } }
        return { realm in find(realm).map { ProjectedCollection(backing: $0) } }
    }
}

extension ProjectedCollection {
    /// Observes the underlying collection as ``observe(keyPaths:_:)`` does, with the changes
    /// delivered by `queue`, a serial dispatch queue: the block runs on `queue` with the same
    /// projection of the collection as read by the realm confined to that queue (opened, or
    /// reused, for the same file). `.initial` arrives asynchronously on the queue. With a nil
    /// queue, this is ``observe(keyPaths:_:)``.
    ///
    /// ```swift
    /// let token = card.dogNames.observe(on: queue) { change in
    ///     if case .update(let names, _, let insertions, _) = change { print(Array(names), insertions) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (RealmCollectionChange<ProjectedCollection<Element>>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        return QueueObservation.observe(self, of: realm, on: queue, failed: { block(.error($0)) }) { collection in
            collection.observe(keyPaths: keyPaths, block)
        }
    }
}

extension MappedObjects {
    func relocation() -> ((Realm) -> (any ProjectedBacking<Element>)?)? {
        guard let find = Fief.relocation(of: base) else { return nil }
        let keyPath = self.keyPath
        return { realm in find(realm).map { MappedObjects(base: $0, keyPath: keyPath) } }
    }
}
