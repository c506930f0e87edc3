/// A frame that could not be decoded: which message, which field, where, and what is wrong.
///
/// ``SyncMessageCodec``'s `decode` throws it for any frame it does not accept; decoding never
/// traps and never reads outside the frame. The description reads, for example:
///
/// ```
/// bad upload message: upload.changesets[3].payload at byte 57: the frame ends early: needs 100 bytes, 12 left
/// ```
///
/// A peer that receives a bad frame answers with ``errorMessage`` and closes the connection.
public struct WireError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the field.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// The frame ends inside the field: it needs `needed` more bytes and has `available`.
        case truncated(needed: UInt64, available: Int)
        /// The frame is larger than ``WireLimits/maxFrameSize``.
        case frameTooLarge(size: Int, limit: Int)
        /// The frame's protocol version is not one the decoder accepts.
        case unsupportedProtocolVersion(found: UInt8, supported: ClosedRange<SyncProtocolVersion>)
        /// The message type byte names no message.
        case unknownMessageType(UInt8)
        /// A varint is not in its shortest form, or does not fit in 64 bits.
        case malformedVarint
        /// A number is larger than its field allows (for example a session above `UInt32.max`).
        case valueTooLarge(value: UInt64, maximum: UInt64)
        /// A count is larger than its ``WireLimits`` field allows.
        case countOverLimit(count: UInt64, limit: Int)
        /// A length is larger than the limit (a ``WireLimits`` field).
        case lengthOverLimit(length: UInt64, limit: Int)
        /// A string is not valid UTF-8.
        case invalidUTF8
        /// A flags byte has bits set that the field does not define.
        case invalidFlags(UInt8, allowed: UInt8)
        /// A payload's encoding byte names no encoding.
        case unknownPayloadEncoding(UInt8)
        /// A compressed payload declares a size LZ4 cannot produce from so few bytes.
        case implausibleUncompressedSize(declared: UInt64, compressedSize: Int)
        /// The LZ4 data is corrupt, or decompresses to more than the declared size.
        case corruptCompressedData(declared: UInt64)
        /// The LZ4 data decompresses to fewer bytes than declared.
        case uncompressedSizeMismatch(declared: UInt64, actual: Int)
        /// Bytes follow the end of the message.
        case trailingBytes(count: Int)

        public var description: String {
            switch self {
            case let .truncated(needed, available):
                "the frame ends early: needs \(needed) byte\(needed == 1 ? "" : "s"), \(available) left"
            case let .frameTooLarge(size, limit):
                "the frame is \(size) bytes, over the limit of \(limit)"
            case let .unsupportedProtocolVersion(found, supported):
                "protocol version \(found) is not supported (this peer speaks \(supported.lowerBound)...\(supported.upperBound))"
            case let .unknownMessageType(type):
                "unknown message type \(type)"
            case .malformedVarint:
                "malformed varint (not in shortest form, or over 64 bits)"
            case let .valueTooLarge(value, maximum):
                "value \(value) is over the maximum \(maximum)"
            case let .countOverLimit(count, limit):
                "count \(count) is over the limit of \(limit)"
            case let .lengthOverLimit(length, limit):
                "length \(length) is over the limit of \(limit)"
            case .invalidUTF8:
                "the string is not valid UTF-8"
            case let .invalidFlags(flags, allowed):
                "flags 0x\(String(flags, radix: 16)) set bits outside 0x\(String(allowed, radix: 16))"
            case let .unknownPayloadEncoding(encoding):
                "unknown payload encoding \(encoding)"
            case let .implausibleUncompressedSize(declared, compressedSize):
                "declared uncompressed size \(declared) is more than LZ4 can expand \(compressedSize) bytes to"
            case let .corruptCompressedData(declared):
                "the LZ4 data is corrupt or decompresses to more than the declared \(declared) bytes"
            case let .uncompressedSizeMismatch(declared, actual):
                "the LZ4 data decompresses to \(actual) bytes, not the declared \(declared)"
            case let .trailingBytes(count):
                "\(count) byte\(count == 1 ? "" : "s") after the end of the message"
            }
        }
    }

    /// The kind of message being decoded, or `nil` when the frame header itself is bad.
    public var messageKind: SyncMessageKind?
    /// The field's path, for example `upload.changesets[3].payload`, `frame.version`, or the
    /// message's name alone for a problem with the whole message (trailing bytes).
    public var field: String
    /// The offset in the frame where the field starts.
    public var offset: Int
    /// What is wrong.
    public var problem: Problem

    /// Creates a wire error.
    public init(messageKind: SyncMessageKind?, field: String, offset: Int, problem: Problem) {
        self.messageKind = messageKind
        self.field = field
        self.offset = offset
        self.problem = problem
    }

    public var description: String {
        let what = messageKind.map { "bad \($0) message" } ?? "bad frame"
        return "\(what): \(field) at byte \(offset): \(problem)"
    }

    /// The code to report this failure to the peer with: ``SyncErrorCode/unsupportedProtocolVersion``,
    /// ``SyncErrorCode/tooLarge`` for anything over a limit, ``SyncErrorCode/badMessage`` otherwise.
    public var syncErrorCode: SyncErrorCode {
        switch problem {
        case .unsupportedProtocolVersion: .unsupportedProtocolVersion
        case .frameTooLarge, .lengthOverLimit, .countOverLimit: .tooLarge
        default: .badMessage
        }
    }

    /// The connection-level error message that reports this failure to the peer.
    public var errorMessage: ErrorMessage {
        ErrorMessage(session: nil, code: syncErrorCode, message: description, tryAgain: false, clientResetRequired: false)
    }
}
