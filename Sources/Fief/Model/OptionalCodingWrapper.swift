/// A property wrapper whose wrapped value is optional, so that a missing key decodes as nil.
/// `@Persisted` of an optional type is one.
///
/// ```swift
/// class Dog: Object, Codable {
///     @Persisted var name: String
///     @Persisted var nickname: String?
/// }
/// let dog = try JSONDecoder().decode(Dog.self, from: Data(#"{"name": "Rex"}"#.utf8))
/// // dog.nickname == nil
/// ```
public protocol OptionalCodingWrapper {
    /// The wrapped value's type, an optional.
    associatedtype WrappedType: ExpressibleByNilLiteral
    /// A wrapper around `wrappedValue`.
    init(wrappedValue: WrappedType)
}

extension Persisted: OptionalCodingWrapper where Value: ExpressibleByNilLiteral {}

extension KeyedDecodingContainer {
    /// Decodes an ``OptionalCodingWrapper`` (an optional `@Persisted` property), a missing key
    /// or null as a wrapper around nil. Swift's synthesized `init(from:)` calls it instead of
    /// the standard `decode(_:forKey:)`, which throws `keyNotFound` for a missing key.
    ///
    /// ```swift
    /// let nickname = try container.decode(Persisted<String?>.self, forKey: .nickname)
    /// ```
    public func decode<T: Decodable & OptionalCodingWrapper>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? T(wrappedValue: nil)
    }
}
