/// A cluster being changed by the current write transaction: its object keys and the columns
/// loaded so far, decoded, indexed by the column's position in its class binding. Written back
/// (only what changed) when the transaction commits or the write cache fills.
final class MutableCluster {
    let start: UInt64
    let binding: TableBinding
    var keys: [UInt64]
    var keysDirty = false
    var columns: [[StoredValue]?]
    var dirty: [Bool]

    init(start: UInt64, keys: [UInt64], binding: TableBinding) {
        self.start = start
        self.keys = keys
        self.binding = binding
        columns = Array(repeating: nil, count: binding.columns.count)
        dirty = Array(repeating: false, count: binding.columns.count)
    }

    /// The row of `key`, by binary search.
    func row(of key: UInt64) -> Int? {
        var low = 0, high = keys.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if keys[mid] == key { return mid }
            if keys[mid] < key { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// Where `key` would be inserted to keep keys sorted.
    func insertionRow(of key: UInt64) -> Int {
        if let last = keys.last, key > last { return keys.count }
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// The sorted cluster starts of one class in one transaction, so that finding an object's
/// cluster is a binary search instead of a tree seek. Write transactions keep it up to date as
/// clusters are created and removed.
final class ClusterDirectory {
    private(set) var starts: [UInt64]
    /// The transaction it describes: (version, writable).
    let tag: (UInt64, Bool)

    init(starts: [UInt64], tag: (UInt64, Bool)) {
        self.starts = starts
        self.tag = tag
    }

    /// The cluster holding (or that would hold) `key`, and the next cluster's start.
    func cluster(containing key: UInt64) -> (start: UInt64, next: UInt64?)? {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= key { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        return (starts[low - 1], low < starts.count ? starts[low] : nil)
    }

    /// The first cluster start after `key`.
    func start(after key: UInt64) -> UInt64? {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= key { low = mid + 1 } else { high = mid }
        }
        return low < starts.count ? starts[low] : nil
    }

    func insert(_ start: UInt64) {
        if let last = starts.last, start > last { starts.append(start); return }
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < start { low = mid + 1 } else { high = mid }
        }
        if low < starts.count && starts[low] == start { return }
        starts.insert(start, at: low)
    }

    func remove(_ start: UInt64) {
        if let i = starts.firstIndex(of: start) { starts.remove(at: i) }
    }
}
