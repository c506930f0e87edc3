import FiefStorage

/// A cluster being changed by the current write transaction: its object keys and the columns
/// loaded so far, decoded, indexed by file column number (so bindings of different schema
/// versions, as a migration uses, share it). Written back (only what changed) when the
/// transaction commits or the write cache fills.
final class MutableCluster {
    /// One decoded column and how to encode it again.
    struct Column {
        var values: [StoredValue]
        let type: PropertyType
        let collection: CollectionKind
        var dirty = false
    }

    let start: UInt64
    let treeName: String
    @exclusivity(unchecked) var keys: [UInt64]
    @exclusivity(unchecked) var keysDirty = false
    @exclusivity(unchecked) private(set) var columns: [Column?] = []

    init(start: UInt64, keys: [UInt64], treeName: String) {
        self.start = start
        self.keys = keys
        self.treeName = treeName
    }

    func has(_ column: UInt16) -> Bool { Int(column) < columns.count && columns[Int(column)] != nil }

    func set(_ column: UInt16, _ value: Column) {
        let i = Int(column)
        if i >= columns.count { columns.append(contentsOf: repeatElement(nil, count: i + 1 - columns.count)) }
        columns[i] = value
    }

    /// The decoded values of a loaded column.
    func values(_ column: UInt16) -> [StoredValue]? { Int(column) < columns.count ? columns[Int(column)]?.values : nil }

    /// Changes a loaded column in place and marks it dirty.
    func modify<R>(_ column: UInt16, _ body: (inout [StoredValue]) -> R) -> R {
        let i = Int(column)
        columns[i]!.dirty = true
        return body(&columns[i]!.values)
    }

    /// Every loaded column number.
    var loadedColumns: [UInt16] { columns.indices.filter { columns[$0] != nil }.map { UInt16($0) } }

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
    @exclusivity(unchecked) private(set) var starts: [UInt64]
    /// The class's cluster tree in that transaction, once looked up.
    @exclusivity(unchecked) var tree: Tree?
    @exclusivity(unchecked) var treeLoaded = false
    /// Index trees of the class looked up in that transaction, by column.
    @exclusivity(unchecked) var indexTrees: [UInt16: Tree] = [:]
    /// Column chunks found so far, in place in the map, per cluster start (read transactions).
    @exclusivity(unchecked) var pinned: [UInt64: PinnedCluster] = [:]

    init(starts: [UInt64]) {
        self.starts = starts
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

/// The column chunks of one cluster that a read transaction has looked up, as buffers into the
/// map that stay valid while the transaction lives: later reads of the cluster skip the tree.
final class PinnedCluster {
    /// Column number 0 holds the object keys.
    @exclusivity(unchecked) private var chunks: [(UnsafeRawBufferPointer, ColumnChunk.Layout)?] = []
    @exclusivity(unchecked) private var missing: [Bool] = []

    /// The chunk of `column`, `.some(nil)` when the cluster has no chunk for it, or nil when
    /// not looked up yet.
    func chunk(_ column: UInt16) -> (UnsafeRawBufferPointer, ColumnChunk.Layout)?? {
        let i = Int(column)
        guard i < chunks.count else { return nil }
        if let chunk = chunks[i] { return .some(chunk) }
        return missing[i] ? .some(nil) : nil
    }

    func set(_ column: UInt16, _ chunk: (UnsafeRawBufferPointer, ColumnChunk.Layout)?) {
        let i = Int(column)
        if i >= chunks.count {
            chunks.append(contentsOf: repeatElement(nil, count: i + 1 - chunks.count))
            missing.append(contentsOf: repeatElement(false, count: i + 1 - missing.count))
        }
        chunks[i] = chunk
        missing[i] = chunk == nil
    }
}
