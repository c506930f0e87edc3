/// `LinkingObjects` as a ``RealmCollection``, with RealmSwift's members.
extension LinkingObjects: RealmCollectionBase, RealmCollection, Equatable {
    /// Backlinks from the objects of `fromType` through their `property`, in RealmSwift's
    /// older spelling. Declare it inside `@Persisted` (Fief has no Objective-C runtime to find a
    /// plain `let`):
    ///
    /// ```swift
    /// @Persisted var owners = LinkingObjects(fromType: Person.self, property: "dogs")
    /// ```
    public convenience init(fromType: Element.Type, property: String) {
        self.init(target: nil, originProperty: property)
    }

    /// The realm managing the object linked to, or nil while it is unmanaged.
    public var realm: Realm? { target?.realm }
    /// Whether the object linked to was deleted, or its realm invalidated.
    public var isInvalidated: Bool { target.map { !$0.rowRealm.objectExists($0) } ?? false }
    /// Whether this is a frozen snapshot.
    public var isFrozen: Bool { target?.rowRealm.isFrozen ?? false }

    /// A frozen snapshot. Traps when unmanaged.
    public func freeze() -> LinkingObjects<Element> {
        guard let target else { preconditionFailure("Unmanaged LinkingObjects cannot be frozen") }
        return LinkingObjects(target: target.frozenRow(), originProperty: originProperty)
    }

    /// The live `LinkingObjects` of a frozen one, or nil when the object linked to was deleted
    /// since; itself when not frozen.
    public func thaw() -> LinkingObjects<Element>? {
        guard let target, target.rowRealm.isFrozen else { return self }
        return target.thawedRow().map { LinkingObjects(target: $0, originProperty: originProperty) }
    }

    /// The index of `object`, or nil when it does not link here.
    public func index(of object: Element) -> Int? { objects.firstIndex { isSameElement($0, object) } }

    /// Iterates a snapshot of the linking objects, found once when iteration starts.
    public func makeIterator() -> IndexingIterator<[Element]> { objects.makeIterator() }

    /// The class and the linking objects, as text.
    public var description: String {
        "LinkingObjects<\(Element.className())>(\(objects.map { "\($0)" }.joined(separator: ", ")))"
    }

    /// Whether both are the backlinks of the same object through the same property.
    public static func == (lhs: LinkingObjects<Element>, rhs: LinkingObjects<Element>) -> Bool {
        guard lhs.originProperty == rhs.originProperty else { return false }
        guard let a = lhs.target, let b = rhs.target else { return lhs === rhs }
        return a.rowKey == b.rowKey && a.rowRealm === b.rowRealm && a.rowTable.className == b.rowTable.className
    }

    /// The linking objects as `Results` to refine. You do not use it directly.
    public func _fiefResults<T: ObjectBase>(_ type: T.Type) -> Results<T> {
        guard let target, let source else { preconditionFailure("Only managed LinkingObjects can be queried") }
        return Results<T>.from(source, in: target.rowRealm)
    }
}
