/// The decoded values of one column of a cluster in a write transaction's cache.
///
/// Columns of ints and doubles without nulls, most columns of a bulk load, keep their numbers
/// unboxed: 8 bytes a value instead of a `StoredValue`'s 32, no per-value enum copies on insert,
/// and a chunk is encoded from them without converting each value. Any other column keeps
/// `StoredValue`s. A typed column that gets a value of another kind (a null, say) turns into
/// a column of `StoredValue`s first, so every operation accepts every value.
struct ColumnValues {
    /// How the values are held; only the array of that kind is used.
    enum Kind {
        /// Ints with no null, in `ints`.
        case ints
        /// Doubles with no null, in `doubles`.
        case doubles
        /// Anything, in `values`.
        case values
    }

    private(set) var kind: Kind
    private(set) var ints: [Int64] = []
    private(set) var doubles: [Double] = []
    private(set) var values: [StoredValue] = []

    /// The column `values` of a property of `type`, typed when they allow it.
    init(_ values: [StoredValue], type: PropertyType, collection: CollectionKind) {
        if collection == .none, type == .int, let ints = Self.unboxed(values, { if case .int(let i) = $0 { i } else { nil } }) {
            self = ColumnValues(ints: ints)
        } else if collection == .none, type == .double,
                  let doubles = Self.unboxed(values, { if case .double(let d) = $0 { d } else { nil } }) {
            self = ColumnValues(doubles: doubles)
        } else {
            kind = .values
            self.values = values
        }
    }

    /// A column of ints with no null.
    init(ints: [Int64]) {
        kind = .ints
        self.ints = ints
    }

    /// A column of doubles with no null.
    init(doubles: [Double]) {
        kind = .doubles
        self.doubles = doubles
    }

    /// Each of `values` unboxed by `unbox`, or nil if one is of another kind.
    private static func unboxed<T>(_ values: [StoredValue], _ unbox: (StoredValue) -> T?) -> [T]? {
        var out: [T] = []
        out.reserveCapacity(values.count)
        for value in values {
            guard let unboxed = unbox(value) else { return nil }
            out.append(unboxed)
        }
        return out
    }

    var count: Int {
        switch kind {
        case .ints: ints.count
        case .doubles: doubles.count
        case .values: values.count
        }
    }

    subscript(row: Int) -> StoredValue {
        switch kind {
        case .ints: .int(ints[row])
        case .doubles: .double(doubles[row])
        case .values: values[row]
        }
    }

    /// Makes room for `rows` values in the array the column's kind uses.
    mutating func reserveCapacity(_ rows: Int) {
        switch kind {
        case .ints: ints.reserveCapacity(rows)
        case .doubles: doubles.reserveCapacity(rows)
        case .values: values.reserveCapacity(rows)
        }
    }

    /// Inserts `value` at `row` (nil: after the last row).
    @inline(__always)
    mutating func insert(_ value: consuming StoredValue, at row: Int?) {
        switch kind {
        case .ints:
            guard case .int(let i) = value else { boxAll(); break }
            if let row { ints.insert(i, at: row) } else { ints.append(i) }
            return
        case .doubles:
            guard case .double(let d) = value else { boxAll(); break }
            if let row { doubles.insert(d, at: row) } else { doubles.append(d) }
            return
        case .values:
            // Already boxed (a string column): no call to `boxAll()` on every insert.
            break
        }
        if let row { values.insert(consume value, at: row) } else { values.append(consume value) }
    }

    /// Replaces the value at `row`; returns the old one.
    mutating func replace(at row: Int, with value: StoredValue) -> StoredValue {
        let old = self[row]
        switch kind {
        case .ints:
            guard case .int(let i) = value else { break }
            ints[row] = i
            return old
        case .doubles:
            guard case .double(let d) = value else { break }
            doubles[row] = d
            return old
        case .values:
            break
        }
        boxAll()
        values[row] = value
        return old
    }

    /// Removes the value at `row`.
    mutating func remove(at row: Int) {
        switch kind {
        case .ints: ints.remove(at: row)
        case .doubles: doubles.remove(at: row)
        case .values: values.remove(at: row)
        }
    }

    /// Removes the rows from `row` on and returns them, as a column of the same kind.
    mutating func split(at row: Int) -> ColumnValues {
        var upper = ColumnValues(ints: [])
        upper.kind = kind
        switch kind {
        case .ints:
            upper.ints = Array(ints[row...])
            ints.removeSubrange(row...)
        case .doubles:
            upper.doubles = Array(doubles[row...])
            doubles.removeSubrange(row...)
        case .values:
            upper.values = Array(values[row...])
            values.removeSubrange(row...)
        }
        return upper
    }

    /// Turns a typed column into one of `StoredValue`s, for a value of another kind.
    private mutating func boxAll() {
        switch kind {
        case .ints: values = ints.map { .int($0) }
        case .doubles: values = doubles.map { .double($0) }
        case .values: return
        }
        kind = .values
        ints = []
        doubles = []
    }
}
