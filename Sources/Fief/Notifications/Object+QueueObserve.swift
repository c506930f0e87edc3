import Foundation

extension ObjectObservable where Self: ObjectBase {
    /// Observes the object with its changes delivered by `queue`, a serial dispatch queue, as
    /// ``observe(keyPaths:_:)`` reports them: the block runs on `queue` with the object as read
    /// by the realm confined to that queue (opened, or reused, for the same file). With a nil
    /// queue, this is ``observe(keyPaths:_:)``.
    ///
    /// The observation starts asynchronously, in a block on `queue`; commits made before it
    /// has started are not reported. If the object was deleted by then, the block is called
    /// once with `.deleted`; if the realm cannot be opened on the queue, once with `.error`.
    ///
    /// ```swift
    /// let queue = DispatchQueue(label: "dog-changes")
    /// let token = dog.observe(keyPaths: ["name"], on: queue) { change in
    ///     if case .change(let dog, let properties) = change { print(dog.name, properties.map(\.name)) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (ObjectChange<Self>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        guard let state = _managed else { preconditionFailure("Only managed objects can be observed.") }
        return QueueObservation.observe(self, of: state.rowRealm, on: queue, failed: { block(.error($0)) },
                                        gone: { block(.deleted) }) { object in
            object.observe(keyPaths: keyPaths, block)
        }
    }
}

extension Results {
    /// Observes the results (of objects or of projections) with their changes delivered by
    /// `queue`, a serial dispatch queue:
    /// the block runs on `queue` with the same query evaluated by the realm confined to that
    /// queue (opened, or reused, for the same file). `.initial` arrives asynchronously on the
    /// queue, then `.update` as ``observe(keyPaths:_:)`` reports them. With a nil queue, this
    /// is ``observe(keyPaths:_:)``.
    ///
    /// ```swift
    /// let token = realm.objects(Dog.self).filter("age > 2").observe(on: queue) { change in
    ///     if case .update(let dogs, _, let insertions, _) = change { print(dogs.count, insertions) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue?,
                        _ block: @escaping (RealmCollectionChange<Results<Element>>) -> Void) -> NotificationToken {
        guard let queue else { return observe(keyPaths: keyPaths, block) }
        return QueueObservation.observe(self, of: sourceRealm, on: queue, failed: { block(.error($0)) }) { results in
            results.observe(keyPaths: keyPaths, block)
        }
    }
}
