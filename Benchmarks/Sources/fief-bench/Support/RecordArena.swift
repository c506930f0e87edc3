/// Equal-sized byte records stored back to back in one allocation.
///
/// Benchmark loops read keys and values from arenas rather than from `[UInt8]` arrays, so the
/// harness adds no reference counting or allocation per record and every engine is handed plain
/// pointers, as a C program would be.
final class RecordArena {
    /// Bytes in each record.
    let recordSize: Int
    /// Number of records.
    let count: Int
    private let base: UnsafeMutableRawPointer

    /// An arena of `count` records, each filled by `fill(index, bytes)`.
    init(recordSize: Int, count: Int, fill: (Int, UnsafeMutableRawBufferPointer) -> Void) {
        precondition(recordSize > 0 && count >= 0)
        self.recordSize = recordSize
        self.count = count
        base = .allocate(byteCount: max(1, recordSize * count), alignment: 16)
        for index in 0..<count {
            fill(index, UnsafeMutableRawBufferPointer(start: base + index * recordSize, count: recordSize))
        }
    }

    deinit {
        base.deallocate()
    }

    /// Record `index`, valid while the arena lives.
    @inline(__always)
    subscript(index: Int) -> UnsafeRawBufferPointer {
        precondition(index >= 0 && index < count, "record index out of range")
        return UnsafeRawBufferPointer(start: base + index * recordSize, count: recordSize)
    }

    /// Total bytes held.
    var byteCount: Int { recordSize * count }
}
