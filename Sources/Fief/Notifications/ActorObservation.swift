extension Results where Element: Object {
    /// Observes the results on another actor: the block runs isolated to `actor`, with results
    /// from a realm on that actor (opened, or reused, for the same file). Returns once the
    /// observation is registered; the first call is `.initial`.
    ///
    /// ```swift
    /// let token = await realm.objects(Dog.self).observe(on: BackgroundActor.shared) { actor, change in
    ///     if case .update(let dogs, _, let insertions, _) = change { print(insertions, dogs.count) }
    /// }
    /// ```
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A,
                                  _ block: @escaping @Sendable (isolated A, RealmCollectionChange<Results<Element>>) -> Void) async throws -> NotificationToken {
        let reference = ThreadSafeReference(to: self)
        let configuration = sourceRealm.configuration
        return try await Self.observe(reference, configuration, keyPaths, actor, block)
    }

    private static func observe<A: Actor>(_ reference: ThreadSafeReference<Results<Element>>, _ configuration: Realm.Configuration,
                                          _ keyPaths: [String]?, _ actor: isolated A,
                                          _ block: @escaping @Sendable (isolated A, RealmCollectionChange<Results<Element>>) -> Void) async throws -> NotificationToken {
        let realm = try await Realm.open(configuration: configuration)
        guard let results = realm.resolve(reference) else { throw RealmError.invalidValue("the results could not be resolved on \(A.self)") }
        return results.observe(keyPaths: keyPaths) { change in block(actor, change) }
    }
}

extension ObjectObservable where Self: ObjectBase {
    /// Observes the object on another actor: the block runs isolated to `actor`, with the
    /// object as read by a realm on that actor (opened, or reused, for the same file).
    /// Returns once the observation is registered. Embedded objects are observed the same way.
    ///
    /// ```swift
    /// let token = await dog.observe(keyPaths: ["age"], on: BackgroundActor.shared) { actor, change in
    ///     if case .change(_, let properties) = change { print(properties.map(\.name)) }
    /// }
    /// ```
    ///
    /// If the object was deleted before the observation could start, the block is called once
    /// with `.deleted`; if no realm could be opened on `actor`, once with `.error`. The token
    /// returned then is already invalidated.
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A,
                                  _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @escaping @Sendable (isolated A, ObjectChange<Self>) -> Void) async -> NotificationToken {
        guard let state = _managed else { preconditionFailure("Only managed objects can be observed.") }
        let reference = ThreadSafeReference(to: self)
        let configuration = state.rowRealm.configuration
        return await Self.observe(reference, configuration, keyPaths, actor, block)
    }

    private static func observe<A: Actor>(_ reference: ThreadSafeReference<Self>, _ configuration: Realm.Configuration,
                                          _ keyPaths: [String]?, _ actor: isolated A,
                                          _ block: @escaping @Sendable (isolated A, ObjectChange<Self>) -> Void) async -> NotificationToken {
        let realm: Realm
        do {
            realm = try await Realm.open(configuration: configuration)
        } catch {
            block(actor, .error(error))
            return .alreadyInvalidated()
        }
        guard let object = realm.resolve(reference) else {
            block(actor, .deleted)
            return .alreadyInvalidated()
        }
        return object.observe(keyPaths: keyPaths) { change in block(actor, change) }
    }
}

extension NotificationToken {
    /// A token for an observation that ended before it started.
    static func alreadyInvalidated() -> NotificationToken {
        let token = NotificationToken()
        token.invalidate()
        return token
    }
}
