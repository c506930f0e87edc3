/// A constant in a query.
///
/// Equality treats two NaN doubles as equal (so that a parsed `nan` survives a round trip).
package enum QueryLiteral: Equatable, Sendable {
    /// Decimal (`-12`) or hexadecimal (`0x1F`) integer.
    case integer(Int64)
    /// `1.5`, `1e-3`, `.5`, `inf`, `-infinity`, `nan`.
    case double(Double)
    /// `'text'` or `"text"`, escapes resolved.
    case string(String)
    /// `true` / `false` (any case).
    case bool(Bool)
    /// `null` / `nil` (any case).
    case null
    /// `oid(507f1f77bcf86cd799439011)`: the 12 bytes.
    case objectId([UInt8])
    /// `uuid(...)` in canonical 8-4-4-4-12 form: the 16 bytes.
    case uuid([UInt8])
    /// `T1609459200:0` or `2021-01-01@17:30:15:0` (UTC): seconds and nanoseconds since the epoch,
    /// both with the same sign.
    case timestamp(seconds: Int64, nanoseconds: Int32)
    /// `B64"aGVsbG8="`: the decoded bytes.
    case binary([UInt8])

    package static func == (lhs: QueryLiteral, rhs: QueryLiteral) -> Bool {
        switch (lhs, rhs) {
        case let (.integer(a), .integer(b)): a == b
        case let (.double(a), .double(b)): a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        case let (.objectId(a), .objectId(b)): a == b
        case let (.uuid(a), .uuid(b)): a == b
        case let (.timestamp(s1, n1), .timestamp(s2, n2)): s1 == s2 && n1 == n2
        case let (.binary(a), .binary(b)): a == b
        default: false
        }
    }
}
