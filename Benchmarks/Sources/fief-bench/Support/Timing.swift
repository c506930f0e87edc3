/// Runs `body` once and returns how long it took in seconds, on the monotonic clock.
func measureSeconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    let parts = elapsed.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}

/// Several measurements of one figure, summarized by their median, minimum and maximum.
struct Stats: Codable, Sendable {
    /// Every measurement, in the order taken.
    let samples: [Double]
    let median: Double
    let min: Double
    let max: Double

    init(samples: [Double]) {
        precondition(!samples.isEmpty, "a figure needs at least one measurement")
        self.samples = samples
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
    }

    /// A figure measured once (a file size, say).
    init(single value: Double) {
        self.init(samples: [value])
    }

    /// The 99th percentile of `sorted` (ascending, not empty): the smallest sample at least 99%
    /// of the samples do not exceed.
    static func p99(ofSorted sorted: [Double]) -> Double {
        sorted[Swift.max(0, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    }
}
