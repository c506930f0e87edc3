/// Freezing and thawing maps, and `Map` as a ``RealmKeyedCollection``.
extension Map: RealmKeyedCollection {
    /// A frozen snapshot of the map, read from a frozen copy of its realm. Traps for an
    /// unmanaged map.
    public func freeze() -> Map<Key, Value> {
        guard let location else { preconditionFailure("An unmanaged Map cannot be frozen") }
        return Map(location: location.frozen())
    }

    /// The live map of a frozen one, or nil when its object was deleted since; the map itself
    /// when it is not frozen.
    public func thaw() -> Map<Key, Value>? {
        guard let location, location.realm.isFrozen else { return self }
        return location.thawed().map { Map(location: $0) }
    }

    convenience init(location: CollectionLocation) {
        self.init()
        self.location = location
    }
}

/// A map encodes as a dictionary keyed by its keys, and decodes from one.
extension Map: Codable where Value: Codable {
    /// A new unmanaged map with the entries of an encoded dictionary.
    public convenience init(from decoder: Decoder) throws {
        self.init()
        let entries = try decoder.singleValueContainer().decode([String: Value].self)
        for (key, value) in entries { unmanaged[key] = value }
    }

    /// Encodes the entries as a dictionary (objects as nested objects, managed ones with their
    /// current values).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: pairs().map { ($0.key._fiefString, EncodedElement(element: $0.value)) }))
    }
}
