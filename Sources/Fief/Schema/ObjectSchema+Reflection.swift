extension ObjectSchema {
    /// The Swift class whose objects this schema describes: the model class bound to the
    /// class name in the realm (or given to `objectTypes`), or ``DynamicObject`` for a class
    /// the realm holds without a Swift model (a realm opened dynamically, or a class another
    /// version of the app added).
    public var objectClass: AnyClass { modelClass ?? DynamicObject.self }

    /// Whether two object schemas describe the same type: the same class name and kind
    /// (top-level, embedded or asymmetric), and equal properties (see ``Property/==(_:_:)``)
    /// in the same order.
    public static func == (lhs: ObjectSchema, rhs: ObjectSchema) -> Bool {
        lhs.className == rhs.className && lhs.hasSameKind(as: rhs) && lhs.properties == rhs.properties
    }

    /// Whether both types are of the same kind: top-level, embedded or asymmetric.
    func hasSameKind(as other: ObjectSchema) -> Bool {
        isEmbedded == other.isEmbedded && isAsymmetric == other.isAsymmetric
    }

    /// The kind of the type in words, as schema errors and descriptions name it.
    var kindName: String { isEmbedded ? "embedded" : isAsymmetric ? "asymmetric" : "top-level" }

    /// The word before `class` in ``description``: nothing for a top-level class.
    var kindPrefix: String { isEmbedded || isAsymmetric ? kindName + " " : "" }

    /// The same type, stored the same way in the file (columns and the next column to hand out).
    func isStoredIdentically(to other: ObjectSchema) -> Bool {
        className == other.className && hasSameKind(as: other) && nextColumn == other.nextColumn
            && properties.count == other.properties.count
            && zip(properties, other.properties).allSatisfy { $0.isStoredIdentically(to: $1) }
    }
}

extension Schema {
    /// Whether two schemas hold the same object types, each equal (see ``ObjectSchema/==(_:_:)``).
    public static func == (lhs: Schema, rhs: Schema) -> Bool {
        lhs.objectSchema == rhs.objectSchema
    }

    /// The same types, stored the same way in the file: what decides whether a schema read
    /// from the file changed.
    func isStoredIdentically(to other: Schema) -> Bool {
        objectSchema.count == other.objectSchema.count
            && zip(objectSchema, other.objectSchema).allSatisfy { $0.isStoredIdentically(to: $1) }
    }

    /// The schema with each type's Swift model class filled in by `modelClass(className)`.
    func withModelClasses(_ modelClass: (String) -> ObjectBase.Type?) -> Schema {
        var copy = self
        for i in copy.objectSchema.indices { copy.objectSchema[i].modelClass = modelClass(copy.objectSchema[i].className) }
        return copy
    }
}
