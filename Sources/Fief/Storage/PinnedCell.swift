/// One row of a column chunk that a read transaction holds in place in the map: a property
/// value read directly from the file's bytes, with no ``StoredValue`` in between. Valid while
/// the transaction that pinned the chunk lives.
struct PinnedCell {
    private let chunk: UnsafeRawBufferPointer
    private let layout: ColumnChunk.Layout
    private let row: Int

    /// The cell of `row`, or nil when the row is out of range or null (readers then take the
    /// general path).
    @inline(__always)
    init?(chunk: UnsafeRawBufferPointer, layout: ColumnChunk.Layout, row: Int) {
        guard row >= 0, row < layout.count, !layout.isNull(chunk, row) else { return nil }
        self.chunk = chunk
        self.layout = layout
        self.row = row
    }

    /// The 8-byte value of a chunk of 8-byte cells (int, double): fixed-width, or a sequence or
    /// packed chunk of ints.
    @inline(__always)
    var fixed64: UInt64? { layout.eightBytes(chunk, row) }

    /// The byte of a fixed-width chunk of 1-byte cells (bool).
    var fixed8: UInt8? {
        let offset = layout.dataStart + row
        guard chunk[0] == ColumnChunk.fixedLayout, offset < chunk.count else { return nil }
        return chunk[offset]
    }

    /// The bytes of a variable-width cell (string, data), in place.
    var variableBytes: UnsafeRawBufferPointer? {
        guard chunk[0] == ColumnChunk.variableLayout, let range = layout.variableRange(chunk, row) else { return nil }
        return UnsafeRawBufferPointer(rebasing: chunk[range])
    }
}
