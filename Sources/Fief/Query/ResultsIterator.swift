/// Iterates ``Results``: a snapshot of the matching keys taken when iteration starts, each
/// object made only when the loop reaches it, already knowing its cluster row.
public struct ResultsIterator<Element: RealmFetchable>: IteratorProtocol {
    private let realm: Realm
    private let binding: TableBinding?
    private let keys: [UInt64]
    private let locations: ResultLocations?
    private var index = 0
    private var run = 0
    /// The pinned chunks of the cluster the last object was in, and that cluster's start.
    private var pinned: (start: UInt64, cluster: PinnedCluster?)?
    /// `Element` as an object class (nil for projections): objects are made directly, which
    /// spares each one the `RealmFetchable` round trip (about 300 instructions).
    private let objectType: ObjectBase.Type?

    init(realm: Realm, binding: TableBinding?, keys: [UInt64], locations: ResultLocations?) {
        objectType = Element.self as? ObjectBase.Type
        self.realm = realm
        self.binding = binding
        self.keys = keys
        self.locations = locations
    }

    /// The next object, or nil after the last.
    public mutating func next() -> Element? {
        guard index < keys.count else { return nil }
        let i = index
        index += 1
        // Rows found by the scan hold while nothing was inserted or deleted since.
        guard let binding, let locations, locations.epoch == realm.epoch else {
            return Element._fiefElement(_FiefFetchedRow(realm: realm, key: keys[i], binding: binding, location: nil, pinned: nil))
        }
        let location = locations.location(of: i, from: &run)
        if pinned?.start != location.start { pinned = (location.start, realm.pinnedCluster(binding, location.start)) }
        if let objectType {
            // The binding is `Element`'s, so the object made is an `Element`.
            let object = realm.objectForKey(objectType, keys[i], binding: binding, at: location, pinned: pinned?.cluster)
            assert(object is Element, "results of \(Element.self) made a \(type(of: object))")
            return unsafeBitCast(object, to: Element.self)
        }
        return Element._fiefElement(_FiefFetchedRow(realm: realm, key: keys[i], binding: binding, location: location, pinned: pinned?.cluster))
    }
}
