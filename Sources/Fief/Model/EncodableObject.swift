/// Encodes an object, managed or not, with its own `encode(to:)`, so that a managed object's
/// `@Persisted` properties encode their current values.
///
/// ```swift
/// let dog = realm.objects(Dog.self).first!
/// let json = try JSONEncoder().encode(EncodableObject(dog))
/// ```
///
/// A managed object's fields know their property but not their object, and an encoder calls
/// the object's synthesized `encode(to:)` without Fief seeing it; this wrapper, like a link,
/// a `List`, `MutableSet`, `Map` or `Results` holding the object, lets Fief see it first. An
/// unmanaged object encodes the same with or without it. (RealmSwift encodes only unmanaged
/// objects with synthesized `Codable`.)
public struct EncodableObject<Root: ObjectBase & Encodable>: Encodable {
    /// The object to encode.
    public let object: Root

    /// Wraps `object` for encoding.
    public init(_ object: Root) { self.object = object }

    /// Encodes the object as its own `encode(to:)` does, reading managed properties from its realm.
    public func encode(to encoder: any Encoder) throws {
        try ObjectEncoding.encode(object: object, to: encoder)
    }
}
