/// A cluster being changed by the current write transaction: its object keys and the columns
/// loaded so far, decoded. Written back (only what changed) when the transaction commits or
/// the write cache fills.
final class MutableCluster {
    let start: UInt64
    var keys: [UInt64]
    var keysDirty = false
    var columns: [UInt16: [StoredValue]] = [:]
    var dirtyColumns: Set<UInt16> = []
    /// How each loaded column is encoded when written back.
    var columnKinds: [UInt16: (type: PropertyType, collection: CollectionKind)] = [:]

    init(start: UInt64, keys: [UInt64]) {
        self.start = start
        self.keys = keys
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
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
