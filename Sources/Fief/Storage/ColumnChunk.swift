import Foundation

/// The bytes of one column of one cluster: the values of one property for up to a cluster's
/// worth of objects, stored so that one value can be read in place without decoding the rest
/// (FORMAT.md, "Column chunks").
///
///     0  u8   layout: 1 fixed-width, 2 variable-width
///     1  u8   value type (PropertyType raw value; 0 for the object-key column)
///     2  u16  flags: bit 0 = null bitmap present
///     4  u32  row count n
///     8  null bitmap, ceil(n/8) bytes (bit set = null), if flagged
///     then fixed: n values of the type's width, little-endian
///     or variable: n+1 u32 offsets from the start of the data area, then the data area
enum ColumnChunk {
    static let headerSize = 8
    static let fixedLayout: UInt8 = 1
    static let variableLayout: UInt8 = 2

    /// The encoded form of `values` for a property of `type` (or, with `type` nil, object keys).
    static func encode(_ values: [StoredValue], type: PropertyType?, collection: CollectionKind) -> [UInt8] {
        let n = values.count
        let hasNulls = values.contains { $0.isNull }
        let bitmapBytes = hasNulls ? (n + 7) / 8 : 0
        let width: Int? = collection != .none ? nil : (type.map { $0.fixedWidth } ?? 8)
        var out = [UInt8](repeating: 0, count: headerSize + bitmapBytes)
        out[0] = width != nil ? fixedLayout : variableLayout
        out[1] = type?.rawValue ?? 0
        out[2] = hasNulls ? 1 : 0
        withUnsafeBytes(of: UInt32(n).littleEndian) { for i in 0..<4 { out[4 + i] = $0[i] } }
        if hasNulls {
            for (i, v) in values.enumerated() where v.isNull { out[headerSize + i / 8] |= 1 << UInt8(i % 8) }
        }
        if let width {
            out.reserveCapacity(out.count + n * width)
            for v in values { CellCoding.appendFixed(v, type: type, width: width, to: &out) }
        } else {
            var data: [UInt8] = []
            var offsets: [UInt32] = [0]
            offsets.reserveCapacity(n + 1)
            for v in values {
                if !v.isNull { CellCoding.appendVariable(v, type: collection == .none ? type : nil, to: &data) }
                offsets.append(UInt32(data.count))
            }
            out.reserveCapacity(out.count + offsets.count * 4 + data.count)
            for o in offsets { withUnsafeBytes(of: o.littleEndian) { out.append(contentsOf: $0) } }
            out.append(contentsOf: data)
        }
        return out
    }

    /// The number of rows in an encoded chunk.
    static func rowCount(_ chunk: UnsafeRawBufferPointer) -> Int {
        guard chunk.count >= headerSize else { return 0 }
        return Int(UInt32(littleEndian: chunk.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
    }

    /// Reads row `row` of an encoded chunk. Damaged chunks read as null rather than trapping;
    /// `verify` reports them.
    static func value(_ chunk: UnsafeRawBufferPointer, row: Int, type: PropertyType?, collection: CollectionKind) -> StoredValue {
        guard let layout = Layout(chunk) else { return .null }
        return value(chunk, layout, row: row, type: type, collection: collection)
    }

    /// Reads row `row` of a chunk whose header was already parsed.
    static func value(_ chunk: UnsafeRawBufferPointer, _ layout: Layout, row: Int, type: PropertyType?, collection: CollectionKind) -> StoredValue {
        guard row < layout.count else { return .null }
        if layout.isNull(chunk, row) { return .null }
        if chunk[0] == fixedLayout {
            let width = type?.fixedWidth ?? 8
            let start = layout.dataStart + row * width
            guard start + width <= chunk.count else { return .null }
            return CellCoding.readFixed(UnsafeRawBufferPointer(rebasing: chunk[start..<start + width]), type: type)
        }
        guard let range = layout.variableRange(chunk, row) else { return .null }
        return CellCoding.readVariable(UnsafeRawBufferPointer(rebasing: chunk[range]), type: type ?? .int, collection: collection)
    }

    /// Decodes every row.
    static func decodeAll(_ chunk: UnsafeRawBufferPointer, type: PropertyType?, collection: CollectionKind) -> [StoredValue] {
        let n = rowCount(chunk)
        var out: [StoredValue] = []
        out.reserveCapacity(n)
        for row in 0..<n { out.append(value(chunk, row: row, type: type, collection: collection)) }
        return out
    }

    /// Object keys of a key chunk (fixed u64 values).
    static func keys(_ chunk: UnsafeRawBufferPointer) -> [UInt64] {
        guard let layout = Layout(chunk), layout.dataStart + layout.count * 8 <= chunk.count else { return [] }
        var out = [UInt64](repeating: 0, count: layout.count)
        for i in 0..<layout.count {
            out[i] = UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: layout.dataStart + i * 8, as: UInt64.self))
        }
        return out
    }

    /// Binary search for `key` in a key chunk; the row, or nil.
    static func row(of key: UInt64, inKeys chunk: UnsafeRawBufferPointer) -> Int? {
        guard let layout = Layout(chunk), layout.dataStart + layout.count * 8 <= chunk.count else { return nil }
        var low = 0, high = layout.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let k = UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: layout.dataStart + mid * 8, as: UInt64.self))
            if k == key { return mid }
            if k < key { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// The parsed header of a chunk.
    struct Layout {
        let count: Int
        let hasNulls: Bool
        let dataStart: Int

        init?(_ chunk: UnsafeRawBufferPointer) {
            guard chunk.count >= ColumnChunk.headerSize else { return nil }
            count = ColumnChunk.rowCount(chunk)
            hasNulls = chunk[2] & 1 != 0
            let bitmap = hasNulls ? (count + 7) / 8 : 0
            dataStart = ColumnChunk.headerSize + bitmap
            guard dataStart <= chunk.count else { return nil }
        }

        func isNull(_ chunk: UnsafeRawBufferPointer, _ row: Int) -> Bool {
            hasNulls && chunk[ColumnChunk.headerSize + row / 8] & (1 << UInt8(row % 8)) != 0
        }

        func variableRange(_ chunk: UnsafeRawBufferPointer, _ row: Int) -> Range<Int>? {
            let offsetsEnd = dataStart + (count + 1) * 4
            guard offsetsEnd <= chunk.count else { return nil }
            let a = Int(UInt32(littleEndian: chunk.loadUnaligned(fromByteOffset: dataStart + row * 4, as: UInt32.self)))
            let b = Int(UInt32(littleEndian: chunk.loadUnaligned(fromByteOffset: dataStart + row * 4 + 4, as: UInt32.self)))
            guard a <= b, offsetsEnd + b <= chunk.count else { return nil }
            return offsetsEnd + a..<offsetsEnd + b
        }

        /// Fixed-width little-endian Int64 at `row` (no null check).
        @inline(__always)
        func int64(_ chunk: UnsafeRawBufferPointer, _ row: Int) -> Int64 {
            Int64(littleEndian: chunk.loadUnaligned(fromByteOffset: dataStart + row * 8, as: Int64.self))
        }

        /// Fixed-width Double at `row` (no null check).
        @inline(__always)
        func double(_ chunk: UnsafeRawBufferPointer, _ row: Int) -> Double {
            Double(bitPattern: UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: dataStart + row * 8, as: UInt64.self)))
        }
    }
}
