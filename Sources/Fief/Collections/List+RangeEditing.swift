import Foundation

/// Editing several elements of a list at once, as RealmSwift's `List` (and Swift's
/// `RangeReplaceableCollection`) has it. On a managed list each step is recorded as its own
/// insert, erase or move, so notifications and sync see exactly what changed.
extension List {
    /// The type of a slice of the list.
    public typealias SubSequence = Slice<List<Element>>

    /// Replaces the element at `index` with `object`.
    public func replace(index: Int, object: Element) { self[index] = object }

    /// Removes `number` elements from the start (traps if the list has fewer).
    public func removeFirst(_ number: Int = 1) {
        precondition(number >= 0 && number <= count, "Cannot remove \(number) elements from a list of \(count)")
        for _ in 0..<number { remove(at: 0) }
    }

    /// Removes `number` elements from the end (traps if the list has fewer).
    public func removeLast(_ number: Int = 1) {
        precondition(number >= 0 && number <= count, "Cannot remove \(number) elements from a list of \(count)")
        for _ in 0..<number { remove(at: count - 1) }
    }

    /// Inserts the elements of a collection, in order, starting at index `i`.
    public func insert<C: Collection>(contentsOf newElements: C, at i: Int) where C.Element == Element {
        for (offset, element) in newElements.enumerated() { insert(element, at: i + offset) }
    }

    /// Removes the elements in a range.
    ///
    /// ```swift
    /// try realm.write { owner.pets.removeSubrange(1..<3) }
    /// ```
    public func removeSubrange<R: RangeExpression>(_ bounds: R) where R.Bound == Int {
        let range = bounds.relative(to: 0..<count)
        for i in range.reversed() { remove(at: i) }
    }

    /// Replaces the elements in a range with the elements of a collection.
    public func replaceSubrange<C: Collection, R: RangeExpression>(_ subrange: R, with newElements: C)
        where C.Element == Element, R.Bound == Int {
        let range = subrange.relative(to: 0..<count)
        removeSubrange(range)
        insert(contentsOf: newElements, at: range.lowerBound)
    }

    /// Removes the elements at the given offsets.
    public func remove(atOffsets offsets: IndexSet) {
        for i in offsets.reversed() { remove(at: i) }
    }

    /// Moves the elements at `offsets` so that they stand, in their order, just before the
    /// element that was at `destination` (at the end when `destination` is `count`), as
    /// SwiftUI's `onMove` reports moves.
    public func move(fromOffsets offsets: IndexSet, toOffset destination: Int) {
        let n = count
        precondition(destination >= 0 && destination <= n, "Destination \(destination) is out of bounds")
        let moving = offsets.filter { $0 < n }
        let staying = (0..<n).filter { !offsets.contains($0) }
        let insertAt = destination - moving.filter { $0 < destination }.count
        // The original index of the element each position ends up with.
        let target = Array(staying[..<insertAt]) + moving + Array(staying[insertAt...])
        var current = Array(0..<n)
        for position in 0..<n where current[position] != target[position] {
            let from = current.firstIndex(of: target[position])!
            move(from: from, to: position)
            current.insert(current.remove(at: from), at: position)
        }
    }
}
