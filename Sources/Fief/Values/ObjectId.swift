import Foundation

/// A 12-byte unique identifier, as MongoDB and Realm use for primary keys: a 4-byte timestamp,
/// 5 random bytes fixed per process, and a 3-byte counter.
///
/// ```swift
/// class Todo: Object {
///     @Persisted(primaryKey: true) var _id: ObjectId
/// }
/// let id = ObjectId.generate()
/// ```
public struct ObjectId: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 12 bytes, most significant first.
    public let bytes: [UInt8]

    /// An id of twelve zero bytes.
    public init() { bytes = Array(repeating: 0, count: 12) }

    /// An id from 12 raw bytes. Returns nil for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 12 else { return nil }
        self.bytes = bytes
    }

    /// An id from its 24-character hexadecimal form. Throws ``RealmError/invalidValue(_:)``
    /// for any other text.
    public init(string: String) throws {
        let utf8 = Array(string.utf8)
        guard utf8.count == 24 else { throw RealmError.invalidValue("ObjectId needs 24 hex digits, got \"\(string)\"") }
        var out: [UInt8] = []
        out.reserveCapacity(12)
        for i in stride(from: 0, to: 24, by: 2) {
            guard let hi = Self.hexValue(utf8[i]), let lo = Self.hexValue(utf8[i + 1]) else {
                throw RealmError.invalidValue("ObjectId \"\(string)\" has a non-hex digit at \(i)")
            }
            out.append(hi << 4 | lo)
        }
        bytes = out
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A new id, unique within this process and very likely across processes.
    public static func generate() -> ObjectId {
        ObjectId(timestamp: Date(), middle: ObjectIdCounter.processBytes)
    }

    /// An id of the timestamp's seconds (big-endian), five `middle` bytes and the next value of
    /// this process's counter (big-endian, so ids made in one second sort in creation order).
    init(timestamp: Date, middle: [UInt8]) {
        let seconds = UInt32(truncatingIfNeeded: Int(timestamp.timeIntervalSince1970))
        let counter = ObjectIdCounter.next()
        var b = [UInt8](repeating: 0, count: 12)
        b[0] = UInt8(seconds >> 24); b[1] = UInt8(seconds >> 16 & 0xFF)
        b[2] = UInt8(seconds >> 8 & 0xFF); b[3] = UInt8(seconds & 0xFF)
        for i in 0..<5 { b[4 + i] = middle[i] }
        b[9] = UInt8(counter >> 16 & 0xFF); b[10] = UInt8(counter >> 8 & 0xFF); b[11] = UInt8(counter & 0xFF)
        bytes = b
    }

    /// The time encoded in the id's first four bytes.
    public var timestamp: Date {
        let s = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
        return Date(timeIntervalSince1970: TimeInterval(s))
    }

    /// The 24-character lowercase hexadecimal form.
    public var stringValue: String { bytes.map { String(format: "%02x", $0) }.joined() }
    public var description: String { stringValue }

    public static func < (lhs: ObjectId, rhs: ObjectId) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
}

/// The process-wide part of generated ids: random bytes chosen once and a counter.
private enum ObjectIdCounter {
    static let processBytes: [UInt8] = (0..<5).map { _ in UInt8.random(in: 0...255) }
    private static let counter = AtomicCounter(start: UInt64.random(in: 0..<0xFF_FFFF))
    static func next() -> UInt32 { UInt32(truncatingIfNeeded: counter.increment()) & 0xFF_FFFF }
}
