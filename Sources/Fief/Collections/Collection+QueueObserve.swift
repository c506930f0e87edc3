import Foundation

// Collections observed with their changes delivered by a serial dispatch queue: the block runs
// on the queue with the collection as read by the realm confined to that queue (opened, or
// reused, for the same file). `.initial` arrives asynchronously on the queue; commits made
// before the observation started there are not reported. Nothing is delivered if the
// collection's object was deleted by then. With a nil queue, each is `observe(keyPaths:_:)`.

extension List {
    /// Observes the list as ``observe(keyPaths:_:)`` does, delivering on `queue`.
    ///
    /// ```swift
    /// let token = person.dogs.observe(on: queue) { change in
    ///     if case .update(let dogs, let deletions, let insertions, _) = change { print(dogs.count, deletions, insertions) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (RealmCollectionChange<List<Element>>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        return QueueObservation.observe(self, of: realm, on: queue, failed: { block(.error($0)) }) { list in
            list.observe(keyPaths: keyPaths, block)
        }
    }
}

extension MutableSet {
    /// Observes the set as ``observe(keyPaths:_:)`` does, delivering on `queue`.
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (RealmCollectionChange<MutableSet<Element>>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        return QueueObservation.observe(self, of: realm, on: queue, failed: { block(.error($0)) }) { set in
            set.observe(keyPaths: keyPaths, block)
        }
    }
}

extension Map {
    /// Observes the map as ``observe(keyPaths:_:)`` does, delivering on `queue`.
    ///
    /// ```swift
    /// let token = owner.petsByName.observe(on: queue) { change in
    ///     if case .update(_, _, let insertions, _) = change { print(insertions) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (RealmMapChange<Map<Key, Value>>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        return QueueObservation.observe(self, of: realm, on: queue, failed: { block(.error($0)) }) { map in
            map.observe(keyPaths: keyPaths, block)
        }
    }
}

extension LinkingObjects {
    /// Observes the linking objects as ``RealmCollection/observe(keyPaths:_:)`` does,
    /// delivering on `queue`.
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (RealmCollectionChange<LinkingObjects<Element>>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        return QueueObservation.observe(self, of: realm, on: queue, failed: { block(.error($0)) }) { objects in
            objects.observe(keyPaths: keyPaths, block)
        }
    }
}

extension AnyRealmCollection where Element: ObjectBase {
    /// Observes the wrapped collection as ``RealmCollection/observe(keyPaths:_:)`` does,
    /// delivering on `queue`.
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (RealmCollectionChange<AnyRealmCollection<Element>>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        return QueueObservation.observe(self, of: realm, on: queue, failed: { block(.error($0)) }) { collection in
            collection.observe(keyPaths: keyPaths, block)
        }
    }
}
