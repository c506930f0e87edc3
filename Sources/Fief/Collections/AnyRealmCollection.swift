/// Any ``RealmCollection`` of one element type (`Results`, `List`, `MutableSet`,
/// `LinkingObjects`) behind one type, for properties and parameters that take any of them.
///
/// ```swift
/// let pets: AnyRealmCollection<Pet> = showAll ? AnyRealmCollection(realm.objects(Pet.self))
///                                             : AnyRealmCollection(owner.pets)
/// print(pets.count, pets.sum(ofProperty: "age") as Int)
/// ```
public struct AnyRealmCollection<Element: RealmCollectionValue>: RealmCollection, Equatable {
    /// The wrapped collection.
    let base: any RealmCollection<Element>

    /// Wraps `base`.
    public init<C: RealmCollection>(_ base: C) where C.Element == Element {
        self.base = (base as? AnyRealmCollection<Element>)?.base ?? base
    }

    /// 0.
    public var startIndex: Int { base.startIndex }
    /// The number of elements (one past the last index).
    public var endIndex: Int { base.endIndex }
    /// The number of elements.
    public var count: Int { base.count }
    /// The element at `position`.
    public subscript(position: Int) -> Element { base[position] }
    /// Iterates the wrapped collection as it iterates itself (results and lists read once).
    public func makeIterator() -> AnyIterator<Element> { Self.iterator(of: base) }
    private static func iterator<C: Sequence>(of collection: C) -> AnyIterator<C.Element> { AnyIterator(collection.makeIterator()) }
    /// The wrapped collection's description.
    public var description: String { base.description }

    /// The realm managing the wrapped collection, or nil while it is unmanaged.
    public var realm: Realm? { base.realm }
    /// Whether the wrapped collection can no longer be used.
    public var isInvalidated: Bool { base.isInvalidated }
    /// Whether the wrapped collection is frozen.
    public var isFrozen: Bool { base.isFrozen }
    /// A frozen snapshot of the wrapped collection.
    public func freeze() -> AnyRealmCollection<Element> { AnyRealmCollection(base: base.freeze()) }
    /// The live collection of a frozen one, or nil when its owner was deleted since.
    public func thaw() -> AnyRealmCollection<Element>? { base.thaw().map { AnyRealmCollection(base: $0) } }
    /// The index of `object` in the wrapped collection, or nil.
    public func index(of object: Element) -> Int? { base.index(of: object) }
    /// The smallest value of a property, computed by the wrapped collection.
    public func min<T: _Persistable>(ofProperty property: String) -> T? { base.min(ofProperty: property) }
    /// The largest value of a property, computed by the wrapped collection.
    public func max<T: _Persistable>(ofProperty property: String) -> T? { base.max(ofProperty: property) }
    /// The sum of a property, computed by the wrapped collection.
    public func sum<T: _Persistable>(ofProperty property: String) -> T { base.sum(ofProperty: property) }
    /// The average of a property, computed by the wrapped collection.
    public func average<T: _Persistable>(ofProperty property: String) -> T? { base.average(ofProperty: property) }
    /// The wrapped collection's objects as `Results`. You do not use it directly.
    public func _fiefResults<T: ObjectBase>(_ type: T.Type) -> Results<T> { base._fiefResults(type) }

    private init(base: any RealmCollection<Element>) { self.base = base }

    /// Whether both wrap the same collection: the same query (`Results`), or the same
    /// property of the same object (`List`, `MutableSet`, `LinkingObjects`).
    public static func == (lhs: AnyRealmCollection<Element>, rhs: AnyRealmCollection<Element>) -> Bool {
        Self.same(lhs.base, rhs.base)
    }

    private static func same<A: RealmCollection>(_ a: A, _ b: any RealmCollection<Element>) -> Bool {
        guard let b = b as? A, let a = a as? any Equatable else { return false }
        return isEqual(a, b)
    }

    private static func isEqual<E: Equatable>(_ a: E, _ b: Any) -> Bool { (b as? E).map { $0 == a } ?? false }
}
