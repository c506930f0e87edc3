/// Which direction of a figure is better.
enum Better: String, Codable, Sendable {
    /// Throughput: more is better.
    case higher
    /// Times and sizes: less is better.
    case lower
}

/// One line of the report: one figure measured on every engine.
struct ResultRow: Codable, Sendable {
    /// The workload's `--only` name.
    let workload: String
    /// The row's number in the report ("1", "7a", ...).
    let number: String
    /// What was measured, for people.
    let title: String
    /// Unit of the figures ("ops/s", "ms", "MiB").
    let unit: String
    let better: Better
    /// Engine name to its figure.
    var figures: [String: Stats] = [:]
    /// Engine name to a remark printed after its figure (such as the ratio to live data).
    var remarks: [String: String] = [:]

    init(workload: String, number: String, title: String, unit: String, better: Better) {
        self.workload = workload
        self.number = number
        self.title = title
        self.unit = unit
        self.better = better
    }

    /// How many times better `engine` is than `peer` on medians: above 1 means `engine` is
    /// better, whichever direction is better for this figure.
    func advantage(of engine: String, over peer: String) -> Double? {
        guard let mine = figures[engine]?.median, let theirs = figures[peer]?.median, mine > 0, theirs > 0 else { return nil }
        return better == .higher ? mine / theirs : theirs / mine
    }
}
