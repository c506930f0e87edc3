import Foundation

/// A decimal number for values that must not suffer binary rounding, such as money.
///
/// ```swift
/// class Invoice: Object {
///     @Persisted var total: Decimal128 = 0
/// }
/// invoice.total = Decimal128(string: "19.99")! + 5
/// ```
///
/// Fief keeps it as a Foundation `Decimal` (up to 38 significant digits, exponents from -128
/// to 127), where Realm used IEEE 754 decimal128 (34 digits, exponents to ±6144).
public struct Decimal128: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    /// The value as a Foundation decimal.
    public let decimalValue: Decimal

    /// Zero.
    public init() { decimalValue = 0 }
    /// A decimal from a Foundation `Decimal`.
    public init(_ value: Decimal) { decimalValue = value }
    /// A decimal from an integer.
    public init(integerLiteral value: Int64) { decimalValue = Decimal(value) }
    /// A decimal from a floating-point literal, rounded to 15 significant digits as written.
    public init(floatLiteral value: Double) { decimalValue = Decimal(string: "\(value)") ?? Decimal(value) }
    /// A decimal parsed from text such as "19.99"; nil if the text is not a number.
    public init?(string: String) {
        guard let d = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        decimalValue = d
    }

    /// A decimal from a string literal such as `"19.99"`; traps if it is not a number.
    ///
    /// ```swift
    /// let price: Decimal128 = "19.99"
    /// ```
    public init(stringLiteral value: String) {
        guard let d = Decimal128(string: value) else { preconditionFailure("\"\(value)\" is not a decimal number") }
        self = d
    }

    /// A decimal from an `NSNumber` (an integer exactly; a floating-point number rounded to
    /// 15 significant digits, as a `Double` literal is).
    public init(number: NSNumber) {
        switch String(cString: number.objCType) {
        case "f", "d": self.init(floatLiteral: number.doubleValue)
        case "Q", "L", "I", "S", "C": self.init(Decimal(number.uint64Value))
        default: self.init(Decimal(number.int64Value))
        }
    }

    /// A decimal converted from any integer type, `Float`, `Double`, `String`, `NSNumber`,
    /// `Decimal` or `Decimal128`. Traps for any other type and for a string that is not a
    /// number, as RealmSwift's does.
    public init(value: Any) {
        switch value {
        case let d as Decimal128: self = d
        case let d as Decimal: self.init(d)
        case let s as String:
            guard let d = Decimal128(string: s) else { preconditionFailure("\"\(s)\" is not a decimal number") }
            self = d
        case let f as Float: self.init(floatLiteral: Double(f))
        case let d as Double: self.init(floatLiteral: d)
        case let i as any BinaryInteger:
            guard let d = Decimal(string: "\(i)", locale: Locale(identifier: "en_US_POSIX")) else { preconditionFailure("\(i) is not a decimal number") }
            self.init(d)
        case let n as NSNumber: self.init(number: n)
        default: preconditionFailure("Cannot convert a \(type(of: value)) to Decimal128")
        }
    }

    /// The smallest (most negative) finite value.
    public static var min: Decimal128 { Decimal128(-Decimal.greatestFiniteMagnitude) }
    /// The largest finite value.
    public static var max: Decimal128 { Decimal128(Decimal.greatestFiniteMagnitude) }

    /// Whether the value is not a number.
    public var isNaN: Bool { decimalValue.isNaN }
    /// Whether the value is not a number (every NaN of `Decimal` signals).
    public var isSignaling: Bool { decimalValue.isNaN }
    /// Whether the value is not a number; as ``isSignaling``.
    public var isSignalingNaN: Bool { isSignaling }

    /// The decimal's text, as "19.99".
    public var description: String { decimalValue.description }
    /// Whether two decimals have the same value (`1.0 == 1.00`).
    public static func == (lhs: Decimal128, rhs: Decimal128) -> Bool { lhs.decimalValue == rhs.decimalValue }
    /// Whether `lhs` is smaller.
    public static func < (lhs: Decimal128, rhs: Decimal128) -> Bool { lhs.decimalValue < rhs.decimalValue }

    /// The storage form: the decimal's canonical text in UTF-8 (FORMAT.md, "Cell encoding").
    var storageBytes: [UInt8] { Array(decimalValue.description.utf8) }

    init(storageBytes b: UnsafeRawBufferPointer) {
        decimalValue = Decimal(string: String(decoding: b, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }
}
