import Foundation

extension ObjectId {
    /// An id made of the given parts, laid out as Realm lays them: the timestamp's seconds
    /// (big-endian), the low three bytes of `machineId` and the low two of `processId`
    /// (little-endian), then this process's counter.
    ///
    /// ```swift
    /// let id = ObjectId(timestamp: Date(timeIntervalSince1970: 1_700_000_000), machineId: 7, processId: 42)
    /// assert(id.timestamp == Date(timeIntervalSince1970: 1_700_000_000))
    /// ```
    public init(timestamp: Date, machineId: Int, processId: Int) {
        let m = UInt32(truncatingIfNeeded: machineId), p = UInt16(truncatingIfNeeded: processId)
        self.init(timestamp: timestamp, middle: [UInt8(m & 0xFF), UInt8(m >> 8 & 0xFF), UInt8(m >> 16 & 0xFF),
                                                 UInt8(p & 0xFF), UInt8(p >> 8)])
    }

    /// An id from a 24-digit hexadecimal literal; traps on any other text. Use
    /// ``init(string:)`` for text read at run time.
    ///
    /// ```swift
    /// let id = ObjectId("6554a3b2c1d0e9f8a7b6c5d4")
    /// ```
    public init(_ string: StaticString) {
        let text = string.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        do { try self.init(string: text) } catch { preconditionFailure("\(error)") }
    }
}

/// An `ObjectId` encodes as its 24-digit hexadecimal text, as RealmSwift's does.
extension ObjectId: Codable {
    /// Decodes an id from its hexadecimal text; throws for any other text.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(string: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not an ObjectId")
        }
    }

    /// Encodes the id as its hexadecimal text.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stringValue)
    }
}
