/// O1: insert all N objects in ascending id order, in one write transaction, into a fresh store.
/// The time includes the durable commit. An untimed read of every object then checks the store.
struct ObjectInsertWorkload: ObjectWorkload {
    let name = "o1-insert"
    let summary = "insert N objects in one durable transaction into a fresh store"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let dataset = context.dataset
        var row = ResultRow(workload: name, number: "O1", title: "Bulk insert, N objects in one txn",
                            unit: "objects/s", better: .higher)
        for engine in context.engines {
            row.figures[engine.name] = try context.sample(name, engine, unit: row.unit, warmups: 0) { _ in
                try context.withStore(engine, label: name, load: false) { store, _ in
                    let seconds = try measureSeconds { try store.insert(dataset, 0..<dataset.count) }
                    try context.check(name, engine, "objects after insert", store.readAll(), expected: context.loadedDigest)
                    return Double(dataset.count) / seconds
                }
            }
        }
        return [row]
    }
}
