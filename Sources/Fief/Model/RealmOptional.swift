/// An optional number or `Bool` declared without `@Persisted`, as RealmSwift's deprecated
/// `RealmOptional` did. Declare it with `let`; read and write `value`.
///
/// ```swift
/// class Dog: Object {
///     @Persisted var name = ""
///     let weight = RealmOptional<Double>()
/// }
/// ```
///
/// New models should use `@Persisted var weight: Double?`, which is stored the same way.
public final class RealmOptional<Value: RealmOptionalType>: _PropertyBox<Value?>, CustomStringConvertible {
    /// A property holding `value` (nil when omitted).
    public init(_ value: Value? = nil) { super.init(unmanaged: .some(value)) }

    /// The property's value, read from and written to the realm once the object is managed
    /// (writes must be inside a write transaction).
    public var value: Value? {
        get { boxedValue }
        set { boxedValue = newValue }
    }

    /// The value's description (`nil` when there is none).
    public var description: String { value.map { "\($0)" } ?? "nil" }
}

extension RealmOptional: Equatable where Value: Equatable {
    /// Whether both properties hold equal values.
    public static func == (lhs: RealmOptional<Value>, rhs: RealmOptional<Value>) -> Bool { lhs.value == rhs.value }
}

extension RealmOptional: Codable where Value: Codable {
    /// Decodes the value (null decodes as nil).
    public convenience init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(container.decodeNil() ? nil : try container.decode(Value.self))
    }

    /// Encodes the value alone (nil as null).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// The types a ``RealmOptional`` (and, optional, a ``RealmProperty``) can hold: the integers,
/// `Float`, `Double` and `Bool`.
public protocol RealmOptionalType: _Persistable {}

extension RealmOptionalType {
    /// An empty name, as in RealmSwift (these types are not object classes).
    public static func className() -> String { "" }
}

extension Int: RealmOptionalType {}
extension Int8: RealmOptionalType {}
extension Int16: RealmOptionalType {}
extension Int32: RealmOptionalType {}
extension Int64: RealmOptionalType {}
extension Float: RealmOptionalType {}
extension Double: RealmOptionalType {}
extension Bool: RealmOptionalType {}
