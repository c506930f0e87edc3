/// Reads the fields of one frame, checking every access against the frame's bounds.
///
/// The only place in the wire layer that touches raw memory: every read first checks that the
/// bytes are there, and every failure becomes a ``WireError`` naming the field and its offset.
/// Field names are passed as autoclosures so that they are only built when a read fails.
struct WireReader {
    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    private(set) var offset: Int
    /// The message being decoded, once the header is read; it prefixes field names in errors.
    var kind: SyncMessageKind?

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.offset = 0
    }

    /// The bytes not read yet.
    var remaining: Int { bytes.count - offset }

    /// An error about `field` at `offset`.
    func error(_ problem: WireError.Problem, field: String, at offset: Int) -> WireError {
        let path: String
        if let kind {
            path = field.isEmpty ? kind.description : "\(kind).\(field)"
        } else {
            path = field
        }
        return WireError(messageKind: kind, field: path, offset: offset, problem: problem)
    }

    mutating func readByte(_ field: @autoclosure () -> String) throws(WireError) -> UInt8 {
        guard offset < bytes.count else {
            throw error(.truncated(needed: 1, available: 0), field: field(), at: offset)
        }
        let byte = bytes[offset]
        offset += 1
        return byte
    }

    /// An unsigned LEB128 varint in its shortest form, at most 10 bytes.
    mutating func readVarint(_ field: @autoclosure () -> String) throws(WireError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else {
                throw error(.truncated(needed: 1, available: 0), field: field(), at: start)
            }
            let byte = bytes[offset]
            offset += 1
            // The 10th byte holds bit 63 only; a zero last byte after others is not shortest.
            if (shift == 63 && byte > 1) || (byte == 0 && shift > 0) {
                throw error(.malformedVarint, field: field(), at: start)
            }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// A varint that must not exceed `maximum`.
    mutating func readVarint(_ field: @autoclosure () -> String, maximum: UInt64) throws(WireError) -> UInt64 {
        let start = offset
        let value = try readVarint(field())
        guard value <= maximum else {
            throw error(.valueTooLarge(value: value, maximum: maximum), field: field(), at: start)
        }
        return value
    }

    mutating func readUInt32(_ field: @autoclosure () -> String) throws(WireError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readVarint(field(), maximum: UInt64(UInt32.max)))
    }

    /// A count of entries of at least `minimumEntrySize` bytes each, at most `limit`: checked
    /// against the limit and against the bytes left before any storage is reserved for them.
    mutating func readCount(_ field: @autoclosure () -> String, limit: Int, minimumEntrySize: Int) throws(WireError) -> Int {
        let start = offset
        let count = try readVarint(field())
        guard count <= UInt64(clamping: limit) else {
            throw error(.countOverLimit(count: count, limit: limit), field: field(), at: start)
        }
        let needed = count.multipliedReportingOverflow(by: UInt64(minimumEntrySize))
        guard !needed.overflow, needed.partialValue <= UInt64(remaining) else {
            let bytesNeeded = needed.overflow ? UInt64.max : needed.partialValue
            throw error(.truncated(needed: bytesNeeded, available: remaining), field: field(), at: start)
        }
        return Int(count)
    }

    /// A flags byte whose bits outside `allowed` must be clear.
    mutating func readFlags(_ field: @autoclosure () -> String, allowed: UInt8) throws(WireError) -> UInt8 {
        let start = offset
        let flags = try readByte(field())
        guard flags & ~allowed == 0 else {
            throw error(.invalidFlags(flags, allowed: allowed), field: field(), at: start)
        }
        return flags
    }

    /// `count` bytes, which the caller has checked against its limits. Valid as long as the frame is.
    mutating func readBytes(_ field: @autoclosure () -> String, count: UInt64, fieldStart: Int) throws(WireError) -> UnsafeRawBufferPointer {
        guard count <= UInt64(remaining) else {
            throw error(.truncated(needed: count, available: remaining), field: field(), at: fieldStart)
        }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset ..< offset + Int(count)])
        offset += Int(count)
        return slice
    }

    /// A varint byte count, at most `maxLength`, then that many bytes of UTF-8.
    mutating func readString(_ field: @autoclosure () -> String, maxLength: Int) throws(WireError) -> String {
        let start = offset
        let length = try readVarint(field())
        guard length <= UInt64(clamping: maxLength) else {
            throw error(.lengthOverLimit(length: length, limit: maxLength), field: field(), at: start)
        }
        let raw = try readBytes(field(), count: length, fieldStart: start)
        let decoded = raw.withMemoryRebound(to: UInt8.self) { String(validating: $0, as: UTF8.self) }
        guard let string = decoded else {
            throw error(.invalidUTF8, field: field(), at: start)
        }
        return string
    }
}
