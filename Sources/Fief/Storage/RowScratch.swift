/// Scratch rows for adding objects in one write transaction: a new object's values are gathered
/// into one before they go into its cluster, so no array is allocated and freed per object.
/// Adding an object adds the new objects it links to inside it, so each nesting level takes its
/// own row; levels take and give back rows in last-in, first-out order.
final class RowScratch {
    @exclusivity(unchecked) private var rows: [UnsafeMutablePointer<StoredValue>] = []
    @exclusivity(unchecked) private var capacities: [Int] = []
    @exclusivity(unchecked) private var depth = 0
    /// Levels beyond this many give their row back to the allocator when they end (a chain of
    /// thousands of new linked objects keeps no row per level).
    private static let keptLevels = 64

    /// Uninitialized room for `count` values at the next nesting level. The caller leaves it
    /// uninitialized again before ``giveBack()``. Inlined into each add, as ``giveBack()`` is
    /// (a call each costs about 15 instructions an added object).
    @inline(__always)
    func take(_ count: Int) -> UnsafeMutablePointer<StoredValue> {
        if depth == rows.count {
            rows.append(.allocate(capacity: count))
            capacities.append(count)
        } else if capacities[depth] < count {
            rows[depth].deallocate()
            rows[depth] = .allocate(capacity: count)
            capacities[depth] = count
        }
        depth += 1
        return rows[depth - 1]
    }

    /// Ends the innermost level's use of its row.
    @inline(__always)
    func giveBack() {
        assert(depth > 0, "RowScratch.giveBack() without take(_:)")
        depth -= 1
        if depth >= Self.keptLevels {
            rows.removeLast().deallocate()
            capacities.removeLast()
        }
    }

    deinit {
        assert(depth == 0, "a level of RowScratch was not given back")
        for row in rows { row.deallocate() }
    }
}
