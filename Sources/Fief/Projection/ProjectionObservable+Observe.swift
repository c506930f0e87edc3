/// Observing a projection: a change of a projected property of the root object (or, for a
/// property projected through a link or a list, of the linked objects) is reported under the
/// projection's property name.
///
/// ```swift
/// let token = card.observe(keyPaths: ["firstName"]) { change in
///     switch change {
///     case .change(let card, let properties): print(card.name, properties.map(\.name))  // ["name"]
///     case .deleted: print("gone")
///     case .error(let error): print(error)
///     }
/// }
/// ```
extension ProjectionObservable {
    /// Observes the projection's root object: `.change` after each commit that writes a
    /// projected property (naming the projection's properties, with their values before and
    /// after), `.deleted` once the object is deleted. There is no initial call.
    ///
    /// `keyPaths` (nil or empty: every projected property) names the root's key paths, as
    /// RealmSwift takes them (`"firstName"`, `"address.city"`); Fief also accepts the
    /// projection's own property names. Notifications are delivered on the realm's actor, or on
    /// a thread-confined realm's thread after its writes and refreshes. Keep the token;
    /// invalidate it to stop.
    public func observe(keyPaths: [String]? = nil, _ block: @escaping (ObjectChange<Self>) -> Void) -> NotificationToken {
        guard let state = rootObject._managed else { preconditionFailure("Only projections of managed objects can be observed.") }
        let realm = state.rowRealm
        realm.checkIsolation()
        precondition(!realm.isInWriteTransaction, "Cannot observe a projection inside a write transaction.")
        var properties = ProjectionSchema.properties(of: self)
        if let keyPaths, !keyPaths.isEmpty {
            for path in keyPaths {
                precondition(properties.contains { $0.originText == path || $0.label == path },
                             "'\(path)' is not a projected key path of \(Self.self)")
            }
            properties = properties.filter { keyPaths.contains($0.originText) || keyPaths.contains($0.label) }
        }
        let token = NotificationToken()
        realm.startObserving()
        let root = rootObject
        var last = properties.map { Self.snapshot(root[keyPath: $0.keyPath]) }
        let observer = RealmNotifier.SummaryObserver(token: token) { [self] summary in
            guard realm.objectExists(state) else {
                token.invalidate()
                block(.deleted)
                return
            }
            var changes: [PropertyChange] = []
            for (i, property) in properties.enumerated() {
                if let summary, !RealmNotifier.isModified(realm, summary, state.rowTable.className, state.rowKey, [property.origin]) { continue }
                let value = root[keyPath: property.keyPath]
                changes.append(PropertyChange(name: property.label, oldValue: last[i], newValue: value))
                last[i] = Self.snapshot(value)
            }
            if !changes.isEmpty { block(.change(self, changes)) }
        }
        realm.notifier.summaryObservers.append(observer)
        return token
    }

    /// ``observe(keyPaths:_:)`` with the projection's key paths (`[\PersonCard.name]`), turned
    /// into the root key paths they read. An empty array observes every projected property.
    public func observe(keyPaths: [PartialKeyPath<Self>], _ block: @escaping (ObjectChange<Self>) -> Void) -> NotificationToken {
        observe(keyPaths: keyPaths.isEmpty ? nil : keyPaths.map { Self.rootPath(of: $0) }, block)
    }

    /// Observes the projection on another actor: the block runs isolated to `actor`, with a
    /// projection of the object as read by a realm on that actor. Returns once the observation
    /// is registered.
    ///
    /// ```swift
    /// let token = try await card.observe(keyPaths: ["firstName"], on: BackgroundActor.shared) { actor, change in
    ///     if case .change(_, let properties) = change { print(properties.map(\.name)) }
    /// }
    /// ```
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A,
                                  _ block: @escaping @Sendable (isolated A, ObjectChange<Self>) -> Void) async throws -> NotificationToken {
        guard let state = rootObject._managed else { preconditionFailure("Only projections of managed objects can be observed.") }
        let reference = ThreadSafeReference(to: rootObject)
        let configuration = state.rowRealm.configuration
        return try await Self.observe(reference, configuration, keyPaths, actor, block)
    }

    private static func observe<A: Actor>(_ reference: ThreadSafeReference<Root>, _ configuration: Realm.Configuration,
                                          _ keyPaths: [String]?, _ actor: isolated A,
                                          _ block: @escaping @Sendable (isolated A, ObjectChange<Self>) -> Void) async throws -> NotificationToken {
        let realm = try await Realm.open(configuration: configuration)
        guard let object = realm.resolve(reference) else { throw RealmError.objectDeleted(Root.className()) }
        return Self(projecting: object).observe(keyPaths: keyPaths) { change in block(actor, change) }
    }

    /// The root key path a projection key path reads (`\PersonCard.name` → `"firstName"`).
    static func rootPath(of keyPath: PartialKeyPath<Self>) -> String {
        let recorder = _KeyPathRecorder()
        let value = Self(projecting: Root._fiefPlaceholder(recorder))[keyPath: keyPath]
        var names = recorder.names
        if let mapped = value as? any ProjectedElementNaming { names += mapped.elementPropertyNames }
        return names.joined(separator: ".")
    }

    /// A value to report later as an old value: nil for live collections, which would show
    /// their new contents.
    static func snapshot(_ value: Any?) -> Any? {
        value is any LiveCollectionView ? nil : value
    }
}

/// Collections that read their realm each time (their old value cannot be kept).
protocol LiveCollectionView {}
extension List: LiveCollectionView {}
extension MutableSet: LiveCollectionView {}
extension Map: LiveCollectionView {}
extension LinkingObjects: LiveCollectionView {}
extension Results: LiveCollectionView {}
extension ProjectedCollection: LiveCollectionView {}
