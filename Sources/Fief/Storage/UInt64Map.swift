/// A hash table from `UInt64` keys to values, for the object layer's lookups on every object
/// read: cluster starts, class identities.
///
/// `Dictionary` hashes its keys with SipHash, which costs about 250 instructions a lookup (a
/// quarter of a primary-key lookup, measured with callgrind). These keys come from the store
/// and the runtime, not from outside, so a multiplicative hash with linear probing serves and
/// costs a few dozen. Removing an entry shifts the entries after it back, so that no probe
/// sequence is broken and no tombstone is left.
struct UInt64Map<Value> {
    private var slots: [(key: UInt64, value: Value)?] = []
    /// Entries held.
    private(set) var count = 0

    /// An empty map.
    init() {}

    /// The slot a probe for `key` starts at.
    @inline(__always)
    private func home(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots.count - 1)
    }

    /// The slot where `key` is or would go: the probe sequence ends at the key or at a hole.
    @inline(__always)
    private func slot(of key: UInt64) -> Int {
        let mask = slots.count - 1
        var index = home(of: key)
        while let entry = slots[index], entry.key != key { index = (index + 1) & mask }
        return index
    }

    /// The value for `key`, if any.
    subscript(key: UInt64) -> Value? {
        guard count > 0 else { return nil }
        return slots[slot(of: key)]?.value
    }

    /// Adds or replaces the value for `key`.
    mutating func set(_ value: Value, for key: UInt64) {
        // At most three quarters full, so that probe sequences stay short and end.
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let index = slot(of: key)
        if slots[index] == nil { count += 1 }
        slots[index] = (key, value)
    }

    /// Removes the entry for `key` and returns its value, if there was one.
    @discardableResult
    mutating func remove(_ key: UInt64) -> Value? {
        guard count > 0 else { return nil }
        var hole = slot(of: key)
        guard let removed = slots[hole]?.value else { return nil }
        slots[hole] = nil
        count -= 1
        // Backward-shift deletion: an entry further along the run moves into the hole when the
        // hole lies on its probe sequence (between its home slot and where it sits, cyclically).
        let mask = slots.count - 1
        var next = (hole + 1) & mask
        while let entry = slots[next] {
            let distanceToEntry = (next - home(of: entry.key)) & mask
            let distanceToHole = (next - hole) & mask
            if distanceToHole <= distanceToEntry {
                slots[hole] = entry
                slots[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
        return removed
    }

    /// Every key held, in no particular order.
    var keys: [UInt64] { slots.compactMap { $0?.key } }

    /// Forgets every entry.
    mutating func removeAll() {
        slots = []
        count = 0
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: max(16, old.count * 2))
        count = 0
        for case let (key, value)? in old { set(value, for: key) }
    }
}
