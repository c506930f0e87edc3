/// O13: a loop over every object that reads its score, as an app iterates: Fief's
/// `for o in realm.objects(...)`, SQLite's `sqlite3_step` row loop, GRDB's record cursor. The
/// figure is the time per object (warm).
struct IterateObjectsWorkload: ObjectWorkload {
    let name = "o13-iterate"
    let summary = "loop over every object reading its score (for o in results / row loop), per object (warm)"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let count = Double(context.dataset.count)
        var row = ResultRow(workload: name, number: "O13", title: "Iterate all objects reading score (for-loop)",
                            unit: "ns/object", better: .lower)
        try context.measureReads(&row, "sum of scores", expected: context.dataset.initialState().scoreSum,
                                 figure: { $0 * 1e9 / count }) { try $0.iterateScores() }
        return [row]
    }
}
