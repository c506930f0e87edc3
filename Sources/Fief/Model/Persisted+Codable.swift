/// `@Persisted` properties encode and decode as their values, so that a model class declared
/// `Codable` gets Swift's synthesized `init(from:)` and `encode(to:)`, as in RealmSwift.
///
/// ```swift
/// class Dog: Object, Codable {
///     @Persisted var name: String
///     @Persisted var owner: Person?      // Person: Object, Codable; nested in the JSON
///     @Persisted var tags: List<String>
/// }
/// let dog = try JSONDecoder().decode(Dog.self, from: json)   // unmanaged
/// try realm.write { realm.add(dog) }
/// ```
///
/// A missing key decodes as nil for an optional property (see ``OptionalCodingWrapper``) and
/// throws `DecodingError.keyNotFound` for any other, as in RealmSwift. `LinkingObjects` and
/// `AnyRealmValue` are not `Codable` (as in RealmSwift): leave such properties out of the
/// class's `CodingKeys`.
extension Persisted: Decodable where Value: Decodable {
    /// An unmanaged property holding the decoded value (null decodes as nil for an optional
    /// property and throws for any other).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil(), let optional = Value.self as? any ExpressibleByNilLiteral.Type {
            value = optional.init(nilLiteral: ()) as? Value
        } else {
            value = try container.decode(Value.self)
        }
        flags = []
    }
}

extension Persisted: Encodable where Value: Encodable {
    /// Encodes the property's value: the unmanaged value (or the type's default when unset),
    /// or, for a managed object, its current value in the realm. Links encode as nested
    /// objects, collections as arrays and maps as dictionaries.
    ///
    /// A managed object's property reads its object from Fief's encoding of it, so encode a
    /// managed object through ``EncodableObject``, as a link, or in a collection or `Results`;
    /// given to an encoder directly it throws `EncodingError.invalidValue` (RealmSwift throws
    /// for every managed object).
    public func encode(to encoder: any Encoder) throws {
        guard managedIndex >= 0 else {
            return try ObjectEncoding.encode(value ?? Value._fiefDefault(), to: encoder)
        }
        let object = try ObjectEncoding.enclosingObject(ofField: Persisted<Value>.self, index: Int(managedIndex), encoder)
        guard !object.isInvalidated else {
            throw EncodingError.invalidValue(Persisted<Value>.self, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "The object was deleted or invalidated."))
        }
        try ObjectEncoding.encode(Value._fiefRead(_PropertyAccess(object: object, index: Int(managedIndex))), to: encoder)
    }
}
