/// O2: primary-key lookups of random ids, reading all four fields, in one read transaction, on a
/// loaded store warmed by one untimed pass.
struct ObjectLookupWorkload: ObjectWorkload {
    let name = "o2-pk-get"
    let summary = "look up random ids by primary key, reading every field (warm)"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let ids = context.dataset.randomIDs(context.config.lookups, seed: 0x0B_9E7)
        var row = ResultRow(workload: name, number: "O2", title: "Primary-key lookups (random ids, all fields)",
                            unit: "lookups/s", better: .higher)
        try context.measureReads(&row, "lookups", expected: context.dataset.initialState().lookupDigest(ids),
                                 figure: { Double(ids.count) / $0 }) { try $0.lookup(ids) }
        return [row]
    }
}
