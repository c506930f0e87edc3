import FiefStorage

/// A cluster being changed by the current write transaction: its object keys and the columns
/// loaded so far, decoded, indexed by file column number (so bindings of different schema
/// versions, as a migration uses, share it). Written back (only what changed) when the
/// transaction commits or the write cache fills.
final class MutableCluster {
    /// One decoded column and how to encode it again.
    struct Column {
        var values: ColumnValues
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

    /// The class binding whose stored columns are all loaded, once an insert checked them:
    /// the next insert through the same binding skips the check.
    @exclusivity(unchecked) private var rowColumnsLoaded: TableBinding?

    /// Whether every stored column of `binding` is loaded. Inlined for the insert after the
    /// first (a call an object otherwise).
    @inline(__always)
    func hasRowColumns(of binding: TableBinding) -> Bool {
        rowColumnsLoaded === binding || checkRowColumns(of: binding)
    }

    /// ``hasRowColumns(of:)`` by looking at each column.
    private func checkRowColumns(of binding: TableBinding) -> Bool {
        guard binding.storedSlots.allSatisfy({ has($0.column) }) else { return false }
        rowColumnsLoaded = binding
        return true
    }

    /// Inserts an object's row at `row`: its key, and the value `source` has at each slot's
    /// position into the slot's column (all loaded; see ``hasRowColumns(of:)``).
    @inline(__always)
    func insertRow<Source: NewRowSource>(_ key: UInt64, at row: Int, from source: Source, _ slots: [StoredSlot]) {
        let appends = row == keys.count
        // One uniqueness check for the column list, not one per column.
        columns.withUnsafeMutableBufferPointer { columns in
            for slot in slots {
                let i = Int(slot.column)
                columns[i]!.dirty = true
                // Most inserts append (keys come in order): append is cheaper than insert(at:).
                source.put(slot.position, into: &columns[i]!.values, at: appends ? nil : row)
            }
        }
        if appends { keys.append(key) } else { keys.insert(key, at: row) }
        keysDirty = true
    }

    /// Makes room for `rows` rows in the keys and every loaded column, so that appending up to
    /// that many does not reallocate them.
    func reserveCapacity(_ rows: Int) {
        keys.reserveCapacity(rows)
        for i in columns.indices where columns[i] != nil { columns[i]!.values.reserveCapacity(rows) }
    }

    /// The decoded values of a loaded column.
    func values(_ column: UInt16) -> ColumnValues? { Int(column) < columns.count ? columns[Int(column)]?.values : nil }

    /// The value at `row` of a loaded column, read in place (no copy of the column).
    func value(_ column: UInt16, _ row: Int) -> StoredValue? {
        Int(column) < columns.count ? columns[Int(column)]?.values[row] : nil
    }

    /// Changes a loaded column in place and marks it dirty.
    func modify<R>(_ column: UInt16, _ body: (inout ColumnValues) -> R) -> R {
        let i = Int(column)
        columns[i]!.dirty = true
        return body(&columns[i]!.values)
    }

    /// Every loaded column number.
    var loadedColumns: [UInt16] { columns.indices.filter { columns[$0] != nil }.map { UInt16($0) } }

    /// The row of `key`, by binary search.
    func row(of key: UInt64) -> Int? {
        // Past the last key: the common case of an insert's existence check in a bulk load.
        guard let last = keys.last, key <= last else { return nil }
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
