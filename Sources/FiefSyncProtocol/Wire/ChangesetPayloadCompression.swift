import CLZ4

/// How changeset payloads are compressed on the wire.
///
/// The encoder compresses a payload with LZ4 when it is larger than ``threshold`` bytes and
/// compression makes it smaller; otherwise it is sent as is. The decoder accepts either form
/// for any size, so the threshold is the sender's choice, not part of the protocol.
public enum ChangesetPayloadCompression {
    /// Payloads larger than this many bytes are LZ4-compressed when that makes them smaller.
    public static let threshold = 1024

    /// The payload encoding byte: the payload follows as is.
    static let rawEncoding: UInt8 = 0
    /// The payload encoding byte: the payload is an LZ4 block, preceded by its decompressed size.
    static let lz4Encoding: UInt8 = 1

    /// The most bytes LZ4 can decompress `compressedSize` bytes to: every input byte of a match
    /// length adds at most 255 output bytes, and a block carries a few bytes of overhead.
    static func maximumExpansion(ofCompressedSize compressedSize: Int) -> UInt64 {
        UInt64(compressedSize) * 255 + 24
    }

    /// Writes a payload: its encoding byte, then (LZ4 only) its decompressed size, then the
    /// stored length and bytes.
    static func write(_ payload: [UInt8], to writer: inout WireWriter) {
        if payload.count > threshold, payload.count <= Int(LZ4_MAX_INPUT_SIZE),
           let compressed = compress(payload), compressed.count < payload.count {
            writer.writeByte(lz4Encoding)
            writer.writeVarint(UInt64(payload.count))
            writer.writeVarint(UInt64(compressed.count))
            compressed.withUnsafeBytes { writer.writeBytes($0) }
        } else {
            writer.writeByte(rawEncoding)
            writer.writeVarint(UInt64(payload.count))
            payload.withUnsafeBytes { writer.writeBytes($0) }
        }
    }

    /// The LZ4 block for `payload`, or nil when LZ4 fails.
    static func compress(_ payload: [UInt8]) -> [UInt8]? {
        let bound = Int(LZ4_compressBound(Int32(payload.count)))
        guard bound > 0 else { return nil }
        let compressed = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            let size = payload.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: CChar.self) { source in
                    buffer.withMemoryRebound(to: CChar.self) { destination in
                        LZ4_compress_default(source.baseAddress, destination.baseAddress, Int32(source.count), Int32(destination.count))
                    }
                }
            }
            initialized = max(0, Int(size))
        }
        return compressed.isEmpty ? nil : compressed
    }

    /// Reads a payload written by ``write(_:to:)``, checking its sizes against `limits` (and the
    /// message's running total `totalPayloadSize`) before allocating.
    static func read(
        _ field: @autoclosure () -> String,
        from reader: inout WireReader,
        limits: WireLimits,
        totalPayloadSize: inout Int
    ) throws(WireError) -> [UInt8] {
        let start = reader.offset
        let encoding = try reader.readByte(field())
        switch encoding {
        case rawEncoding:
            let lengthStart = reader.offset
            let length = try reader.readVarint(field())
            try checkSize(length, field(), at: lengthStart, reader: reader, limits: limits, total: &totalPayloadSize)
            let raw = try reader.readBytes(field(), count: length, fieldStart: start)
            return [UInt8](raw)
        case lz4Encoding:
            let sizeStart = reader.offset
            let declared = try reader.readVarint(field())
            try checkSize(declared, field(), at: sizeStart, reader: reader, limits: limits, total: &totalPayloadSize)
            let storedStart = reader.offset
            let stored = try reader.readVarint(field())
            let compressed = try reader.readBytes(field(), count: stored, fieldStart: storedStart)
            // LZ4 takes block sizes as Int32; a larger block cannot be valid for any allowed size.
            guard !compressed.isEmpty, compressed.count <= Int(Int32.max) else {
                throw reader.error(.corruptCompressedData(declared: declared), field: field(), at: storedStart)
            }
            guard declared <= maximumExpansion(ofCompressedSize: compressed.count) else {
                throw reader.error(.implausibleUncompressedSize(declared: declared, compressedSize: compressed.count), field: field(), at: sizeStart)
            }
            return try decompress(compressed, declared: Int(declared), field(), at: start, reader: reader)
        default:
            throw reader.error(.unknownPayloadEncoding(encoding), field: field(), at: start)
        }
    }

    private static func checkSize(
        _ size: UInt64, _ field: @autoclosure () -> String, at offset: Int,
        reader: WireReader, limits: WireLimits, total: inout Int
    ) throws(WireError) {
        // LZ4 cannot handle blocks over Int32; neither can the limits sensibly allow them.
        let limit = min(limits.maxPayloadSize, Int(LZ4_MAX_INPUT_SIZE))
        guard size <= UInt64(clamping: limit) else {
            throw reader.error(.lengthOverLimit(length: size, limit: limit), field: field(), at: offset)
        }
        let (newTotal, overflow) = total.addingReportingOverflow(Int(size))
        guard !overflow, newTotal <= limits.maxTotalPayloadSize else {
            throw reader.error(
                .lengthOverLimit(length: UInt64(total) + size, limit: limits.maxTotalPayloadSize),
                field: "\(field()) (total of the message's payloads)", at: offset)
        }
        total = newTotal
    }

    private static func decompress(
        _ compressed: UnsafeRawBufferPointer, declared: Int, _ field: @autoclosure () -> String, at offset: Int,
        reader: WireReader
    ) throws(WireError) -> [UInt8] {
        var result: Int32 = 0
        // At least one byte of room, so that LZ4 always has a destination to write into.
        let output = [UInt8](unsafeUninitializedCapacity: max(declared, 1)) { buffer, initialized in
            result = compressed.withMemoryRebound(to: CChar.self) { source in
                buffer.withMemoryRebound(to: CChar.self) { destination in
                    LZ4_decompress_safe(source.baseAddress, destination.baseAddress, Int32(source.count), Int32(destination.count))
                }
            }
            initialized = max(0, Int(result))
        }
        guard result >= 0 else {
            throw reader.error(.corruptCompressedData(declared: UInt64(declared)), field: field(), at: offset)
        }
        guard Int(result) == declared else {
            throw reader.error(.uncompressedSizeMismatch(declared: UInt64(declared), actual: Int(result)), field: field(), at: offset)
        }
        return output
    }
}
