/// One entry of a `Map`, as iterating the map gives it. Entries are equal (and hash) by key.
public struct SingleMapEntry<Key: _MapKey, Value: _Persistable>: Hashable {
    /// The entry's key.
    public var key: Key
    /// The entry's value.
    public var value: Value

    /// An entry of `key` and `value`.
    public init(key: Key, value: Value) {
        self.key = key
        self.value = value
    }

    /// Whether the entries have the same key.
    public static func == (lhs: SingleMapEntry, rhs: SingleMapEntry) -> Bool { lhs.key == rhs.key }
    /// Hashes the key.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// Iterating a map gives its entries in key order, from a snapshot taken when iteration starts.
///
/// ```swift
/// for entry in inventory.counts { print(entry.key, entry.value) }
/// for (fruit, count) in inventory.counts.asKeyValueSequence() { print(fruit, count) }
/// ```
extension Map: Sequence {
    /// An iterator over a snapshot of the entries, in key order.
    public func makeIterator() -> IndexingIterator<[SingleMapEntry<Key, Value>]> {
        pairs().map { SingleMapEntry(key: $0.key, value: $0.value) }.makeIterator()
    }

    /// The map's entries as `(key, value)` tuples, for `for (key, value) in ...`.
    public struct KeyValueSequence: Sequence {
        let pairs: [(key: Key, value: Value)]
        /// An iterator over the `(key, value)` pairs, in key order.
        public func makeIterator() -> IndexingIterator<[(key: Key, value: Value)]> { pairs.makeIterator() }
    }

    /// The entries as `(key, value)` tuples, in key order (a snapshot).
    public func asKeyValueSequence() -> KeyValueSequence { KeyValueSequence(pairs: pairs()) }
}
