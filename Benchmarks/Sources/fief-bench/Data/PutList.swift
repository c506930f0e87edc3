/// An ordered list of writes, shared by every engine so that all of them do the same work.
///
/// Put `j` stores key `keys[keyIndices[j]]` with either the value aligned with that key (a load
/// of a data set) or value `j` of a separate arena (updates with new values).
struct PutList {
    /// Where the value of each put comes from.
    enum Values {
        /// Value `keyIndices[j]`: the arena holds one value per key.
        case alignedWithKeys(RecordArena)
        /// Value `j`: the arena holds one value per put.
        case inPutOrder(RecordArena)
    }

    let keys: RecordArena
    let keyIndices: [Int]
    let values: Values

    /// Number of puts.
    var count: Int { keyIndices.count }

    /// The key of put `j`.
    @inline(__always)
    func key(_ j: Int) -> UnsafeRawBufferPointer {
        keys[keyIndices[j]]
    }

    /// The value of put `j`.
    @inline(__always)
    func value(_ j: Int) -> UnsafeRawBufferPointer {
        switch values {
        case let .alignedWithKeys(arena): return arena[keyIndices[j]]
        case let .inPutOrder(arena): return arena[j]
        }
    }

    /// `count` updates of keys drawn at random from `0..<keyRange`, each with a fresh value
    /// (generation `firstGeneration + j`). Keys may repeat; the last put of a key wins.
    static func randomUpdates(keys: RecordArena, keyRange: Int, count: Int, seed: UInt64, firstGeneration: UInt64) -> PutList {
        var random = SplitMix64(seed: seed)
        let indices = (0..<count).map { _ in random.next(below: keyRange) }
        let values = RecordArena(recordSize: RecordFormat.valueSize, count: count) {
            RecordFormat.writeValue(index: indices[$0], generation: firstGeneration + UInt64($0), into: $1)
        }
        return PutList(keys: keys, keyIndices: indices, values: .inPutOrder(values))
    }
}
