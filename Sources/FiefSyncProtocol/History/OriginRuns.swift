/// A server history's entries as maximal runs of consecutive entries with the same origin
/// file: where each run starts (a server version) and whose entries it holds.
///
/// Integrating an upload transforms it past every entry after its base *from another file*.
/// Walking the entries one by one to skip the uploader's own costs the length of the history
/// per upload, so a backlog of `n` offline changesets costs `n²`; walking runs costs the number
/// of runs plus the entries actually transformed.
struct OriginRuns: Sendable {
    private struct Run: Sendable {
        var firstVersion: UInt64
        let origin: UInt64
    }

    /// Ascending by `firstVersion`; a run ends where the next begins (the last at the newest entry).
    private var runs: [Run] = []

    /// Notes `entry`, the history's new last entry.
    mutating func append(_ entry: ServerHistoryEntry) {
        if runs.last?.origin == entry.originFileIdent { return }
        runs.append(Run(firstVersion: entry.serverVersion, origin: entry.originFileIdent))
    }

    /// Forgets the entries up to server version `version` (compacted away).
    mutating func drop(through version: UInt64) {
        // Runs that end at or before `version`: the next run starts at or before `version + 1`.
        var dropped = 0
        while dropped + 1 < runs.count, runs[dropped + 1].firstVersion <= version + 1 { dropped += 1 }
        runs.removeFirst(dropped)
        if !runs.isEmpty, runs[0].firstVersion <= version { runs[0].firstVersion = version + 1 }
    }

    /// Calls `body`, in order, with the index (in a history compacted through
    /// `compactedThrough` and holding `count` entries) of every entry from index `start` on
    /// whose origin is not `excluded`.
    func forEachIndex(from start: Int, of count: Int, compactedThrough: UInt64, except excluded: UInt64,
                      _ body: (Int) throws -> Void) rethrows {
        guard start < count else { return }
        // The version of the entry at index i is compactedThrough + i + 1.
        let startVersion = compactedThrough + UInt64(start) + 1
        var r = runIndex(containing: startVersion)
        while r < runs.count {
            let end = r + 1 < runs.count ? Int(runs[r + 1].firstVersion - compactedThrough - 1) : count
            if runs[r].origin != excluded {
                let from = max(start, Int(runs[r].firstVersion - compactedThrough - 1))
                for i in from..<end { try body(i) }
            }
            r += 1
        }
    }

    /// The run holding server version `version` (the last run starting at or before it).
    private func runIndex(containing version: UInt64) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].firstVersion <= version { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }
}
