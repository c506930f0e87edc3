import Foundation

/// A 128-bit decimal number for values that must not suffer binary rounding, such as money.
///
/// ```swift
/// class Invoice: Object {
///     @Persisted var total: Decimal128 = 0
/// }
/// invoice.total = Decimal128(string: "19.99")!
/// ```
public struct Decimal128: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The value as a Foundation decimal.
    public let decimalValue: Decimal

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

    public var description: String { decimalValue.description }
    public static func < (lhs: Decimal128, rhs: Decimal128) -> Bool { lhs.decimalValue < rhs.decimalValue }

    /// The storage form: the decimal's canonical text in UTF-8 (FORMAT.md, "Cell encoding").
    var storageBytes: [UInt8] { Array(decimalValue.description.utf8) }

    init(storageBytes b: UnsafeRawBufferPointer) {
        decimalValue = Decimal(string: String(decoding: b, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }
}
