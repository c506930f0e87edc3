import Foundation

/// Arithmetic on `Decimal128`, in decimal (no binary rounding), as RealmSwift's `Numeric` and
/// `Strideable` conformances have it.
///
/// ```swift
/// let total: Decimal128 = "19.99" * 3 + "0.03"   // 60
/// ```
extension Decimal128: SignedNumeric, Strideable {
    /// The absolute value's type: `Decimal128`.
    public typealias Magnitude = Decimal128
    /// The distance type of `Strideable`: `Decimal128`.
    public typealias Stride = Decimal128

    /// A decimal equal to an integer; nil if it cannot be represented exactly.
    public init?<T: BinaryInteger>(exactly source: T) {
        guard let d = Decimal(string: "\(source)", locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self.init(d)
    }

    /// Zero.
    public static var zero: Decimal128 { Decimal128() }

    /// The absolute value.
    public var magnitude: Decimal128 { Decimal128(decimalValue < 0 ? -decimalValue : decimalValue) }

    /// The sum.
    public static func + (lhs: Decimal128, rhs: Decimal128) -> Decimal128 { Decimal128(lhs.decimalValue + rhs.decimalValue) }
    /// The difference.
    public static func - (lhs: Decimal128, rhs: Decimal128) -> Decimal128 { Decimal128(lhs.decimalValue - rhs.decimalValue) }
    /// The product.
    public static func * (lhs: Decimal128, rhs: Decimal128) -> Decimal128 { Decimal128(lhs.decimalValue * rhs.decimalValue) }
    /// The quotient; dividing by zero gives NaN (``isNaN``).
    public static func / (lhs: Decimal128, rhs: Decimal128) -> Decimal128 { Decimal128(lhs.decimalValue / rhs.decimalValue) }
    /// Multiplies `lhs` by `rhs`.
    public static func *= (lhs: inout Decimal128, rhs: Decimal128) { lhs = lhs * rhs }
    /// Adds `rhs` to `lhs`.
    public static func += (lhs: inout Decimal128, rhs: Decimal128) { lhs = lhs + rhs }
    /// Subtracts `rhs` from `lhs`.
    public static func -= (lhs: inout Decimal128, rhs: Decimal128) { lhs = lhs - rhs }
    /// Divides `lhs` by `rhs`.
    public static func /= (lhs: inout Decimal128, rhs: Decimal128) { lhs = lhs / rhs }

    /// `other - self`.
    public func distance(to other: Decimal128) -> Decimal128 { other - self }
    /// `self + n`.
    public func advanced(by n: Decimal128) -> Decimal128 { self + n }
}
