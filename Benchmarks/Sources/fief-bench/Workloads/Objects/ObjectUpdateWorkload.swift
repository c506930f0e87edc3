/// O6: add 1 to the score of a fixed set of distinct ids in one durable write transaction. Each
/// round (one warm-up, then the timed runs) updates the same ids; an untimed read of every object
/// at the end checks that every update landed.
struct ObjectUpdateWorkload: ObjectWorkload {
    let name = "o6-update"
    let summary = "score += 1 on a fixed set of ids in one durable transaction"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let dataset = context.dataset
        let ids = SplitMix64.permutation(count: dataset.count, seed: 0x06_0D)[..<min(context.config.batch, dataset.count)]
        var expected = dataset.initialState()
        for _ in 0..<(1 + context.runs) { expected.incrementScores(ids) }
        let expectedDigest = expected.digest
        var row = ResultRow(workload: name, number: "O6", title: "Update \(Format.grouped(ids.count)) objects in one txn",
                            unit: "objects/s", better: .higher)
        try context.measureWrites(&row, expected: expectedDigest) { store, _ in
            Double(ids.count) / (try measureSeconds { try store.incrementScores(ids) })
        }
        return [row]
    }
}
