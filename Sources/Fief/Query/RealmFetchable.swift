/// What `Results` can hold and `Realm.objects(_:)` can fetch: `Object` subclasses and
/// ``Projection``s of them.
///
/// ```swift
/// let people = realm.objects(Person.self)             // Results<Person>
/// let cards = realm.objects(PersonCard.self)          // Results<PersonCard>, a Projection<Person>
/// ```
///
/// The requirements other than `className()` are implementation details, which Fief provides
/// for objects and projections; you do not conform other types.
public protocol RealmFetchable: RealmCollectionValue, _FiefSendableMetatype {
    /// The class name the objects are stored under (a projection's is its root's).
    static func className() -> String
    /// The object class the elements are read from. You do not use it directly.
    static var _fiefObjectType: ObjectBase.Type { get }
    /// The element for a managed object read from the realm. You do not use it directly.
    static func _fiefElement(_ row: _FiefFetchedRow) -> Self
    /// The object an element reads. You do not use it directly.
    var _fiefObject: ObjectBase { get }
    /// The property names (of the stored objects) a key path into an element reads, as typed
    /// sorts name them. You do not use it directly.
    static func _fiefPropertyNames(_ keyPath: AnyKeyPath) -> [String]
}

/// One stored object `Results` hands to its element type to make an element. You do not use it
/// directly.
public struct _FiefFetchedRow {
    let realm: Realm
    let key: UInt64
    let binding: TableBinding?
    let location: (start: UInt64, row: Int)?
    let pinned: PinnedCluster?

    /// The managed object of class `type` (or its subclass the binding names).
    func object<T: ObjectBase>(_ type: T.Type) -> T {
        guard let binding else { return realm.objectForKey(type, key) }
        return realm.objectForKey(type, key, binding: binding, at: location, pinned: pinned)
    }
}

extension ObjectBase: RealmFetchable {
    public static var _fiefObjectType: ObjectBase.Type { self }
    public static func _fiefElement(_ row: _FiefFetchedRow) -> Self { row.object(self) }
    public var _fiefObject: ObjectBase { self }
    public static func _fiefPropertyNames(_ keyPath: AnyKeyPath) -> [String] {
        let recorder = _KeyPathRecorder()
        _ = _fiefPlaceholder(recorder)[keyPath: keyPath]
        return recorder.names
    }
}

#if compiler(>=6.2)
/// Marks element types whose metatypes may cross actors (their conformances are not isolated
/// to an actor), so live results and projections can be observed from other actors. You do not
/// use it directly.
public typealias _FiefSendableMetatype = SendableMetatype
#else
/// Stands in for `SendableMetatype` on compilers before Swift 6.2. You do not use it directly.
public protocol _FiefSendableMetatype {}
#endif
