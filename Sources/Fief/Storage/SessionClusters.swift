/// The clusters a write transaction has decoded, by class (table id) and cluster start.
///
/// Every insert, update and delete looks its cluster up here, several times. Table ids are
/// small process-wide numbers (``TableBinding/tableID``), so a class's clusters are found by
/// position, and their starts with ``UInt64Map``'s cheap hash rather than `Dictionary`'s
/// SipHash (which cost about 800 instructions per inserted object in callgrind, nested).
struct SessionClusters {
    /// Each class's clusters by start, at its table id.
    private var maps: [UInt64Map<MutableCluster>] = []

    /// The cluster of class `table` that starts at `start`, if decoded.
    @inline(__always)
    subscript(table: Int, start: UInt64) -> MutableCluster? {
        table < maps.count ? maps[table][start] : nil
    }

    /// Adds (or replaces) a decoded cluster.
    mutating func insert(_ cluster: MutableCluster, table: Int, start: UInt64) {
        while maps.count <= table { maps.append(UInt64Map()) }
        maps[table].set(cluster, for: start)
    }

    /// Forgets the cluster of class `table` that starts at `start`.
    mutating func remove(table: Int, start: UInt64) {
        if table < maps.count { maps[table].remove(start) }
    }

    /// Each class holding decoded clusters, with its clusters in start order.
    var byTable: [(table: Int, clusters: [MutableCluster])] {
        maps.indices.compactMap { table in
            maps[table].count == 0 ? nil : (table, maps[table].keys.sorted().map { maps[table][$0]! })
        }
    }

    /// Forgets every cluster.
    mutating func removeAll() {
        maps = []
    }
}
