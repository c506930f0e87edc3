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
        let dataStart = headerSize + bitmapBytes
        var out = [UInt8](repeating: 0, count: dataStart + (width ?? 0) * n)
        writeHeader(&out, layout: width != nil ? fixedLayout : variableLayout, type: type?.rawValue ?? 0, hasNulls: hasNulls, count: n)
        if hasNulls {
            for (i, v) in values.enumerated() where v.isNull { out[headerSize + i / 8] |= 1 << UInt8(i % 8) }
        }
        if let width {
            // Each value goes straight into its zeroed slot (no per-value appends).
            out.withUnsafeMutableBytes { bytes in
                let base = bytes.baseAddress! + dataStart
                values.withUnsafeBufferPointer { values in
                    for i in values.indices {
                        // Doubles and ints, the common columns, without the general conversion.
                        if type == .double, case .double(let d) = values[i] {
                            (base + i * 8).storeBytes(of: d.bitPattern.littleEndian, as: UInt64.self)
                        } else if type == .int, case .int(let v) = values[i] {
                            (base + i * 8).storeBytes(of: v.littleEndian, as: Int64.self)
                        } else {
                            CellCoding.storeFixed(values[i], type: type, width: width, at: base + i * width)
                        }
                    }
                }
            }
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

    /// The encoded key chunk of a cluster: its object keys as fixed-width u64 values (the same
    /// bytes as `encode` gives for them with `type` nil).
    static func encodeKeys(_ keys: [UInt64]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: headerSize + keys.count * 8)
        writeHeader(&out, layout: fixedLayout, type: 0, hasNulls: false, count: keys.count)
        out.withUnsafeMutableBytes { bytes in
            for (i, key) in keys.enumerated() { bytes.storeBytes(of: key.littleEndian, toByteOffset: headerSize + i * 8, as: UInt64.self) }
        }
        return out
    }

    private static func writeHeader(_ out: inout [UInt8], layout: UInt8, type: UInt8, hasNulls: Bool, count: Int) {
        out[0] = layout
        out[1] = type
        out[2] = hasNulls ? 1 : 0
        out.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(count).littleEndian, toByteOffset: 4, as: UInt32.self) }
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

    /// Decodes every row (the header parsed once).
    static func decodeAll(_ chunk: UnsafeRawBufferPointer, type: PropertyType?, collection: CollectionKind) -> [StoredValue] {
        guard let layout = Layout(chunk) else { return Array(repeating: .null, count: rowCount(chunk)) }
        var out: [StoredValue] = []
        out.reserveCapacity(layout.count)
        let width = type?.fixedWidth ?? 8
        if chunk[0] == fixedLayout, layout.dataStart + layout.count * width <= chunk.count {
            // Fixed width and whole: every slot is in bounds, so no per-row checks.
            let base = chunk.baseAddress! + layout.dataStart
            for row in 0..<layout.count {
                if layout.isNull(chunk, row) {
                    out.append(.null)
                } else if type == .double {
                    out.append(.double(Double(bitPattern: UInt64(littleEndian: (base + row * 8).loadUnaligned(as: UInt64.self)))))
                } else if type == .int {
                    out.append(.int(Int64(littleEndian: (base + row * 8).loadUnaligned(as: Int64.self))))
                } else {
                    out.append(CellCoding.readFixed(UnsafeRawBufferPointer(start: base + row * width, count: width), type: type))
                }
            }
            return out
        }
        for row in 0..<layout.count { out.append(value(chunk, layout, row: row, type: type, collection: collection)) }
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

        @inline(__always)
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
