/// O5: the sum of every object's score, a full scan (warm). Scores are exact in binary, so every
/// engine must return the same sum to the bit.
struct ScoreSumWorkload: ObjectWorkload {
    let name = "o5-score-sum"
    let summary = "sum of score over all objects (full scan, warm)"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        var row = ResultRow(workload: name, number: "O5", title: "Full-scan sum of score", unit: "ms", better: .lower)
        try context.measureReads(&row, "sum of scores", expected: context.dataset.initialState().scoreSum,
                                 figure: { $0 * 1000 }) { try $0.sumScores() }
        return [row]
    }
}
