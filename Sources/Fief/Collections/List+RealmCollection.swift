/// Freezing, thawing and querying lists, and `List` as a ``RealmCollection``.
extension List {
    /// A frozen snapshot of the list, read from a frozen copy of its realm. Traps for an
    /// unmanaged list.
    public func freeze() -> List<Element> {
        guard let location else { preconditionFailure("An unmanaged List cannot be frozen") }
        return List(location: location.frozen())
    }

    /// The live list of a frozen one, or nil when its object was deleted since; the list
    /// itself when it is not frozen.
    public func thaw() -> List<Element>? {
        guard let location, location.realm.isFrozen else { return self }
        return location.thawed().map { List(location: $0) }
    }

    /// The list's objects as `Results` to refine. You do not use it directly.
    public func _fiefResults<T: ObjectBase>(_ type: T.Type) -> Results<T> {
        guard let location else { preconditionFailure("Only a managed List can be queried: add its object to a realm first") }
        return Results<T>.from(location.source, in: location.realm)
    }
}

extension List: RealmCollectionBase, RealmCollection where Element: RealmCollectionValue {}

extension List: Equatable {
    /// Whether both are the same list: the same property of the same object (read through
    /// the same realm), or the same unmanaged list. Elements are not compared.
    public static func == (lhs: List<Element>, rhs: List<Element>) -> Bool {
        guard let a = lhs.location, let b = rhs.location else { return lhs === rhs }
        return a.isSame(as: b)
    }
}
