import Fief
import Foundation

/// One `fuzz-query-eval` input, decoded.
///
/// Format: an optional header line, then the query (UTF-8; invalid bytes are replaced).
///
///     <class><argument>...\n<query>
///
/// The header is the text before the first newline when that newline is within the first
/// ``maximumHeaderLength`` bytes; otherwise there is no header, the class is `QEItem` and there
/// are no arguments. The header's first byte picks the class (`i` QEItem, `o` QEOwner,
/// `t` QETag; other bytes modulo 3 in that order), each following byte one `$n` argument
/// (spaces are skipped; see ``QueryEvalArguments`` for the letters), at most
/// ``maximumArguments``.
public struct QueryEvalInput {
    /// The class the query runs on.
    public enum Target: Sendable { case item, owner, tag }

    public static let maximumHeaderLength = 8
    public static let maximumArguments = 4

    public var target: Target = .item
    /// One byte per argument, decoded by ``QueryEvalArguments/value(_:_:)``.
    public var argumentCodes: [UInt8] = []
    public var query: String

    public init(_ bytes: [UInt8]) {
        guard let newline = bytes.prefix(Self.maximumHeaderLength + 1).firstIndex(of: 0x0A) else {
            query = String(decoding: bytes, as: UTF8.self)
            return
        }
        let header = bytes[..<newline]
        query = String(decoding: bytes[(newline + 1)...], as: UTF8.self)
        guard let first = header.first else { return }
        switch first {
        case UInt8(ascii: "i"): target = .item
        case UInt8(ascii: "o"): target = .owner
        case UInt8(ascii: "t"): target = .tag
        default: target = [Target.item, .owner, .tag][Int(first) % 3]
        }
        argumentCodes = Array(header.dropFirst().filter { $0 != UInt8(ascii: " ") }.prefix(Self.maximumArguments))
    }
}

/// The `$n` argument values, one per header byte.
///
/// | letter | value | letter | value |
/// |---|---|---|---|
/// | `i` | `Int` 3 | `I` | `[Int]` [0, 7, 42] |
/// | `d` | `Double` 1.5 | `D` | `Double.nan` |
/// | `s` | `String` "eta" | `S` | `[String]` ["alpha", "Beta", "x"] |
/// | `n` | `nil` | `e` | `[String]` (empty) |
/// | `t` | `Date` (epoch) | `b` | `Bool` true |
/// | `o` | an `ObjectId` | `u` | a `UUID` |
/// | `x` | `Data` [0, 31] | `m` | `Decimal128` 7 |
/// | `f` | `Float` 3 | `k` | `QEKind.fancy` |
/// | `O` | item 3 (managed) | `L` | `[QEItem]` items 1, 2 |
/// | `w` | owner 1 (managed) | `T` | `Set<String>` ["a", "B"] |
/// | `a` | `AnyRealmValue.int(2)` | `U` | an unmanaged `QEItem` |
/// | `q` | `Int64.min` | `Q` | `Int.max` |
///
/// Other bytes pick an entry by their value modulo the table's size.
public enum QueryEvalArguments {
    static let letters = Array("idsntoxfOwaqIDSebumkLTUQ".utf8)

    /// The value a header byte stands for.
    public static func value(_ code: UInt8, _ fixture: QueryEvalFixture) -> Any {
        let letter = letters.contains(code) ? code : letters[Int(code) % letters.count]
        switch Character(UnicodeScalar(letter)) {
        case "i": return 3
        case "d": return 1.5
        case "s": return "eta"
        case "n": return Optional<String>.none as Any
        case "t": return Date(timeIntervalSince1970: 0)
        case "o": return fixture.items[1].objectId
        case "x": return Data([0, 31])
        case "f": return Float(3)
        case "O": return fixture.items[3]
        case "w": return fixture.owners[1]
        case "a": return AnyRealmValue.int(2)
        case "q": return Int64.min
        case "I": return [0, 7, 42]
        case "D": return Double.nan
        case "S": return ["alpha", "Beta", "x"]
        case "e": return [String]()
        case "b": return true
        case "u": return fixture.items[2].uuid
        case "m": return Decimal128(integerLiteral: 7)
        case "k": return QEKind.fancy
        case "L": return [fixture.items[1], fixture.items[2]]
        case "T": return Set(["a", "B"])
        case "U": return QEItem()
        default: return Int.max
        }
    }
}
