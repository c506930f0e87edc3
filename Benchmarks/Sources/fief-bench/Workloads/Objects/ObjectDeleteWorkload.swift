/// O7: delete a batch of distinct ids in one durable write transaction. Each round (one warm-up,
/// then the timed runs) deletes a different batch of the same fixed permutation; an untimed read
/// of every object at the end checks the survivors.
struct ObjectDeleteWorkload: ObjectWorkload {
    let name = "o7-delete"
    let summary = "delete a batch of ids in one durable transaction"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let dataset = context.dataset
        let rounds = 1 + context.runs
        let batch = min(context.config.batch, dataset.count / rounds)
        let order = SplitMix64.permutation(count: dataset.count, seed: 0x07_DE1)
        let batches = (0..<rounds).map { order[$0 * batch ..< ($0 + 1) * batch] }
        var expected = dataset.initialState()
        for ids in batches { expected.delete(ids) }
        let expectedDigest = expected.digest
        var row = ResultRow(workload: name, number: "O7", title: "Delete \(Format.grouped(batch)) objects in one txn",
                            unit: "objects/s", better: .higher)
        try context.measureWrites(&row, expected: expectedDigest) { store, run in
            let ids = batches[1 + run]
            return Double(ids.count) / (try measureSeconds { try store.delete(ids) })
        }
        return [row]
    }
}
