/// O4: many equality queries on the indexed name, each for a random name, reading every field of
/// every matching object, in one read transaction (warm).
struct NameQueryWorkload: ObjectWorkload {
    let name = "o4-name-query"
    let summary = "query random names (indexed equality), reading every matched object (warm)"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let names = context.dataset.randomNames(context.config.nameQueries, seed: 0x4A_3E)
        var row = ResultRow(workload: name, number: "O4", title: "Indexed equality query on name (random names)",
                            unit: "queries/s", better: .higher)
        try context.measureReads(&row, "matched objects", expected: context.dataset.initialState().nameQueryDigest(names),
                                 figure: { Double(names.count) / $0 }) { try $0.query(names: names) }
        return [row]
    }
}
