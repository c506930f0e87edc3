/// The N objects `{id, name, score, age}` of the object-level workloads, stored column by column.
///
/// Object `i` has id `i`. Its name is one of N/4 distinct names (so a name matches about four
/// objects), its score a multiple of 1/4 in `0..<100_000` and its age in `0..<100`, all fixed by
/// a hash of `i`. Every engine inserts exactly these values in ascending id order.
final class ObjectDataset {
    /// N, the number of objects.
    let count: Int
    /// How many distinct names there are.
    let distinctNames: Int
    /// The name number of object `i` (its name is ``name(number:)``).
    let nameNumbers: [Int32]
    /// The name of object `i`.
    let names: [String]
    /// The score of object `i`.
    let scores: [Double]
    /// The age of object `i`.
    let ages: [Int]

    init(count: Int) {
        self.count = count
        distinctNames = Swift.max(1, count / 4)
        var nameNumbers: [Int32] = []
        var names: [String] = []
        var scores: [Double] = []
        var ages: [Int] = []
        nameNumbers.reserveCapacity(count)
        names.reserveCapacity(count)
        scores.reserveCapacity(count)
        ages.reserveCapacity(count)
        for i in 0..<count {
            let h = SplitMix64.mix(UInt64(i) ^ 0x0B1E_C7)
            let number = Int(h % UInt64(distinctNames))
            nameNumbers.append(Int32(number))
            names.append(Self.name(number: number))
            scores.append(Double((h >> 24) % 400_000) / 4)
            ages.append(Int((h >> 48) % 100))
        }
        self.nameNumbers = nameNumbers
        self.names = names
        self.scores = scores
        self.ages = ages
    }

    /// The name with number `number`.
    static func name(number: Int) -> String {
        "user-\(number)"
    }

    /// What a store holds right after loading the data set.
    func initialState() -> ObjectState {
        ObjectState(dataset: self)
    }

    /// `count` ids drawn at random from `0..<N` (repeats allowed), fixed by `seed`.
    func randomIDs(_ count: Int, seed: UInt64) -> [Int] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in random.next(below: self.count) }
    }

    /// `count` names drawn at random from the distinct names (repeats allowed), fixed by `seed`.
    func randomNames(_ count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in Self.name(number: random.next(below: distinctNames)) }
    }
}
