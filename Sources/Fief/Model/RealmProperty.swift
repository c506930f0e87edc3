/// A property of an optional number, optional `Bool` or `AnyRealmValue` declared without
/// `@Persisted`, as older RealmSwift models do. Declare it with `let`; read and write `value`.
///
/// ```swift
/// class Person: Object {
///     @Persisted var name = ""
///     let age = RealmProperty<Int?>()
///     let extra = RealmProperty<AnyRealmValue>()
/// }
///
/// try realm.write { person.age.value = 42 }
/// ```
///
/// New models should use `@Persisted var age: Int?`, which is stored the same way. Typed
/// queries (`where { ... }`) do not reach through `value`; filter with a query string
/// (`filter("age > 40")`) instead.
public final class RealmProperty<Value: RealmPropertyType>: _PropertyBox<Value>, CustomStringConvertible {
    /// A property with the type's default value (nil, or `.none` for `AnyRealmValue`).
    public init() { super.init(unmanaged: nil) }

    /// The property's value, read from and written to the realm once the object is managed
    /// (writes must be inside a write transaction).
    public var value: Value {
        get { boxedValue }
        set { boxedValue = newValue }
    }

    /// The value's description.
    public var description: String { String(describing: value) }
}

extension RealmProperty: Equatable where Value: Equatable {
    /// Whether both properties hold equal values.
    public static func == (lhs: RealmProperty<Value>, rhs: RealmProperty<Value>) -> Bool { lhs.value == rhs.value }
}

extension RealmProperty: Codable where Value: Codable {
    /// Decodes the value (a missing or null value decodes as nil).
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        value = try decoder.singleValueContainer().decode(Value.self)
    }

    /// Encodes the value alone.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// The types a ``RealmProperty`` can hold: `AnyRealmValue` and the optionals of the
/// ``RealmOptionalType``s (numbers and `Bool`).
public protocol RealmPropertyType: _Persistable {}

extension AnyRealmValue: RealmPropertyType {}
extension Optional: RealmPropertyType where Wrapped: RealmOptionalType {}
