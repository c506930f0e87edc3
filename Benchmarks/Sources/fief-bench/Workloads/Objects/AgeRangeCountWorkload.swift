/// O3: count the objects with `10k <= age < 10k + 10` for each decade `k` (age is not indexed, so
/// each count scans the table). The figure is the mean time of one count.
struct AgeRangeCountWorkload: ObjectWorkload {
    let name = "o3-age-count"
    let summary = "count objects with age in a range of 10 (unindexed), for each decade"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let ranges = (0..<context.config.ageQueries).map { 10 * $0 ..< 10 * $0 + 10 }
        let state = context.dataset.initialState()
        var row = ResultRow(workload: name, number: "O3", title: "Unindexed range count (age >= a AND age < a + 10)",
                            unit: "ms", better: .lower)
        try context.measureReads(&row, "counts per decade", expected: ranges.map { state.count(ages: $0) },
                                 figure: { $0 * 1000 / Double(ranges.count) }) { store in
            try ranges.map { try store.count(ages: $0) }
        }
        return [row]
    }
}
