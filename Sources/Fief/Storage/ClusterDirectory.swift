import FiefStorage

/// The sorted cluster starts of one class in one transaction, so that finding an object's
/// cluster is a binary search instead of a tree seek. Write transactions keep it up to date as
/// clusters are created and removed.
///
/// A read transaction reads the starts only when something needs them all (a scan, or many
/// lookups): until then ``clusterStart(containing:in:)`` seeks the cluster tree, so opening a
/// realm and reading a few objects reads a few pages whatever the file's size.
final class ClusterDirectory {
    /// The starts, once read (or given).
    @exclusivity(unchecked) private var known: [UInt64]?
    /// Reads every start of the transaction's version.
    private let loadStarts: () throws -> [UInt64]
    /// Lookups answered by seeking the tree while the starts were not read.
    @exclusivity(unchecked) private var seeks = 0
    /// The class's cluster tree in that transaction, once looked up.
    @exclusivity(unchecked) var tree: Tree?
    @exclusivity(unchecked) var treeLoaded = false
    /// Index trees of the class looked up in that transaction, by column.
    @exclusivity(unchecked) var indexTrees: [UInt16: Tree] = [:]
    /// Column chunks found so far, in place in the map, per cluster start (read transactions).
    @exclusivity(unchecked) var pinned = UInt64Map<PinnedCluster>()

    /// After this many seeks a transaction reads every start: from then on each lookup is a
    /// binary search in memory rather than a descent of the tree.
    static let seekLimit = 64

    /// A directory of known starts.
    init(starts: [UInt64]) {
        known = starts
        loadStarts = { starts }
    }

    /// A directory that calls `load` the first time it needs every start.
    init(loadingStarts load: @escaping () throws -> [UInt64]) {
        loadStarts = load
    }

    /// Every cluster start, in order.
    func starts() throws -> [UInt64] {
        if let known { return known }
        let starts = try loadStarts()
        known = starts
        return starts
    }

    /// The starts if they were read already.
    var loadedStarts: [UInt64]? { known }

    /// The start of the cluster holding (or that would hold) `key`: by seeking `tree` while the
    /// starts are not read and few lookups were made, otherwise in the starts.
    func clusterStart(containing key: UInt64, in tree: Tree) throws -> UInt64? {
        if known == nil && seeks < Self.seekLimit {
            seeks += 1
            if let found = try Self.seekStart(containing: key, in: tree) { return found }
        }
        return try cluster(containing: key)?.start
    }

    /// The cluster holding (or that would hold) `key`, and the next cluster's start.
    func cluster(containing key: UInt64) throws -> (start: UInt64, next: UInt64?)? {
        let starts = try starts()
        let above = Self.firstIndex(above: key, in: starts)
        guard above > 0 else { return nil }
        return (starts[above - 1], above < starts.count ? starts[above] : nil)
    }

    /// The first cluster start after `key`.
    func start(after key: UInt64) throws -> UInt64? {
        let starts = try starts()
        let above = Self.firstIndex(above: key, in: starts)
        return above < starts.count ? starts[above] : nil
    }

    /// The index of the first of the sorted `starts` above `key` (`starts.count` when none is),
    /// by binary search.
    @inline(__always)
    static func firstIndex(above key: UInt64, in starts: [UInt64]) -> Int {
        // Through the buffer (bounds checked in debug builds only): every probe is in range,
        // and the array's own checks were a third of a lookup's search.
        starts.withUnsafeBufferPointer { starts in
            var low = 0, remaining = starts.count
            while remaining > 0 {
                let half = remaining / 2
                if starts[low + half] <= key {
                    low += half + 1
                    remaining -= half + 1
                } else {
                    remaining = half
                }
            }
            return low
        }
    }

    /// Records a new cluster (a no-op while the starts are not read: reading them later finds
    /// it in the tree).
    func insert(_ start: UInt64) {
        guard var starts = known else { return }
        known = nil
        defer { known = starts }
        if let last = starts.last, start > last { starts.append(start); return }
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < start { low = mid + 1 } else { high = mid }
        }
        if low < starts.count && starts[low] == start { return }
        starts.insert(start, at: low)
    }

    /// Forgets a removed cluster.
    func remove(_ start: UInt64) {
        guard var starts = known else { return }
        known = nil
        if let i = starts.firstIndex(of: start) { starts.remove(at: i) }
        known = starts
    }

    /// The start of the cluster holding `key` found by one descent of `tree`: the last key at
    /// or before (`key`, last column) belongs to that cluster. `.some(nil)` when no cluster
    /// starts at or before `key`; nil when the key found is not a cluster key (the caller then
    /// reads the starts).
    private static func seekStart(containing key: UInt64, in tree: Tree) throws -> UInt64?? {
        var cursor = tree.makeCursor()
        guard try cursor.seek(atOrBefore: ClusterKey.make(key, .max)) else { return .some(nil) }
        guard let start = cursor.key.withUnsafeBytes({ ClusterKey.start($0) }) else { return nil }
        return .some(start)
    }
}
