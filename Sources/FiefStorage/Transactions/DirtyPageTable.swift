/// The pages a write transaction has written so far, by page number: an open-addressing hash
/// table with linear probing. The writer looks pages up on every step of every descent, so this
/// avoids `Dictionary`'s per-lookup hashing and exclusivity overhead.
final class DirtyPageTable {
    @exclusivity(unchecked) private var keys: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var values: UnsafeMutablePointer<DirtyPage?>
    @exclusivity(unchecked) private var capacity: Int
    /// Number of pages held.
    @exclusivity(unchecked) private(set) var count = 0

    init() {
        capacity = 64
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: nil, count: capacity)
    }

    deinit {
        keys.deallocate()
        values.deinitialize(count: capacity)
        values.deallocate()
    }

    @inline(__always) private func slot(_ page: UInt64) -> Int {
        Int(truncatingIfNeeded: (page &* 0x9E37_79B9_7F4A_7C15) >> 20) & (capacity - 1)
    }

    /// The dirty page `page`, or nil. Page numbers are never 0 (a meta page), which marks empty.
    @inline(__always) subscript(page: UInt64) -> DirtyPage? {
        var i = slot(page)
        while true {
            let key = keys[i]
            if key == page { return values[i] }
            if key == 0 { return nil }
            i = (i + 1) & (capacity - 1)
        }
    }

    func insert(_ page: UInt64, _ value: DirtyPage) {
        if (count + 1) * 4 > capacity * 3 { grow() }
        var i = slot(page)
        while keys[i] != 0 && keys[i] != page { i = (i + 1) & (capacity - 1) }
        if keys[i] == 0 { count += 1 }
        keys[i] = page
        values[i] = value
    }

    /// Removes and returns `page`, keeping every probe chain intact (backward-shift deletion).
    func remove(_ page: UInt64) -> DirtyPage? {
        var i = slot(page)
        while keys[i] != page {
            if keys[i] == 0 { return nil }
            i = (i + 1) & (capacity - 1)
        }
        let removed = values[i]
        count -= 1
        var hole = i
        var j = i
        while true {
            j = (j + 1) & (capacity - 1)
            if keys[j] == 0 { break }
            let home = slot(keys[j])
            // Move j into the hole when its home is not cyclically within (hole, j].
            let between = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !between {
                keys[hole] = keys[j]
                values[hole] = values[j]
                hole = j
            }
        }
        keys[hole] = 0
        values[hole] = nil
        return removed
    }

    /// Page numbers in ascending order.
    func sortedPages() -> [UInt64] {
        var pages: [UInt64] = []
        pages.reserveCapacity(count)
        for i in 0..<capacity where keys[i] != 0 { pages.append(keys[i]) }
        return pages.sorted()
    }

    /// Frees every page's memory and empties the table.
    func deallocateAll() {
        for i in 0..<capacity where keys[i] != 0 {
            values[i]?.deallocate()
            keys[i] = 0
            values[i] = nil
        }
        count = 0
    }

    private func grow() {
        let oldKeys = keys, oldValues = values, oldCapacity = capacity
        capacity *= 2
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: nil, count: capacity)
        count = 0
        for i in 0..<oldCapacity where oldKeys[i] != 0 { insert(oldKeys[i], oldValues[i]!) }
        oldKeys.deallocate()
        oldValues.deinitialize(count: oldCapacity)
        oldValues.deallocate()
    }
}
