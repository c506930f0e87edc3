// Lists, sets, maps, linking objects and sections observed on another actor: the block runs
// isolated to `actor`, with the collection as read by a realm on that actor (opened, or reused,
// for the same file). Each returns once the observation is registered there; the first call
// is `.initial`. If the collection's object was deleted by then, nothing is delivered and the
// token is already invalidated; a realm that cannot be opened on the actor is reported with
// `.error`.

extension List {
    /// Observes the list as ``observe(keyPaths:_:)`` does, isolated to `actor`.
    ///
    /// ```swift
    /// let token = await person.dogs.observe(on: BackgroundActor.shared) { actor, change in
    ///     if case .update(let dogs, _, let insertions, _) = change { print(dogs.count, insertions) }
    /// }
    /// ```
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A, _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, RealmCollectionChange<List<Element>>) -> Void) async -> NotificationToken
    where Element: _FiefSendableMetatype {
        await ActorRelocatedObservation(self, of: realm).run(on: actor, failed: { block($0, .error($1)) }) { actor, list in
            list.observe(keyPaths: keyPaths) { change in block(actor, change) }
        }
    }
}

extension MutableSet {
    /// Observes the set as ``observe(keyPaths:_:)`` does, isolated to `actor`.
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A, _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, RealmCollectionChange<MutableSet<Element>>) -> Void) async -> NotificationToken
    where Element: _FiefSendableMetatype {
        await ActorRelocatedObservation(self, of: realm).run(on: actor, failed: { block($0, .error($1)) }) { actor, set in
            set.observe(keyPaths: keyPaths) { change in block(actor, change) }
        }
    }
}

extension LinkingObjects {
    /// Observes the linking objects as ``RealmCollection/observe(keyPaths:_:)`` does,
    /// isolated to `actor`.
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A, _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, RealmCollectionChange<LinkingObjects<Element>>) -> Void) async -> NotificationToken {
        await ActorRelocatedObservation(self, of: realm).run(on: actor, failed: { block($0, .error($1)) }) { actor, objects in
            objects.observe(keyPaths: keyPaths) { change in block(actor, change) }
        }
    }
}

extension Map {
    /// Observes the map as ``observe(keyPaths:_:)`` does, isolated to `actor`.
    ///
    /// ```swift
    /// let token = await owner.petsByName.observe(on: BackgroundActor.shared) { actor, change in
    ///     if case .update(_, _, let insertions, _) = change { print(insertions) }
    /// }
    /// ```
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A, _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, RealmMapChange<Map<Key, Value>>) -> Void) async -> NotificationToken
    where Key: _FiefSendableMetatype, Value: _FiefSendableMetatype {
        await ActorRelocatedObservation(self, of: realm).run(on: actor, failed: { block($0, .error($1)) }) { actor, map in
            map.observe(keyPaths: keyPaths) { change in block(actor, change) }
        }
    }
}

extension RealmSectionedResult {
    /// Observes the sections as ``observe(keyPaths:_:)`` does, isolated to `actor` (a realm
    /// that cannot be opened there is logged as an error: the change type has no error case).
    ///
    /// ```swift
    /// let token = await byAge.observe(on: BackgroundActor.shared) { actor, change in
    ///     if case .update(let sections, _, _, _, _, _) = change { print(sections.allKeys) }
    /// }
    /// ```
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A, _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, SectionedResultsChange<Self>) -> Void) async -> NotificationToken
    where Self: _FiefSendableMetatype {
        await ActorRelocatedObservation(self, of: realm).run(on: actor, failed: { _, error in
            Logger.emit(.error, "Cannot observe sectioned results on \(A.self): \(error)")
        }) { actor, sections in
            sections.observe(keyPaths: keyPaths) { change in block(actor, change) }
        }
    }
}
