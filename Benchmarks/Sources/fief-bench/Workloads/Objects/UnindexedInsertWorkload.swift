/// O14: O1 without the secondary index: insert all N objects in ascending id order, in one
/// durable write transaction, into a fresh store whose `name` is not indexed. An untimed read of
/// every object then checks the store.
struct UnindexedInsertWorkload: ObjectWorkload {
    let name = "o14-insert-unindexed"
    let summary = "insert N objects in one durable transaction into a fresh store without a secondary index"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let dataset = context.dataset
        var row = ResultRow(workload: name, number: "O14", title: "Bulk insert, N objects in one txn, no secondary index",
                            unit: "objects/s", better: .higher)
        for engine in context.engines {
            row.figures[engine.name] = try context.sample(name, engine, unit: row.unit, warmups: 0) { _ in
                let directory = try context.scratch.freshDirectory("\(name)-\(engine.name)")
                defer { context.scratch.remove(directory) }
                let store = try engine.createUnindexed(in: directory)
                do {
                    let seconds = try measureSeconds { try store.insert(dataset, 0..<dataset.count) }
                    try context.check(name, engine, "objects after insert", store.readAll(), expected: context.loadedDigest)
                    try store.close()
                    return Double(dataset.count) / seconds
                } catch {
                    try? store.close()
                    throw error
                }
            }
        }
        return [row]
    }
}
