/// The row of an unmanaged object being added, read from the object itself: an `Int`,
/// `Double`, `String` or `Bool` field goes from its `@Persisted` storage straight into its
/// column, backlinks give `.null`, and every other field's value is moved from `gathered`,
/// the slots ``ClassInfo/gatherValues(of:_:into:)`` filled.
///
/// Reading the scalars in place spares an added object building, moving and clearing one
/// `StoredValue` per scalar in a row of its own (callgrind, O14's bulk insert of a four-scalar
/// class: the store's insert and the gathering of the row went from 654 + 163 to 723 + 21
/// instructions an object, and to 640 + 21 with the store's lookups inlined). The row's
/// positions are the class's Swift property indices (`TableBinding.rowIsInSwiftOrder`); a row
/// in another order is copied out of it first.
struct UnmanagedObjectRow: NewRowSource {
    /// How one field is read: in place (a scalar), from the gathered slots, or as `.null`.
    struct Read {
        let scalar: UnmanagedScalarRead
        /// Where the field's unmanaged `Value?` sits in the object.
        let valueOffset: Int
        /// Whether the value is in the gathered slots (a field read through its type, not a
        /// backlink).
        let isGathered: Bool
    }

    /// The object's storage (the caller keeps the object alive).
    let object: UnsafeRawPointer
    /// The class's ``ClassInfo/rowReads``, one per field (the caller keeps the class info).
    let reads: UnsafeBufferPointer<Read>
    let gathered: UnsafeMutablePointer<StoredValue>

    @inline(__always)
    func put(_ position: Int, into column: inout ColumnValues, at row: Int?) {
        let read = reads[position]
        guard read.scalar == .generic else {
            column.insert(read.scalar.storedValueOrDefault(at: object + read.valueOffset), at: row)
            return
        }
        // A stored column read through its type: gathered, and moved from there.
        TakenRow(values: gathered).put(position, into: &column, at: row)
    }

    @inline(__always)
    func value(_ position: Int) -> StoredValue {
        let read = reads[position]
        guard read.scalar == .generic else { return read.scalar.storedValueOrDefault(at: object + read.valueOffset) }
        return read.isGathered ? gathered[position] : .null
    }
}
