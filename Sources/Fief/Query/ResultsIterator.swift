/// Iterates ``Results``: a snapshot of the matching keys taken when iteration starts, each
/// object made only when the loop reaches it, already knowing its cluster row.
///
/// When the loop body keeps no reference to the object it was given (strong, `weak` or
/// `unowned`), the iterator gives that same object the next row instead of freeing it and
/// making another. Only classes whose stored properties are all `@Persisted` are reused, so a
/// reused object is exactly what a new one would be; a model class's `deinit` runs once per
/// object made, not once per row.
///
/// ```swift
/// var total = 0.0
/// for item in realm.objects(Item.self) { total += item.price }   // one object for all rows
/// let kept = Array(realm.objects(Item.self))                     // one object per row
/// ```
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
    /// Whether objects of `objectType` may be reused for the next row (``ClassInfo/isReusable``).
    private let reusesObjects: Bool
    /// The last object returned, kept so that it can be given the next row when the loop body
    /// kept no reference to it (``ObjectReuse``).
    private var lastObject: ObjectBase?

    init(realm: Realm, binding: TableBinding?, keys: [UInt64], locations: ResultLocations?) {
        objectType = Element.self as? ObjectBase.Type
        reusesObjects = objectType != nil && (binding?.info?.isReusable ?? false)
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
        guard locations?.epoch == realm.epoch, let binding else {
            return Element._fiefElement(_FiefFetchedRow(realm: realm, key: keys[i], binding: binding, location: nil, pinned: nil))
        }
        let location = locations.unsafelyUnwrapped.location(of: i, from: &run)
        if pinned?.start != location.start { pinned = (location.start, realm.pinnedCluster(binding, location.start)) }
        if let objectType {
            if reusesObjects, let object = reusedObject(key: keys[i], at: location, binding: binding) {
                return unsafeBitCast(object, to: Element.self)
            }
            // The binding is `Element`'s, so the object made is an `Element`.
            let object = realm.objectForKey(objectType, keys[i], binding: binding, at: location, pinned: pinned?.cluster)
            assert(object is Element, "results of \(Element.self) made a \(type(of: object))")
            if reusesObjects { lastObject = object }
            return unsafeBitCast(object, to: Element.self)
        }
        return Element._fiefElement(_FiefFetchedRow(realm: realm, key: keys[i], binding: binding, location: location, pinned: pinned?.cluster))
    }

    /// The last object returned, now made object `key`, when nothing but this iterator refers
    /// to it; nil otherwise (the caller makes a new object).
    private mutating func reusedObject(key: UInt64, at location: (start: UInt64, row: Int), binding: TableBinding) -> ObjectBase? {
        guard ObjectReuse.isSolelyHeld(&lastObject) else { return nil }
        // The iterator holds the object: it is borrowed unretained (retains are atomic, and the
        // optimizer keeps them). Frozen or live, it must still be this realm's and class's;
        // its managed fields then need no change.
        let cluster = pinned.flatMap { $0.cluster.map(Unmanaged.passUnretained) }
        let moved = Unmanaged.passUnretained(lastObject.unsafelyUnwrapped)._withUnsafeGuaranteedRef { object in
            guard object._rowRealm === realm, object._rowTable === binding else { return false }
            object.moveTo(key, at: location, pinned: cluster)
            return true
        }
        return moved ? lastObject : nil
    }
}
