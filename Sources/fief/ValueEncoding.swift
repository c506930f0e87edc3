import Fief
import Foundation

/// Writes object property values as JSON, the way `fief export` and `fief query --json` show
/// them (CLI.md, "Values"): typed scalars as JSON scalars or strings, embedded objects nested,
/// links to other objects as a reference chosen by the caller.
struct ValueEncoding {
    /// How a link to a top-level (not embedded) object is written.
    let reference: (DynamicObject) throws -> JSON

    /// Every stored property of `object`, in schema order.
    func encode(object: DynamicObject) throws -> JSON {
        var members: [(String, JSON)] = []
        for property in object.objectSchema.properties where property.type != .linkingObjects {
            members.append((property.name, try encode(try object.value(forProperty: property.name), property)))
        }
        return .object(members)
    }

    /// One property value read with `DynamicObject.value(forProperty:)`.
    func encode(_ value: Any?, _ property: Property) throws -> JSON {
        guard let value else { return .null }
        if property.collection == .map, let dict = value as? [String: Any?] {
            return .object(try dict.keys.sorted().map { ($0, try element(dict[$0] ?? nil, property)) })
        }
        if property.collection != .none, let items = value as? [Any?] {
            return .array(try items.map { try element($0, property) })
        }
        return try element(value, property)
    }

    private func element(_ value: Any?, _ property: Property) throws -> JSON {
        guard let value else { return .null }
        if property.type == .any { return try mixed(value) }
        if let object = value as? DynamicObject {
            return object.objectSchema.isEmbedded ? try encode(object: object) : try reference(object)
        }
        return ValueEncoding.scalar(value)
    }

    /// A mixed value: `{"type": "int", "value": 3}`; links add `"class"`.
    private func mixed(_ value: Any) throws -> JSON {
        if let object = value as? DynamicObject {
            return .object([("type", .string("object")), ("class", .string(object.className)), ("value", try reference(object))])
        }
        return .object([("type", .string(ValueEncoding.typeName(of: value))), ("value", ValueEncoding.scalar(value))])
    }

    /// The JSON of a scalar value.
    static func scalar(_ value: Any) -> JSON {
        switch value {
        case let b as Bool: return .bool(b)
        case let i as Int: return .int(i)
        case let f as Float: return f.isFinite ? .number(f.description) : .string(nonFinite(Double(f)))
        case let d as Double: return d.isFinite ? .number(d.description) : .string(nonFinite(d))
        case let s as String: return .string(s)
        case let data as Data: return .string(data.base64EncodedString())
        case let date as Date:
            return DateText.format(date).map(JSON.string) ?? .number(date.timeIntervalSinceReferenceDate.description)
        case let d as Decimal128: return .string(d.description)
        case let o as ObjectId: return .string(o.stringValue)
        case let u as UUID: return .string(u.uuidString)
        default: return .string("\(value)")
        }
    }

    /// `"NaN"`, `"Infinity"` or `"-Infinity"`: JSON has no numbers for them.
    static func nonFinite(_ d: Double) -> String { d.isNaN ? "NaN" : (d < 0 ? "-Infinity" : "Infinity") }

    /// The schema type name of a scalar value held by a mixed property.
    static func typeName(of value: Any) -> String {
        switch value {
        case is Bool: PropertyType.bool.description
        case is Int: PropertyType.int.description
        case is Float: PropertyType.float.description
        case is Double: PropertyType.double.description
        case is String: PropertyType.string.description
        case is Data: PropertyType.data.description
        case is Date: PropertyType.date.description
        case is Decimal128: PropertyType.decimal128.description
        case is ObjectId: PropertyType.objectId.description
        case is UUID: PropertyType.uuid.description
        default: "unknown"
        }
    }
}
