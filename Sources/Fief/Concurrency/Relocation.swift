/// Live values that can be found again in another realm of the same file: objects by their
/// key, results by their query, collections by their owner and property. Observing on a
/// dispatch queue uses this to hand the block values that belong to the queue's realm.
protocol Relocatable {
    /// How to find the value in another realm; the function keeps only plain values (names,
    /// keys, queries), so it may be called on another thread. It returns the value found (of
    /// the same type), or nil when it is not in that realm (its object was deleted, or the
    /// realm is of another file). Use the typed ``relocation(of:)``.
    func relocator() -> (Realm) -> Any?
}

/// How to find `value` in another realm, when it is `Relocatable`.
func relocation<T>(of value: T) -> ((Realm) -> T?)? {
    guard let relocatable = value as? any Relocatable else { return nil }
    let find = relocatable.relocator()
    return { realm in find(realm) as? T }
}

extension ObjectBase: Relocatable {
    func relocator() -> (Realm) -> Any? {
        guard let state = _managed else { return { _ in nil } }
        let type = Swift.type(of: self)
        let storeIdentity = state.rowRealm.configuration.storeIdentity
        let target = ThreadSafeReferenceTarget.object(className: state.rowTable.className, key: state.rowKey)
        return { realm in realm.resolveObject(of: type, storeIdentity, target) }
    }
}

extension Results: Relocatable {
    /// The same query (of objects or of projections) in the other realm.
    func relocator() -> (Realm) -> Any? {
        let reference = ThreadSafeReference(to: self)
        guard case .results(_, let predicate, let arguments, let descriptors, let source) = reference.target else { return { _ in nil } }
        return { realm in
            guard realm.configuration.storeIdentity == reference.storeIdentity else { return nil }
            var results = Results(realm: realm, binding: realm.readBinding(for: Element._fiefObjectType))
            results.predicate = predicate
            results.arguments = arguments
            results.descriptors = descriptors.map(\.descriptor)
            results.source = source
            return results
        }
    }
}

extension List: Relocatable {
    func relocator() -> (Realm) -> Any? {
        guard let location else { return { _ in nil } }
        let place = CollectionPlace(location.state, property: location.property)
        return { realm in
            guard let found = place.location(in: realm) else { return nil }
            let list = List<Element>()
            list.location = found
            return list
        }
    }
}

extension MutableSet: Relocatable {
    func relocator() -> (Realm) -> Any? {
        guard let find = relocation(of: list) else { return { _ in nil } }
        return { realm in find(realm).map { MutableSet(list: $0) } }
    }
}

extension Map: Relocatable {
    func relocator() -> (Realm) -> Any? {
        guard let location else { return { _ in nil } }
        let place = CollectionPlace(location.state, property: location.property)
        return { realm in
            guard let found = place.location(in: realm) else { return nil }
            let map = Map<Key, Value>()
            map.location = found
            return map
        }
    }
}

extension LinkingObjects: Relocatable {
    func relocator() -> (Realm) -> Any? {
        guard let target else { return { _ in nil } }
        let place = CollectionPlace(target, property: originProperty)
        return { realm in place.owner(in: realm).map { LinkingObjects(target: $0, originProperty: place.property) } }
    }
}

extension AnyRealmCollection: Relocatable {
    func relocator() -> (Realm) -> Any? {
        guard let find = relocation(of: base) else { return { _ in nil } }
        return { realm in find(realm).map { AnyRealmCollection($0) } }
    }
}
