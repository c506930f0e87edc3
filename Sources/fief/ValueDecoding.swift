import Fief
import Foundation

/// Where in an import document a value is, and what is wrong with it.
struct ImportError: Error, CustomStringConvertible {
    /// The value's path, such as `objects.Dog[3].owner`.
    var path: String
    /// What is wrong.
    var message: String

    var description: String { "\(path): \(message)" }
}

/// Reads property values from JSON written as ``ValueEncoding`` writes them, into the values
/// `Realm.dynamicCreate` takes.
struct ValueDecoding {
    /// The schema of the realm being imported into.
    let schema: Schema
    /// Finds the top-level object of a class that a link names (primary key or position).
    let resolve: (_ className: String, _ reference: JSON, _ path: String) throws -> DynamicObject

    /// The properties of an object (top-level or embedded) of `objectSchema`; `only` limits
    /// them to some names.
    func decode(object json: JSON, _ objectSchema: ObjectSchema, path: String, only: Set<String>? = nil) throws -> [String: Any?] {
        guard case .object(let members) = json else {
            throw ImportError(path: path, message: "expected an object of class \(objectSchema.className), found \(json.kindName)")
        }
        var values: [String: Any?] = [:]
        for (name, value) in members {
            guard let property = objectSchema[name], property.type != .linkingObjects else {
                throw ImportError(path: path, message: "class \(objectSchema.className) has no stored property '\(name)'")
            }
            if let only, !only.contains(name) { continue }
            values[name] = try decode(value, property, path: path + "." + name)
        }
        return values
    }

    /// One property value.
    func decode(_ json: JSON, _ property: Property, path: String) throws -> Any? {
        if case .null = json { return nil }
        switch property.collection {
        case .none:
            return try element(json, property, path: path)
        case .list, .set:
            guard case .array(let items) = json else { throw ImportError(path: path, message: "expected an array, found \(json.kindName)") }
            return try items.enumerated().map { try element($1, property, path: "\(path)[\($0)]") }
        case .map:
            guard case .object(let members) = json else { throw ImportError(path: path, message: "expected an object, found \(json.kindName)") }
            var dict: [String: Any?] = [:]
            for (key, value) in members { dict[key] = try element(value, property, path: "\(path).\(key)") }
            return dict
        }
    }

    private func element(_ json: JSON, _ property: Property, path: String) throws -> Any? {
        if case .null = json { return nil }
        switch property.type {
        case .any:
            return try mixed(json, path: path)
        case .object:
            let target = property.objectClassName ?? ""
            guard let targetSchema = schema[target] else { throw ImportError(path: path, message: "unknown class \(target)") }
            if targetSchema.isEmbedded { return try decode(object: json, targetSchema, path: path) }
            return try resolve(target, json, path)
        default:
            return try ValueDecoding.scalar(json, property.type, path: path)
        }
    }

    private func mixed(_ json: JSON, path: String) throws -> Any? {
        guard case .string(let type)? = json["type"], let value = json["value"] else {
            throw ImportError(path: path, message: "expected a mixed value such as {\"type\":\"int\",\"value\":3}, found \(json.text.prefix(60))")
        }
        if type == PropertyType.object.description {
            guard case .string(let className)? = json["class"] else { throw ImportError(path: path, message: "a mixed link needs \"class\"") }
            return try resolve(className, value, path)
        }
        guard let scalarType = PropertyType.allCases.first(where: { $0.description == type }),
              ![.any, .object, .linkingObjects].contains(scalarType) else {
            throw ImportError(path: path, message: "unknown mixed type '\(type)'")
        }
        return try ValueDecoding.scalar(value, scalarType, path: path)
    }

    /// A scalar of `type`, as ``ValueEncoding/scalar(_:)`` writes it.
    static func scalar(_ json: JSON, _ type: PropertyType, path: String) throws -> Any {
        func fail(_ expected: String) -> ImportError {
            ImportError(path: path, message: "expected \(expected) for a \(type) value, found \(json.kindName) \(json.text.prefix(40))")
        }
        switch (type, json) {
        case (.bool, .bool(let b)): return b
        case (.int, .number(let n)): guard let i = Int(n) else { throw fail("an integer") }; return i
        case (.float, .number(let n)): guard let f = Float(n) else { throw fail("a number") }; return f
        case (.float, _): guard let d = floating(json) else { throw fail("a number") }; return Float(d)
        case (.double, _): guard let d = floating(json) else { throw fail("a number") }; return d
        case (.string, .string(let s)): return s
        case (.data, .string(let s)): guard let d = Data(base64Encoded: s) else { throw fail("base64 text") }; return d
        case (.date, .string(let s)): guard let d = DateText.parse(s) else { throw fail("an ISO 8601 date such as 2024-05-01T12:30:00Z") }; return d
        case (.date, .number(let n)): guard let t = Double(n) else { throw fail("a number") }; return Date(timeIntervalSinceReferenceDate: t)
        case (.decimal128, .string(let s)), (.decimal128, .number(let s)):
            guard let d = Decimal128(string: s) else { throw fail("a decimal number") }; return d
        case (.objectId, .string(let s)): do { return try ObjectId(string: s) } catch { throw fail("24 hex digits") }
        case (.uuid, .string(let s)): guard let u = UUID(uuidString: s) else { throw fail("a UUID") }; return u
        default: throw fail("a \(type) value")
        }
    }

    /// A float or double as a JSON number, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
    private static func floating(_ json: JSON) -> Double? {
        switch json {
        case .number(let n): Double(n)
        case .string("NaN"): .nan
        case .string("Infinity"): .infinity
        case .string("-Infinity"): -.infinity
        default: nil
        }
    }
}
