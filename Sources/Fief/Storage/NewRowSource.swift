/// Where the values of an object being inserted come from, one stored column at a time.
///
/// ``TableStore`` inserts a new row from a source without gathering it into an array first:
/// a row of `StoredValue`s (``CopiedRow``, ``TakenRow``), or an unmanaged object whose
/// scalars are read straight from its fields (``UnmanagedObjectRow``). Positions are indices
/// of the class binding's `columns`.
protocol NewRowSource {
    /// Puts the value at `position` into `column`: appended when `row` is nil, inserted at
    /// `row` otherwise. Called once per stored column of the row.
    func put(_ position: Int, into column: inout ColumnValues, at row: Int?)

    /// A copy of the value at `position`, for an index entry or the sync history; the row
    /// still puts it afterwards.
    func value(_ position: Int) -> StoredValue
}

/// A row of values that are copied into the store (the caller keeps them).
struct CopiedRow: NewRowSource {
    let values: UnsafeBufferPointer<StoredValue>

    @inline(__always)
    func put(_ position: Int, into column: inout ColumnValues, at row: Int?) {
        column.insert(values[position], at: row)
    }

    @inline(__always)
    func value(_ position: Int) -> StoredValue { values[position] }
}

/// A row of values moved into the store: each value put leaves `.null` in its place, so
/// nothing is copied and nothing is left to release.
struct TakenRow: NewRowSource {
    let values: UnsafeMutablePointer<StoredValue>

    @inline(__always)
    func put(_ position: Int, into column: inout ColumnValues, at row: Int?) {
        let value = (values + position).move()
        (values + position).initialize(to: .null)
        column.insert(value, at: row)
    }

    @inline(__always)
    func value(_ position: Int) -> StoredValue { values[position] }
}
