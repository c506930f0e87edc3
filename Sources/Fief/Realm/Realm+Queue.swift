import Foundation

extension _RealmOpening where Self == Realm {
    /// Opens the default realm confined to `queue`, a serial dispatch queue, or (with nil) to
    /// the calling thread as ``init()`` does.
    ///
    /// See ``init(configuration:queue:)``.
    public init(queue: DispatchQueue?) throws {
        try self.init(configuration: .defaultConfiguration, queue: queue)
    }

    /// Opens the realm `configuration` describes confined to `queue`, a serial dispatch queue:
    /// the realm may then be used from any thread, but only inside blocks `queue` runs, and its
    /// notifications (after other realms' commits, and for `observe` blocks registered on it)
    /// are delivered by `queue`. With nil, the realm is confined to the calling thread as
    /// ``init(configuration:)`` opens it.
    ///
    /// The realm may be opened from outside `queue`, but using it there stops the program with
    /// a message naming the queue. Opening the same configuration for the same queue again
    /// returns the instance already open. A concurrent queue cannot confine a realm: its blocks
    /// could run at once.
    ///
    /// ```swift
    /// let queue = DispatchQueue(label: "dogs")
    /// queue.async {
    ///     let realm = try! Realm(configuration: config, queue: queue)
    ///     token = realm.objects(Dog.self).observe { change in print(change) }   // delivered on `queue`
    /// }
    /// ```
    public init(configuration: Realm.Configuration, queue: DispatchQueue?) throws {
        guard let queue else {
            try self.init(configuration: configuration)
            return
        }
        if let cached = RealmInstanceCache.queueRealm(for: configuration, queue: queue) {
            self = cached
            return
        }
        let realm = try Realm(opening: configuration)
        let kept = RealmInstanceCache.storeQueueRealm(realm, queue: queue)
        if kept === realm {
            realm.isolation.confine(to: queue)
            realm.coordinator.register(realm, actor: nil, queue: queue)
        }
        self = kept
    }
}
