extension Property {
    /// A property to declare with ``Realm/dynamicAddClasses(_:)`` (the realm assigns its
    /// storage column).
    ///
    /// ```swift
    /// Property(name: "dogs", type: .object, collection: .list, objectClassName: "Dog")
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type of the values (for collections, of the elements); `.object` and
    ///     `.linkingObjects` name their class in `objectClassName`.
    ///   - linkOriginPropertyName: for `.linkingObjects`, the property of `objectClassName`
    ///     that links here.
    ///   - isPrimary: whether this is the class's primary key (which is indexed too).
    public init(name: String, type: PropertyType, collection: CollectionKind = .none, isOptional: Bool = false,
                objectClassName: String? = nil, linkOriginPropertyName: String? = nil,
                isPrimary: Bool = false, isIndexed: Bool = false) {
        self.init(name: name, type: type, collection: collection, isOptional: isOptional, objectClassName: objectClassName,
                  linkOriginPropertyName: linkOriginPropertyName, isPrimary: isPrimary, isIndexed: isIndexed, column: 0)
    }
}

extension ObjectSchema {
    /// A class to declare with ``Realm/dynamicAddClasses(_:)``.
    ///
    /// ```swift
    /// ObjectSchema(className: "Dog", properties: [
    ///     Property(name: "name", type: .string, isPrimary: true),
    ///     Property(name: "age", type: .int),
    /// ])
    /// ```
    ///
    /// - Parameter isAsymmetric: whether the class is asymmetric (see ``AsymmetricObject``);
    ///   such a class needs a primary key.
    public init(className: String, properties: [Property], isEmbedded: Bool = false, isAsymmetric: Bool = false) {
        self.init(className: className, properties: properties, isEmbedded: isEmbedded, isAsymmetric: isAsymmetric, nextColumn: nil)
    }
}
