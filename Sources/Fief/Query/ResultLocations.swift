/// Where each object of evaluated results sits, as the scan that found it saw it: its
/// cluster and row. Objects made from it need no lookup of their own for their first read.
/// Valid while the realm's ``Realm/epoch`` is `epoch` (no object inserted or deleted, no other
/// transaction).
struct ResultLocations {
    /// Runs of consecutive results in one cluster: the cluster start and the index of the
    /// run's first result.
    private(set) var runs: [(start: UInt64, firstIndex: Int)] = []
    /// The row of each result in its cluster.
    private(set) var rows: [UInt32] = []
    let epoch: UInt64

    /// Empty locations; `capacity` results are appended without regrowing.
    init(epoch: UInt64, capacity: Int = 0) {
        self.epoch = epoch
        if capacity > 0 {
            runs.reserveCapacity(capacity)
            rows.reserveCapacity(capacity)
        }
    }

    /// Records the next result: row `row` of cluster `start`.
    mutating func append(start: UInt64, row: Int) {
        if runs.last?.start != start { runs.append((start, rows.count)) }
        rows.append(UInt32(truncatingIfNeeded: row))
    }

    /// The location of result `index`, starting the search at run `run` (advanced to the run
    /// holding `index`: iterating in order costs no search).
    func location(of index: Int, from run: inout Int) -> (start: UInt64, row: Int) {
        if run >= runs.count || runs[run].firstIndex > index { run = 0 }
        while run + 1 < runs.count && runs[run + 1].firstIndex <= index { run += 1 }
        return (runs[run].start, Int(rows[index]))
    }
}
