/// The N records of the main workloads and the orders they are written and read in.
///
/// Record `i` is key `i` with the generation-0 value of index `i` (see ``RecordFormat``). The
/// random orders are fixed permutations, different for inserting and for looking up.
final class Dataset {
    /// N, the number of records.
    let count: Int
    /// Key `i` at index `i`.
    let keys: RecordArena
    /// The value of key `i` at index `i`.
    let values: RecordArena
    /// `0..<N`: ascending key order.
    let sequentialOrder: [Int]
    /// A permutation of `0..<N` used by the random-order insert.
    let insertOrder: [Int]
    /// Another permutation of `0..<N` used by the random point gets.
    let lookupOrder: [Int]

    init(count: Int) {
        self.count = count
        keys = RecordFormat.keys(0..<count)
        values = RecordArena(recordSize: RecordFormat.valueSize, count: count) {
            RecordFormat.writeValue(index: $0, generation: 0, into: $1)
        }
        sequentialOrder = Array(0..<count)
        insertOrder = SplitMix64.permutation(count: count, seed: 0x1A5E_47)
        lookupOrder = SplitMix64.permutation(count: count, seed: 0x100C_0F)
    }

    /// The digest of all N records: what a store holds after loading the data set.
    private(set) lazy var digest: Digest = {
        var digest = Digest()
        for index in 0..<count { digest.add(key: keys[index], value: values[index]) }
        return digest
    }()

    /// Puts that write the records listed in `order`, in that order.
    func puts(in order: [Int]) -> PutList {
        PutList(keys: keys, keyIndices: order, values: .alignedWithKeys(values))
    }

    /// Puts that write records `0..<count` in ascending key order.
    func puts(firstRecords count: Int) -> PutList {
        puts(in: Array(sequentialOrder.prefix(count)))
    }

    /// What a store holds after loading the first `prefix` records (by default all N).
    func expectedState(prefix: Int? = nil) -> ExpectedState {
        ExpectedState(keys: keys, values: values, count: prefix ?? count)
    }

    /// Live data bytes (keys plus values) of the first `records` records.
    static func liveBytes(records: Int) -> Int {
        records * (RecordFormat.keySize + RecordFormat.valueSize)
    }
}
