/// The reference a store is checked against: which value each key should hold after a load and
/// a series of updates, computed by the harness without any engine.
struct ExpectedState {
    private let keys: RecordArena
    /// For each key index, the arena and record holding its current value.
    private var current: [Int: (arena: RecordArena, index: Int)] = [:]

    /// The state after loading keys `0..<count` with their aligned values from `values`.
    init(keys: RecordArena, values: RecordArena, count: Int) {
        self.keys = keys
        current.reserveCapacity(count)
        for index in 0..<count { current[index] = (values, index) }
    }

    /// Applies puts `range` of `puts` (whose keys must come from the same key arena).
    mutating func apply(_ puts: PutList, _ range: Range<Int>) {
        precondition(puts.keys === keys, "puts use a different key arena")
        for j in range {
            let key = puts.keyIndices[j]
            switch puts.values {
            case let .alignedWithKeys(arena): current[key] = (arena, key)
            case let .inPutOrder(arena): current[key] = (arena, j)
            }
        }
    }

    /// The digest of every entry.
    var digest: Digest {
        var digest = Digest()
        for (key, value) in current {
            digest.add(key: keys[key], value: value.arena[value.index])
        }
        return digest
    }
}
