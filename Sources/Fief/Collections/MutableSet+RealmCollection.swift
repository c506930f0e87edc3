/// Freezing, thawing and querying sets, and `MutableSet` as a ``RealmCollection``.
extension MutableSet {
    /// A frozen snapshot of the set. Traps for an unmanaged set.
    public func freeze() -> MutableSet<Element> { MutableSet(list: list.freeze()) }

    /// The live set of a frozen one, or nil when its object was deleted since; the set itself
    /// when it is not frozen.
    public func thaw() -> MutableSet<Element>? {
        guard isFrozen else { return self }
        return list.thaw().map { MutableSet(list: $0) }
    }

    /// The set's objects as `Results` to refine. You do not use it directly.
    public func _fiefResults<T: ObjectBase>(_ type: T.Type) -> Results<T> { list._fiefResults(type) }
}

extension MutableSet: RealmCollectionBase, RealmCollection where Element: RealmCollectionValue {}

extension MutableSet: Equatable {
    /// Whether both are the same set: the same property of the same object (read through the
    /// same realm), or the same unmanaged set. Members are not compared.
    public static func == (lhs: MutableSet<Element>, rhs: MutableSet<Element>) -> Bool { lhs.list == rhs.list }
}
