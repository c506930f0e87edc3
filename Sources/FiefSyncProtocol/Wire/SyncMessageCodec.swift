/// Encodes ``SyncMessage`` values as WebSocket binary frames and decodes them back.
///
/// A frame is a two-byte header (protocol version, message type) followed by the message's
/// fields; `FORMAT.md`, Part III specifies it byte by byte. Encoding and decoding are pure and
/// deterministic: no I/O, no clocks.
///
/// ```swift
/// let frame = SyncMessageCodec.encode(.ping(timestamp: 42))
/// let message = try SyncMessageCodec.decode(frame)   // .ping(timestamp: 42)
/// ```
///
/// Decoding checks every length and count against ``WireLimits`` before allocating and throws
/// a ``WireError`` naming the field and byte offset of anything it does not accept, trailing
/// bytes included. It never traps and never reads outside the frame, whatever the input.
public enum SyncMessageCodec {
    /// Encodes a message as one frame.
    ///
    /// Changeset payloads larger than ``ChangesetPayloadCompression/threshold`` are
    /// LZ4-compressed when that makes them smaller. Encoding does not check ``WireLimits``: a
    /// message over the receiver's limits encodes, and the receiver refuses it.
    ///
    /// - Parameters:
    ///   - message: the message.
    ///   - version: the protocol version to write in the header, normally the one negotiated
    ///     with ``SyncProtocolVersion/negotiate(clientRange:serverRange:)``.
    /// - Returns: the frame's bytes.
    public static func encode(_ message: SyncMessage, version: SyncProtocolVersion = .current) -> [UInt8] {
        var writer = WireWriter(reservingCapacity: message.estimatedFrameSize)
        writer.writeByte(version.rawValue)
        writer.writeByte(message.kind.rawValue)
        message.writeFields(to: &writer)
        return writer.bytes
    }

    /// Decodes one frame.
    ///
    /// - Parameters:
    ///   - frame: the frame's bytes, exactly one message.
    ///   - limits: the largest sizes and counts to accept.
    ///   - versions: the protocol versions to accept in the header; after negotiation, pass the
    ///     negotiated version alone (`v ... v`).
    /// - Returns: the message.
    /// - Throws: ``WireError`` for any frame that is not exactly one valid message.
    public static func decode(
        _ frame: UnsafeRawBufferPointer,
        limits: WireLimits = .default,
        accepting versions: ClosedRange<SyncProtocolVersion> = SyncProtocolVersion.supported
    ) throws(WireError) -> SyncMessage {
        var reader = WireReader(frame)
        guard frame.count <= limits.maxFrameSize else {
            throw reader.error(.frameTooLarge(size: frame.count, limit: limits.maxFrameSize), field: "frame", at: 0)
        }
        let versionByte = try reader.readByte("frame.version")
        guard versionByte != 0, versions.contains(SyncProtocolVersion(rawValue: versionByte)) else {
            throw reader.error(.unsupportedProtocolVersion(found: versionByte, supported: versions), field: "frame.version", at: 0)
        }
        let typeByte = try reader.readByte("frame.type")
        guard let kind = SyncMessageKind(rawValue: typeByte) else {
            throw reader.error(.unknownMessageType(typeByte), field: "frame.type", at: 1)
        }
        reader.kind = kind
        let message = try SyncMessage.readFields(of: kind, from: &reader, limits: limits)
        guard reader.remaining == 0 else {
            throw reader.error(.trailingBytes(count: reader.remaining), field: "", at: reader.offset)
        }
        return message
    }

    /// Decodes one frame held in any collection of bytes (an array, a slice, a NIO buffer's view...).
    ///
    /// The same as the `UnsafeRawBufferPointer` variant; contiguous collections are read in
    /// place, others are copied once.
    public static func decode(
        _ frame: some Collection<UInt8>,
        limits: WireLimits = .default,
        accepting versions: ClosedRange<SyncProtocolVersion> = SyncProtocolVersion.supported
    ) throws(WireError) -> SyncMessage {
        let result = frame.withContiguousStorageIfAvailable { buffer in
            Result { () throws(WireError) in try decode(UnsafeRawBufferPointer(buffer), limits: limits, accepting: versions) }
        }
        if let result { return try result.get() }
        return try Array(frame).withUnsafeBytes { bytes in
            Result { () throws(WireError) in try decode(bytes, limits: limits, accepting: versions) }
        }.get()
    }
}
