/// Set operations between two `MutableSet`s, as RealmSwift's `MutableSet` has them. Members
/// are compared as in ``MutableSet/contains(_:)``: objects by identity or managed key, values
/// by value.
///
/// ```swift
/// try realm.write { recipe.tags.formUnion(other.tags) }
/// ```
extension MutableSet {
    /// Adds every element of a sequence that is not already a member.
    public func insert<S: Sequence>(objectsIn objects: S) where S.Element == Element {
        for object in objects { insert(object) }
    }

    /// Whether every member of this set is a member of `possibleSuperset`.
    public func isSubset(of possibleSuperset: MutableSet<Element>) -> Bool {
        let other = possibleSuperset.list.elements()
        return list.elements().allSatisfy { e in other.contains { isSameElement($0, e) } }
    }

    /// Whether the sets have at least one member in common.
    public func intersects(_ otherSet: MutableSet<Element>) -> Bool {
        let other = otherSet.list.elements()
        return list.elements().contains { e in other.contains { isSameElement($0, e) } }
    }

    /// Keeps only the members that are also in `other`.
    public func formIntersection(_ other: MutableSet<Element>) {
        let keep = other.list.elements()
        for e in list.elements().reversed() where !keep.contains(where: { isSameElement($0, e) }) { remove(e) }
    }

    /// Removes the members that are in `other`.
    public func subtract(_ other: MutableSet<Element>) {
        for e in other.list.elements() { remove(e) }
    }

    /// Adds the members of `other`.
    public func formUnion(_ other: MutableSet<Element>) {
        insert(objectsIn: other.list.elements())
    }

    /// The position of `object` in the set, or nil when it is not a member.
    public func index(of object: Element) -> Int? { list.index(of: object) }
}
