import Foundation

/// How a managed object's `@Persisted` properties find their object while it is encoded.
///
/// A managed `@Persisted` field holds only its property's index, not its object, and the
/// `encode(to:)` Swift synthesizes reads the fields directly. So wherever Fief encodes an
/// object (a link, an element of a collection or of `Results`, ``EncodableObject``) it
/// records the object on the encoding thread first; a managed field then reads its value from
/// the innermost object recorded for its level of the coding path.
enum ObjectEncoding {
    /// Encodes `value`: an object through its own `encode(to:)`, with itself recorded for its
    /// managed fields; any other value (nil included) through a single-value container.
    static func encode<Value: Encodable>(_ value: Value, to encoder: any Encoder) throws {
        if let object = value as? any ObjectBase & Encodable {
            try encode(object: object, to: encoder)
        } else {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// Encodes `object` with its own `encode(to:)`, recorded for its managed fields.
    static func encode(object: any ObjectBase & Encodable, to encoder: any Encoder) throws {
        let frames = Frames.current
        frames.stack.append(Frame(object: object, fieldDepth: encoder.codingPath.count + 1))
        defer { frames.stack.removeLast() }
        try object.encode(to: encoder)
    }

    /// The managed object whose field `index`, a `Field`, is being encoded by `encoder`.
    /// Throws when no object Fief is encoding matches: the field's object was handed to the
    /// encoder directly rather than through Fief.
    static func enclosingObject<Field>(ofField field: Field.Type, index: Int, _ encoder: any Encoder) throws -> ObjectBase {
        if let frame = Frames.current.stack.last, frame.fieldDepth == encoder.codingPath.count, frame.object._managed != nil {
            let fields = ClassInfo.of(type(of: frame.object)).fields
            if index < fields.count, ObjectIdentifier(fields[index].access) == ObjectIdentifier(field) {
                return frame.object
            }
        }
        throw EncodingError.invalidValue(field, EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "A managed object's @Persisted property is encoded while Fief encodes the object: "
                + "wrap an object given to an encoder directly in EncodableObject(object), or encode it as a link, "
                + "in a collection or in Results."))
    }

    struct Frame {
        let object: ObjectBase
        /// The length of the coding path at which the object's own fields are encoded.
        let fieldDepth: Int
    }

    /// One thread's objects being encoded, innermost last. Only that thread touches it.
    final class Frames {
        private static let dictionaryKey = "fief.objectEncodingFrames"
        var stack: [Frame] = []

        static var current: Frames { ThreadLocalObject.current(dictionaryKey, make: Frames.init) }
    }
}

/// An element of a collection as it is encoded: an object is recorded for its managed fields
/// (see ``ObjectEncoding``), any other value encodes as itself.
struct EncodedElement<Element: Encodable>: Encodable {
    let element: Element

    func encode(to encoder: any Encoder) throws {
        try ObjectEncoding.encode(element, to: encoder)
    }
}
