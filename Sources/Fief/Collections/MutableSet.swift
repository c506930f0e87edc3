/// An unordered set of distinct values or objects, as a `@Persisted` property.
///
/// ```swift
/// class Recipe: Object { @Persisted var tags: MutableSet<String> }
/// try realm.write { recipe.tags.insert("vegan") }
/// ```
///
/// A managed set keeps its elements in the order they were added. A set written whole (the
/// property assigned, an update with `create(_:value:update:)`, a dynamic or migration
/// assignment) keeps the elements that stay in their order and adds the new ones after them,
/// so every synced copy of the set holds the same order.
///
/// Members are told apart by their stored values: a set of `Float` or `Double` holds at most
/// one NaN (inserting NaN again adds nothing, and `contains(.nan)` finds it), and `-0.0` and
/// `0.0` are one member.
public final class MutableSet<Element: _Persistable>: RandomAccessCollection, CustomStringConvertible {
    let list: List<Element>

    /// An empty unmanaged set.
    public init() { list = List() }
    init(list: List<Element>) { self.list = list }

    private func position(of element: Element) -> Int? { list.index(of: element) }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of elements (one past the last position).
    public var endIndex: Int { list.count }
    /// The element at `position`: sets keep their elements in the order they were added, so
    /// positions are stable until the set changes.
    public subscript(position: Int) -> Element { list[position] }

    /// The number of elements.
    public var count: Int { list.count }
    /// Whether the set contains `element`.
    public func contains(_ element: Element) -> Bool { position(of: element) != nil }
    /// Adds `element` unless present.
    public func insert(_ element: Element) {
        guard list.location != nil else { if position(of: element) == nil { list.append(element) }; return }
        list.appendUnlessStored(element)
    }
    /// Removes `element` if present.
    public func remove(_ element: Element) { if let i = position(of: element) { list.remove(at: i) } }
    /// Removes every element.
    public func removeAll() { list.removeAll() }
    /// Iterates a snapshot of the elements taken when iteration starts.
    public func makeIterator() -> IndexingIterator<[Element]> { list.makeIterator() }
    public var description: String { "MutableSet<\(Element.self)>(\(list.elements().map { "\($0)" }.joined(separator: ", ")))" }
}

extension MutableSet: _Persistable, _CollectionStoredValue, _ArrayInitializable {
    static func _fiefFromArray(_ items: [Any]) -> Self? {
        guard let list = List<Element>._fiefFromArray(items) else { return nil }
        let set = Self(list: List())
        for e in list { set.insert(e) }
        return set
    }

    public static var _fiefShape: _PersistableShape {
        var shape = Element._fiefShape
        shape.collection = .set
        return shape
    }
    public static func _fiefDefault() -> Self { Self() }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self {
        Self(list: List._fiefFromStored(box, context))
    }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox {
        guard case .collection(let items) = try list._fiefToStored(context).value else { return _StoredBox(value: .collection([])) }
        return _StoredBox(value: .collection(StoredValue.setMembers(items)))
    }
    public static func _fiefRead(_ access: _PropertyAccess) -> Self { Self(list: List._fiefRead(access)) }
    public func _fiefWrite(_ access: _PropertyAccess) throws { try list._fiefWrite(access) }
    func _storedElements(_ realm: Realm?) throws -> StoredValue { try _fiefToStored(realm.map { _RealmContext(realm: $0) }).value }
}
