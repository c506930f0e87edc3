import Foundation

/// The collection behaviour `Results`, `List`, `MutableSet`, `LinkingObjects` and
/// `AnyRealmCollection` share: random access by `Int` index and a description.
public protocol RealmCollectionBase<Element>: RandomAccessCollection, CustomStringConvertible
    where Index == Int, Element: RealmCollectionValue {
    /// The element type (RealmSwift kept this name for older code).
    typealias ElementType = Element
}

/// A collection of values or objects managed by a realm (or not yet): `Results`, `List`,
/// `MutableSet`, `LinkingObjects` and the type-erased `AnyRealmCollection`. Code written
/// against it takes any of them.
///
/// ```swift
/// func oldest<C: RealmCollection>(_ pets: C) -> Int? where C.Element == Pet {
///     pets.max(ofProperty: "age")
/// }
/// oldest(realm.objects(Pet.self))
/// oldest(owner.pets)
/// ```
///
/// Collections of objects are also queried (`filter`, `where`, `sorted`, `distinct`), giving
/// live `Results` that keep the collection's order and follow its changes.
public protocol RealmCollection<Element>: RealmCollectionBase {
    /// The realm managing the collection, or nil while it is unmanaged.
    var realm: Realm? { get }
    /// Whether the collection can no longer be used (its owning object was deleted, or its
    /// realm invalidated).
    var isInvalidated: Bool { get }
    /// Whether the collection is a frozen snapshot.
    var isFrozen: Bool { get }
    /// A frozen snapshot of the collection: immutable, readable from any thread. Traps for an
    /// unmanaged collection.
    func freeze() -> Self
    /// The live collection of a frozen one, or nil when its owning object was deleted since.
    func thaw() -> Self?
    /// The index of `object`, or nil (objects are compared by identity or managed key, values
    /// by value).
    func index(of object: Element) -> Int?
    /// The smallest value of a property of the objects, or nil when there is none.
    func min<T: _Persistable>(ofProperty property: String) -> T?
    /// The largest value of a property of the objects, or nil when there is none.
    func max<T: _Persistable>(ofProperty property: String) -> T?
    /// The sum of a numeric property of the objects (0 when empty).
    func sum<T: _Persistable>(ofProperty property: String) -> T
    /// The average of a numeric property of the objects, or nil when empty.
    func average<T: _Persistable>(ofProperty property: String) -> T?
    /// The collection's objects as `Results` to refine. You do not use it directly.
    func _fiefResults<T: ObjectBase>(_ type: T.Type) -> Results<T>
}

extension RealmCollection {
    /// The elements at `indexes`, in index order. Traps if an index is out of bounds.
    ///
    /// ```swift
    /// let picked = owner.pets.objects(at: [0, 2])
    /// ```
    public func objects(at indexes: IndexSet) -> [Element] {
        indexes.map { i in
            precondition(i >= 0 && i < count, "Index \(i) is out of bounds (count is \(count))")
            return self[i]
        }
    }

    /// The value of `key` for each element, in order: a property of each object (nil where it
    /// is nil), or with the key `"self"` the elements themselves.
    ///
    /// ```swift
    /// let names = owner.pets.value(forKey: "name") as! [String]
    /// ```
    public func value(forKey key: String) -> [Any?] {
        map { element in
            if let object = element as? ObjectBase { return object.value(forKey: key) }
            precondition(key == "self", "value(forKey:) on a collection of \(Element.self) takes only the key \"self\"")
            return element
        }
    }

    /// The value of `keyPath` (through to-one links, as `"owner.name"`) for each object.
    public func value(forKeyPath keyPath: String) -> [Any?] {
        map { element in
            if let object = element as? ObjectBase { return object.value(forKeyPath: keyPath) }
            precondition(keyPath == "self", "value(forKeyPath:) on a collection of \(Element.self) takes only the key \"self\"")
            return element
        }
    }

    /// Sets property `key` of every object to `value` (in a write transaction for managed
    /// objects).
    ///
    /// ```swift
    /// try realm.write { owner.pets.setValue(true, forKey: "vaccinated") }
    /// ```
    public func setValue(_ value: Any?, forKey key: String) {
        for element in Array(self) {
            guard let object = element as? ObjectBase else { preconditionFailure("setValue(_:forKey:) needs a collection of objects") }
            object.setValue(value, forKey: key)
        }
    }
}

extension RealmCollection {
    /// The smallest value of a property of the objects, or nil when there is none.
    public func min<T: _Persistable>(ofProperty property: String) -> T? {
        ValueAggregates.extreme(-1) { storedProperties(property, $0) }
    }
    /// The largest value of a property of the objects, or nil when there is none.
    public func max<T: _Persistable>(ofProperty property: String) -> T? {
        ValueAggregates.extreme(1) { storedProperties(property, $0) }
    }
    /// The sum of a numeric property of the objects (0 when empty).
    public func sum<T: _Persistable>(ofProperty property: String) -> T {
        ValueAggregates.sum(property) { storedProperties(property, $0) }
    }
    /// The average of a numeric property of the objects, or nil when empty.
    public func average<T: _Persistable>(ofProperty property: String) -> T? {
        ValueAggregates.average { storedProperties(property, $0) }
    }
}

extension RealmCollection where Element: MinMaxType {
    /// The smallest value, or nil when empty (nil values are skipped).
    public func min() -> Element? { ValueAggregates.extreme(-1, storedElements) }
    /// The largest value, or nil when empty (nil values are skipped).
    public func max() -> Element? { ValueAggregates.extreme(1, storedElements) }
}

extension RealmCollection where Element: AddableType {
    /// The sum of the values (0 when empty).
    public func sum() -> Element { ValueAggregates.sum("self", storedElements) }
    /// The average of the values, or nil when empty.
    public func average<T: _Persistable>() -> T? { ValueAggregates.average(storedElements) }
}

extension RealmCollection where Element: SortableType {
    /// The values sorted, as an array (nil values first when ascending).
    ///
    /// RealmSwift returns live `Results` here; Fief's `Results` hold objects only, so
    /// collections of values sort into a snapshot.
    public func sorted(ascending: Bool = true) -> [Element] { ValueAggregates.sorted(Array(self), ascending: ascending) }
}

extension RealmCollection where Element: Hashable {
    /// The distinct values, each at its first position, as an array (a snapshot; see
    /// ``sorted(ascending:)``).
    public func distinct() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

extension RealmCollection {
    /// Calls `body` with each element's stored form.
    func storedElements(_ body: (StoredValue) -> Void) {
        for element in self { body((try? element._fiefToStored(nil).value) ?? .null) }
    }

    /// Calls `body` with property `property` of each object; traps if the objects have no
    /// such property.
    func storedProperties(_ property: String, _ body: (StoredValue) -> Void) {
        for element in self {
            guard let object = element as? ObjectBase else { preconditionFailure("\(Element.self) has no property \(property)") }
            body(ValueAggregates.stored(property, of: object))
        }
    }
}
