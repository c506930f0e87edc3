import Foundation

/// The bytes of one column of one cluster: the values of one property for up to a cluster's
/// worth of objects, stored so that one value can be read in place without decoding the rest
/// (FORMAT.md, "Column chunks").
///
///     0  u8   layout: 1 fixed-width, 2 variable-width, 3 sequence, 4 packed
///     1  u8   value type (PropertyType raw value; 0 for the object-key column)
///     2  u16  flags: bit 0 = null bitmap present
///     4  u32  row count n
///     8  null bitmap, ceil(n/8) bytes (bit set = null), if flagged
///     then fixed: n values of the type's width, little-endian
///     or variable: n+1 u32 offsets from the start of the data area, then the data area
///     or sequence (keys and ints, no nulls): u64 first, u64 step; row i is first + i·step
///     or packed (keys and ints, no nulls): u64 base, u8 width (1, 2 or 4), 7 zero bytes,
///        then n offsets of that width; row i is base + offset i (all modulo 2^64)
enum ColumnChunk {
    static let headerSize = 8
    static let fixedLayout: UInt8 = 1
    static let variableLayout: UInt8 = 2
    /// Keys and ints that step evenly (object keys, ids assigned in order): 24 bytes whatever
    /// the row count.
    static let sequenceLayout: UInt8 = 3
    /// Keys and ints within 2^32 of their smallest: 1, 2 or 4 bytes a row instead of 8.
    static let packedLayout: UInt8 = 4
    /// Where a packed chunk's offsets start: the header, the base, the width and its padding.
    static let packedDataStart = headerSize + 16

    /// The encoded form of `values` for a property of `type` (or, with `type` nil, object keys).
    static func encode(_ values: [StoredValue], type: PropertyType?, collection: CollectionKind) -> [UInt8] {
        let n = values.count
        if type == .int, collection == .none, let compact = encodeInts(values) { return compact }
        let hasNulls = values.contains { $0.isNull }
        if type == .string, collection == .none, let strings = encodeStrings(values, hasNulls: hasNulls) { return strings }
        let bitmapBytes = hasNulls ? (n + 7) / 8 : 0
        let width: Int? = collection != .none ? nil : (type.map { $0.fixedWidth } ?? 8)
        let dataStart = headerSize + bitmapBytes
        // Variable width: the values' bytes first, so that the chunk is made once at its size.
        var data: [UInt8] = []
        var offsets: [UInt32] = []
        if width == nil {
            offsets.reserveCapacity(n + 1)
            offsets.append(0)
            for v in values {
                if !v.isNull { CellCoding.appendVariable(v, type: collection == .none ? type : nil, to: &data) }
                offsets.append(UInt32(data.count))
            }
        }
        var out = [UInt8](repeating: 0, count: dataStart + (width.map { $0 * n } ?? offsets.count * 4 + data.count))
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
            out.withUnsafeMutableBytes { bytes in
                for i in offsets.indices {
                    bytes.storeBytes(of: offsets[i].littleEndian, toByteOffset: dataStart + i * 4, as: UInt32.self)
                }
                data.withUnsafeBytes { data in
                    guard let source = data.baseAddress else { return }
                    (bytes.baseAddress! + dataStart + offsets.count * 4).copyMemory(from: source, byteCount: data.count)
                }
            }
        }
        return out
    }

    /// The variable-width chunk of a string column whose values are all strings or nulls (nil
    /// otherwise): the same bytes as the general path, each string copied once into a chunk
    /// made at its final size.
    private static func encodeStrings(_ values: [StoredValue], hasNulls: Bool) -> [UInt8]? {
        var total = 0
        for value in values {
            switch value {
            case .string(let s): total += s.utf8.count
            case .null: continue
            default: return nil
            }
        }
        let n = values.count
        let dataStart = headerSize + (hasNulls ? (n + 7) / 8 : 0)
        let bytesStart = dataStart + (n + 1) * 4
        var out = [UInt8](repeating: 0, count: bytesStart + total)
        writeHeader(&out, layout: variableLayout, type: PropertyType.string.rawValue, hasNulls: hasNulls, count: n)
        out.withUnsafeMutableBytes { out in
            // Written through pointers: the first pass sized `out` for every offset and byte,
            // and slicing it for each string checked the bounds again (about 35 instructions a
            // string when a bulk load commits).
            let base = out.baseAddress!
            let offsets = base + dataStart + 4
            let bytes = base + bytesStart
            var end = 0
            for i in values.indices {
                switch values[i] {
                case .string(let s):
                    let count = s.utf8.count
                    assert(bytesStart + end + count <= out.count, "string bytes past the chunk")
                    if count > 0, s.utf8.withContiguousStorageIfAvailable({ (bytes + end).copyMemory(from: $0.baseAddress!, byteCount: count) }) == nil {
                        UnsafeMutableRawBufferPointer(start: bytes + end, count: count).copyBytes(from: s.utf8)
                    }
                    end += count
                default:
                    out[headerSize + i / 8] |= 1 << UInt8(i % 8)
                }
                (offsets + i * 4).storeBytes(of: UInt32(end).littleEndian, as: UInt32.self)
            }
        }
        return out
    }

    /// The encoded form of a write cache's column (the same bytes as `encode` gives for its
    /// values as `StoredValue`s).
    static func encode(_ column: ColumnValues, type: PropertyType, collection: CollectionKind) -> [UInt8] {
        switch column.kind {
        case .ints:
            let compact = column.ints.withUnsafeBufferPointer { ints in
                ints.withMemoryRebound(to: UInt64.self) { encodeIntegers($0, type: PropertyType.int.rawValue, signed: true) }
            }
            return compact ?? encodeFixed64(column.ints, type: type) { UInt64(bitPattern: $0) }
        case .doubles:
            return encodeFixed64(column.doubles, type: type) { $0.bitPattern }
        case .values:
            return encode(column.values, type: type, collection: collection)
        }
    }

    /// A fixed-width chunk without nulls of 8-byte numbers, each stored as `bits` of it.
    @inline(__always)
    private static func encodeFixed64<T>(_ numbers: [T], type: PropertyType, _ bits: (T) -> UInt64) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: headerSize + numbers.count * 8)
        writeHeader(&out, layout: fixedLayout, type: type.rawValue, hasNulls: false, count: numbers.count)
        out.withUnsafeMutableBytes { bytes in
            let base = bytes.baseAddress! + headerSize
            for i in numbers.indices { (base + i * 8).storeBytes(of: bits(numbers[i]).littleEndian, as: UInt64.self) }
        }
        return out
    }

    /// The encoded key chunk of a cluster: its object keys as fixed-width u64 values (the same
    /// bytes as `encode` gives for them with `type` nil).
    static func encodeKeys(_ keys: [UInt64]) -> [UInt8] {
        if let compact = keys.withUnsafeBufferPointer({ encodeIntegers($0, type: 0, signed: false) }) { return compact }
        var out = [UInt8](repeating: 0, count: headerSize + keys.count * 8)
        writeHeader(&out, layout: fixedLayout, type: 0, hasNulls: false, count: keys.count)
        out.withUnsafeMutableBytes { bytes in
            for (i, key) in keys.enumerated() { bytes.storeBytes(of: key.littleEndian, toByteOffset: headerSize + i * 8, as: UInt64.self) }
        }
        return out
    }

    /// The sequence or packed form of an int column without nulls, or nil when it has a null
    /// or neither form is smaller than 8 bytes a row.
    private static func encodeInts(_ values: [StoredValue]) -> [UInt8]? {
        var bits = [UInt64](repeating: 0, count: values.count)
        for i in values.indices {
            guard case .int(let v) = values[i] else { return nil }
            bits[i] = UInt64(bitPattern: v)
        }
        return bits.withUnsafeBufferPointer { encodeIntegers($0, type: PropertyType.int.rawValue, signed: true) }
    }

    /// `bits` (n >= 1) as a sequence chunk when they step evenly, else as a packed chunk when
    /// they lie within 2^32 of their smallest (compared as signed or unsigned numbers), else nil.
    private static func encodeIntegers(_ bits: UnsafeBufferPointer<UInt64>, type: UInt8, signed: Bool) -> [UInt8]? {
        let n = bits.count
        guard n > 0 else { return nil }
        let first = bits[0]
        let step = n > 1 ? bits[1] &- first : 0
        // Each loop does one thing, so that it compiles to a few instructions a value (one loop
        // doing all three with a width switch inside cost about 40).
        var isSequence = true
        var expected = first
        for i in 0..<n {
            if bits[i] != expected { isSequence = false; break }
            expected &+= step
        }
        if isSequence {
            var out = [UInt8](repeating: 0, count: headerSize + 16)
            writeHeader(&out, layout: sequenceLayout, type: type, hasNulls: false, count: n)
            out.withUnsafeMutableBytes { bytes in
                bytes.storeBytes(of: first.littleEndian, toByteOffset: headerSize, as: UInt64.self)
                bytes.storeBytes(of: step.littleEndian, toByteOffset: headerSize + 8, as: UInt64.self)
            }
            return out
        }
        // Signed numbers compare as unsigned once their sign bit is flipped; the flip is an
        // addition of 2^63, so the range is the same in both orders.
        let flip: UInt64 = signed ? 1 << 63 : 0
        var low = first ^ flip, high = low
        for i in 0..<n {
            let v = bits[i] ^ flip
            low = Swift.min(low, v)
            high = Swift.max(high, v)
        }
        let range = high &- low
        low ^= flip
        let width = range <= 0xFF ? 1 : range <= 0xFFFF ? 2 : range <= 0xFFFF_FFFF ? 4 : 8
        guard width < 8 else { return nil }
        var out = [UInt8](repeating: 0, count: packedDataStart + n * width)
        writeHeader(&out, layout: packedLayout, type: type, hasNulls: false, count: n)
        out.withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: low.littleEndian, toByteOffset: headerSize, as: UInt64.self)
            bytes[headerSize + 8] = UInt8(width)
            let data = bytes.baseAddress! + packedDataStart
            switch width {
            case 1: pack(bits, low, into: data, as: UInt8.self)
            case 2: pack(bits, low, into: data, as: UInt16.self)
            default: pack(bits, low, into: data, as: UInt32.self)
            }
        }
        return out
    }

    /// Stores each of `bits` less `low` at `data` as a little-endian `Word`.
    @inline(__always)
    private static func pack<Word: FixedWidthInteger>(_ bits: UnsafeBufferPointer<UInt64>, _ low: UInt64,
                                                      into data: UnsafeMutableRawPointer, as: Word.Type) {
        let size = MemoryLayout<Word>.size
        for i in 0..<bits.count {
            (data + i * size).storeBytes(of: Word(truncatingIfNeeded: bits[i] &- low).littleEndian, as: Word.self)
        }
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
        if layout.holdsIntegers { return .int(Int64(bitPattern: layout.integer(chunk, row))) }
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
        if layout.holdsIntegers {
            for row in 0..<layout.count { out.append(.int(Int64(bitPattern: layout.integer(chunk, row)))) }
            return out
        }
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

    /// A chunk's values as a write cache's column: unboxed for ints and doubles without nulls.
    static func decodeColumn(_ chunk: UnsafeRawBufferPointer, type: PropertyType, collection: CollectionKind) -> ColumnValues {
        if collection == .none, type == .int || type == .double, let layout = Layout(chunk),
           layout.holdsWholeIntegers(chunk), !layout.hasNulls {
            // Every row is an 8-byte number in place: no `StoredValue` on the way.
            if type == .int { return ColumnValues(ints: layout.integers(chunk, as: Int64.self)) }
            if layout.kind == fixedLayout { return ColumnValues(doubles: layout.integers(chunk, as: Double.self)) }
        }
        return ColumnValues(decodeAll(chunk, type: type, collection: collection), type: type, collection: collection)
    }

    /// Object keys of a key chunk (fixed u64 values).
    static func keys(_ chunk: UnsafeRawBufferPointer) -> [UInt64] {
        guard let layout = Layout(chunk), layout.holdsWholeIntegers(chunk) else { return [] }
        return layout.integers(chunk, as: UInt64.self)
    }

    /// Binary search for `key` in a key chunk; the row, or nil.
    static func row(of key: UInt64, inKeys chunk: UnsafeRawBufferPointer) -> Int? {
        guard let layout = Layout(chunk), layout.holdsWholeIntegers(chunk) else { return nil }
        // Keys that count up evenly (a sequence chunk): the row follows from the key.
        if layout.kind == ColumnChunk.sequenceLayout { return layout.sequenceRow(of: key) }
        var low = 0, high = layout.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let k = layout.integer(chunk, mid)
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
        /// The chunk's layout byte.
        let kind: UInt8
        /// Sequence: the first value; packed: the base.
        private let first: UInt64
        /// Sequence: the step from one row to the next.
        private let step: UInt64
        /// Packed: the bytes of each offset (1, 2 or 4).
        private let width: Int

        init?(_ chunk: UnsafeRawBufferPointer) {
            guard chunk.count >= ColumnChunk.headerSize else { return nil }
            count = ColumnChunk.rowCount(chunk)
            hasNulls = chunk[2] & 1 != 0
            kind = chunk[0]
            switch kind {
            case ColumnChunk.sequenceLayout, ColumnChunk.packedLayout:
                // Every row's value is in bounds once the header is: readers need no checks.
                guard !hasNulls, chunk.count >= ColumnChunk.packedDataStart else { return nil }
                first = UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: ColumnChunk.headerSize, as: UInt64.self))
                if kind == ColumnChunk.sequenceLayout {
                    step = UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: ColumnChunk.headerSize + 8, as: UInt64.self))
                    width = 0
                    dataStart = ColumnChunk.headerSize + 16
                } else {
                    step = 0
                    width = Int(chunk[ColumnChunk.headerSize + 8])
                    dataStart = ColumnChunk.packedDataStart
                    guard width == 1 || width == 2 || width == 4, dataStart + count * width <= chunk.count else { return nil }
                }
            default:
                first = 0
                step = 0
                width = 0
                let bitmap = hasNulls ? (count + 7) / 8 : 0
                dataStart = ColumnChunk.headerSize + bitmap
                guard dataStart <= chunk.count else { return nil }
            }
        }

        /// Whether the chunk is a sequence or packed chunk of keys or ints (never null).
        @inline(__always)
        var holdsIntegers: Bool { kind == ColumnChunk.sequenceLayout || kind == ColumnChunk.packedLayout }

        /// Whether every row reads as an 8-byte integer: a sequence or packed chunk (whose
        /// length `init` checked), or a fixed chunk long enough for `count` 8-byte cells.
        func holdsWholeIntegers(_ chunk: UnsafeRawBufferPointer) -> Bool {
            holdsIntegers || (kind == ColumnChunk.fixedLayout && dataStart + count * 8 <= chunk.count)
        }

        /// The 8-byte integer of row `row` (`row < count`) of a chunk of keys or ints, in any
        /// of the layouts that hold them: fixed, sequence or packed. 0 for a fixed chunk too
        /// short for the row (damaged; `init` checks the other layouts' lengths). The scans'
        /// inner loop: no optional, one predictable switch.
        @inline(__always)
        func integer(_ chunk: UnsafeRawBufferPointer, _ row: Int) -> UInt64 {
            switch kind {
            case ColumnChunk.sequenceLayout:
                return first &+ UInt64(truncatingIfNeeded: row) &* step
            case ColumnChunk.packedLayout:
                let base = chunk.baseAddress! + dataStart
                switch width {
                case 1: return first &+ UInt64(base.load(fromByteOffset: row, as: UInt8.self))
                case 2: return first &+ UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: row &* 2, as: UInt16.self)))
                default: return first &+ UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: row &* 4, as: UInt32.self)))
                }
            default:
                let offset = dataStart + row * 8
                guard offset + 8 <= chunk.count else { return 0 }
                return UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
        }

        /// Every row's 8 bytes as ``integer(_:_:)`` reads them, as values of `T` (`UInt64`,
        /// `Int64` or `Double`: the same bits), for a chunk whose ``holdsWholeIntegers(_:)`` is
        /// true.
        func integers<T: BitwiseCopyable>(_ chunk: UnsafeRawBufferPointer, as _: T.Type) -> [T] {
            precondition(MemoryLayout<T>.stride == 8, "integers(_:as:) reads 8-byte values")
            return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.withMemoryRebound(to: UInt64.self) { copyIntegers(chunk, into: $0) }
                initialized = count
            }
        }

        /// Every row's 8 bytes, as ``integer(_:_:)`` reads them, into `out` (`count` slots), for
        /// a chunk whose ``holdsWholeIntegers(_:)`` is true: one loop per layout, so a cluster's
        /// keys or numbers are decoded without a switch per row.
        private func copyIntegers(_ chunk: UnsafeRawBufferPointer, into out: UnsafeMutableBufferPointer<UInt64>) {
            precondition(out.count >= count && holdsWholeIntegers(chunk), "copyIntegers needs a whole integer chunk")
            let data = chunk.baseAddress! + dataStart
            switch kind {
            case ColumnChunk.sequenceLayout:
                var value = first
                for row in 0..<count {
                    out[row] = value
                    value &+= step
                }
            case ColumnChunk.packedLayout:
                switch width {
                case 1:
                    for row in 0..<count { out[row] = first &+ UInt64(data.load(fromByteOffset: row, as: UInt8.self)) }
                case 2:
                    for row in 0..<count {
                        out[row] = first &+ UInt64(UInt16(littleEndian: data.loadUnaligned(fromByteOffset: row &* 2, as: UInt16.self)))
                    }
                default:
                    for row in 0..<count {
                        out[row] = first &+ UInt64(UInt32(littleEndian: data.loadUnaligned(fromByteOffset: row &* 4, as: UInt32.self)))
                    }
                }
            default:
                for row in 0..<count {
                    out[row] = UInt64(littleEndian: data.loadUnaligned(fromByteOffset: row &* 8, as: UInt64.self))
                }
            }
        }

        /// The row of a sequence chunk holding `value`, found by arithmetic; nil when no row
        /// holds it. Only for a chunk whose `kind` is the sequence layout.
        @inline(__always)
        func sequenceRow(of value: UInt64) -> Int? {
            guard count > 0 else { return nil }
            let offset = value &- first
            let row = step == 0 ? 0 : offset / step
            guard row < UInt64(count), first &+ row &* step == value else { return nil }
            return Int(row)
        }

        /// The 8-byte value of row `row` (`row < count`): an int or key of a fixed, sequence or
        /// packed chunk, or the bits of a fixed-width double. Nil for a chunk of another layout
        /// or a fixed chunk too short for the row.
        @inline(__always)
        func eightBytes(_ chunk: UnsafeRawBufferPointer, _ row: Int) -> UInt64? {
            if kind == ColumnChunk.fixedLayout {
                guard dataStart + row * 8 + 8 <= chunk.count else { return nil }
            } else if !holdsIntegers {
                return nil
            }
            return integer(chunk, row)
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

        /// The Int64 at `row` of a chunk of ints in any layout (no null check).
        @inline(__always)
        func int64(_ chunk: UnsafeRawBufferPointer, _ row: Int) -> Int64 {
            Int64(bitPattern: integer(chunk, row))
        }

        /// Fixed-width Double at `row` (no null check).
        @inline(__always)
        func double(_ chunk: UnsafeRawBufferPointer, _ row: Int) -> Double {
            Double(bitPattern: UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: dataStart + row * 8, as: UInt64.self)))
        }
    }
}
