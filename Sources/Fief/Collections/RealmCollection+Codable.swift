/// Collections encode as arrays of their elements; lists and sets decode from arrays into
/// new unmanaged collections (a set keeps the first of equal elements). Objects encode as
/// nested objects, managed ones with their current values.
///
/// ```swift
/// let json = try JSONEncoder().encode(recipe.tags)   // ["vegan","quick"]
/// let dogs = try JSONEncoder().encode(realm.objects(Dog.self))
/// ```
extension RealmCollection where Element: Encodable {
    /// Encodes the elements, in order, as an array.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(EncodedElement(element: element)) }
    }
}

extension Results: Encodable where Element: Encodable {}

extension AnyRealmCollection: Encodable where Element: Encodable {}

extension List: Encodable where Element: Encodable & RealmCollectionValue {}

extension List: Decodable where Element: Decodable {
    /// A new unmanaged list of the decoded array's elements.
    public convenience init(from decoder: Decoder) throws {
        self.init()
        unmanaged = try decoder.singleValueContainer().decode([Element].self)
    }
}

extension MutableSet: Encodable where Element: Encodable & RealmCollectionValue {}

extension MutableSet: Decodable where Element: Decodable {
    /// A new unmanaged set of the decoded array's distinct elements.
    public convenience init(from decoder: Decoder) throws {
        self.init()
        insert(objectsIn: try decoder.singleValueContainer().decode([Element].self))
    }
}
