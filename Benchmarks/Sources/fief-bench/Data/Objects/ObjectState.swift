/// What an object store should hold: the data set with the updates and deletes applied so far.
///
/// The object workloads apply to it what they ask the engines to do, then compare what an engine
/// reads with what this state says it must read.
struct ObjectState {
    private let dataset: ObjectDataset
    /// Current score by id.
    private(set) var scores: [Double]
    /// Whether each id still exists.
    private(set) var alive: [Bool]
    /// How many objects exist.
    private(set) var liveCount: Int

    init(dataset: ObjectDataset) {
        self.dataset = dataset
        scores = dataset.scores
        alive = Array(repeating: true, count: dataset.count)
        liveCount = dataset.count
    }

    /// Adds 1 to the score of each id in `ids` that exists (once per occurrence).
    mutating func incrementScores<C: Collection<Int>>(_ ids: C) {
        for id in ids where alive[id] { scores[id] += 1 }
    }

    /// Deletes each id in `ids` that exists.
    mutating func delete<C: Collection<Int>>(_ ids: C) {
        for id in ids where alive[id] {
            alive[id] = false
            liveCount -= 1
        }
    }

    /// The digest of every live object: what reading all objects must give.
    var digest: ObjectDigest {
        var digest = ObjectDigest()
        for id in 0..<dataset.count where alive[id] { add(id, to: &digest) }
        return digest
    }

    /// The digest of looking up each of `ids` by primary key (missing ids are skipped).
    func lookupDigest(_ ids: [Int]) -> ObjectDigest {
        var digest = ObjectDigest()
        for id in ids where alive[id] { add(id, to: &digest) }
        return digest
    }

    /// The digest of fetching every object named each of `names` (a name asked twice counts its
    /// objects twice).
    func nameQueryDigest(_ names: [String]) -> ObjectDigest {
        var asked: [String: Int] = [:]
        for name in names { asked[name, default: 0] += 1 }
        var digest = ObjectDigest()
        for id in 0..<dataset.count where alive[id] {
            if let times = asked[dataset.names[id]] { add(id, to: &digest, times: times) }
        }
        return digest
    }

    /// How many live objects have `ages.lowerBound <= age < ages.upperBound`.
    func count(ages: Range<Int>) -> Int {
        (0..<dataset.count).reduce(0) { $0 + (alive[$1] && ages.contains(dataset.ages[$1]) ? 1 : 0) }
    }

    /// The sum of the scores of all live objects (exact: see ``ObjectDigest``).
    var scoreSum: Double {
        (0..<dataset.count).reduce(0.0) { alive[$1] ? $0 + scores[$1] : $0 }
    }

    private func add(_ id: Int, to digest: inout ObjectDigest, times: Int = 1) {
        digest.add(id: id, name: dataset.names[id], score: scores[id], age: dataset.ages[id], times: times)
    }
}
