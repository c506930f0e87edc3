import Foundation

extension Realm {
    /// What a realm notification block is told.
    public enum Notification: String, Sendable {
        /// The realm advanced to a new version (after a local or another instance's commit).
        case didChange = "RLMRealmDidChangeNotification"
        /// Another realm committed, and this one (an actor's or queue's realm whose
        /// `autorefresh` is off) stays on its version until it refreshes.
        case refreshRequired = "RLMRealmRefreshRequiredNotification"
    }

    /// A block observing a whole realm.
    public typealias NotificationBlock = (_ notification: Notification, _ realm: Realm) -> Void

    /// Calls `block` every time the realm advances to a new version: after each of its own
    /// commits and, for realms isolated to an actor or confined to a queue, after commits by
    /// any other realm on the file (delivered on the realm's actor or queue; with
    /// ``autorefresh`` off, `.refreshRequired` instead). Realms confined to a thread learn of
    /// other commits when they `refresh()` or write.
    ///
    /// ```swift
    /// let token = realm.observe { notification, realm in
    ///     print("now \(realm.objects(Dog.self).count) dogs")
    /// }
    /// ```
    public func observe(_ block: @escaping NotificationBlock) -> NotificationToken {
        checkIsolation()
        let token = NotificationToken()
        startObserving()
        notifier.realmBlocks.append((token, block))
        return token
    }

    /// Pins the current version as the one observers have seen.
    func startObserving() {
        if notifier.deliveredVersion == nil, session == nil {
            notifier.deliveredVersion = try? currentTxn().version
        }
    }
}

extension Results {
    /// Observes the results: `.initial` with the current contents, then `.update` after every
    /// commit that changes which objects match, their order, or (with `keyPaths`, only those
    /// properties; key paths may go through links, as `"owner.name"`) their properties.
    ///
    /// `.initial` is delivered at once, before `observe` returns; updates are delivered on the
    /// realm's actor (or, for a realm confined to a thread, at the end of its own writes and
    /// when it refreshes).
    ///
    /// ```swift
    /// let token = realm.objects(Dog.self).filter("age > 2").observe(keyPaths: ["name"]) { change in
    ///     if case .update(_, let deletions, let insertions, let modifications) = change {
    ///         print(deletions, insertions, modifications)
    ///     }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil,
                        _ block: @escaping (RealmCollectionChange<Results<Element>>) -> Void) -> NotificationToken {
        sourceRealm.checkIsolation()
        let token = NotificationToken()
        sourceRealm.startObserving()
        let results = self
        let paths = keyPaths?.map { $0.split(separator: ".").map(String.init) }
        let observer = RealmNotifier.CollectionObserver(
            token: token, className: Element.className(), keyPaths: paths, lastKeys: keys(),
            evaluate: { results.keys() },
            report: { block(.update(results, deletions: $0, insertions: $1, modifications: $2)) })
        sourceRealm.notifier.collections.append(observer)
        block(.initial(self))
        return token
    }

    /// The changes of the results as an asynchronous sequence of frozen snapshots, for server
    /// code that loops with `for await`. The sequence ends when the task is cancelled.
    ///
    /// ```swift
    /// for await change in realm.objects(Dog.self).changes {
    ///     if case .update(let dogs, _, let insertions, _) = change { print(insertions, dogs.count) }
    /// }
    /// ```
    public var changes: AsyncStream<RealmCollectionChange<Results<Element>>> {
        changes(keyPaths: nil)
    }

    /// ``changes`` restricted to key paths.
    public func changes(keyPaths: [String]?) -> AsyncStream<RealmCollectionChange<Results<Element>>> {
        AsyncStream { continuation in
            let token = observe(keyPaths: keyPaths) { change in
                switch change {
                case .initial(let r): continuation.yield(.initial(r.freeze()))
                case .update(let r, let d, let i, let m): continuation.yield(.update(r.freeze(), deletions: d, insertions: i, modifications: m))
                case .error(let e): continuation.yield(.error(e))
                }
            }
            continuation.onTermination = { _ in token.invalidate() }
        }
    }
}

/// Objects that can be observed for changes to their properties.
public protocol ObjectObservable: AnyObject {}

extension ObjectBase: ObjectObservable {}

extension ObjectObservable where Self: ObjectBase {
    /// Observes a managed object: `.change` with each changed property's old and new value
    /// after a commit that changes it (with `keyPaths`, only those properties), `.deleted`
    /// once it is deleted.
    ///
    /// A key path may go through a link or a list of objects (`"dog.name"`, `"employees.hired"`):
    /// a change to that property of the linked objects is then reported as a change of the
    /// link or list property (`"dog"`), with no old value, as is a change of the link itself.
    ///
    /// ```swift
    /// let token = dog.observe(keyPaths: ["age"]) { change in
    ///     if case .change(let dog, let properties) = change { print(dog.name, properties.map(\.name)) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, _ block: @escaping (ObjectChange<Self>) -> Void) -> NotificationToken {
        guard let state = _managed else { preconditionFailure("Only managed objects can be observed.") }
        let realm = state.rowRealm
        let token = NotificationToken()
        realm.startObserving()
        let paths = keyPaths?.map { $0.split(separator: ".").map(String.init) }
        let wanted = paths.map { Set($0.compactMap(\.first)) }
        let nested = Dictionary(grouping: (paths ?? []).filter { $0.count > 1 }, by: { $0[0] })
        let columns = state.rowTable.columns.filter { $0.property.isStored && (wanted?.contains($0.property.name) ?? true) }
        let store = try? realm.table(state.rowTable)
        let values = columns.map { ((try? store?.read(state.rowKey, $0)) ?? nil) ?? $0.defaultValue }
        let observer = RealmNotifier.ObjectObserver(
            token: token, binding: state.rowTable, key: state.rowKey, properties: columns, nested: nested, lastValues: values,
            // The observer keeps the object: the caller may hold only the token.
            changed: { changes in block(.change(self, changes)) },
            deleted: { block(.deleted) })
        realm.notifier.objects.append(observer)
        return token
    }

    /// The object's changes as an asynchronous sequence (objects are frozen snapshots).
    public var changes: AsyncStream<ObjectChange<Self>> {
        AsyncStream { continuation in
            let token = observe { change in
                switch change {
                case .change(let object, let properties): continuation.yield(.change(object.freeze(), properties))
                case .deleted:
                    continuation.yield(.deleted)
                    continuation.finish()
                case .error(let e): continuation.yield(.error(e))
                }
            }
            continuation.onTermination = { _ in token.invalidate() }
        }
    }
}
