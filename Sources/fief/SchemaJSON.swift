import Fief

/// A realm schema as JSON (the `schema` section of an export, `fief schema --json`):
/// one object per class, `{"class": "Dog", "embedded": true, "properties": [...]}` (or
/// `"asymmetric": true`), and per
/// property `{"name": "owner", "type": "object", "objectClass": "Person", "optional": true}`
/// with `collection` (`list`, `set`, `map`), `optional`, `primaryKey`, `indexed` and, for
/// `linkingObjects`, `origin` written only when they apply.
enum SchemaJSON {
    /// The JSON of one class.
    static func encode(_ cls: ObjectSchema) -> JSON {
        var members: [(String, JSON)] = [("class", .string(cls.className))]
        if cls.isEmbedded { members.append(("embedded", .bool(true))) }
        if cls.isAsymmetric { members.append(("asymmetric", .bool(true))) }
        members.append(("properties", .array(cls.properties.map(encode))))
        return .object(members)
    }

    /// The JSON of one property.
    static func encode(_ p: Property) -> JSON {
        var members: [(String, JSON)] = [("name", .string(p.name)), ("type", .string(p.type.description))]
        if let target = p.objectClassName { members.append(("objectClass", .string(target))) }
        if p.collection != .none { members.append(("collection", .string(p.collection.description))) }
        if p.isOptional { members.append(("optional", .bool(true))) }
        if p.isPrimary { members.append(("primaryKey", .bool(true))) }
        if p.isIndexed && !p.isPrimary { members.append(("indexed", .bool(true))) }
        if let origin = p.linkOriginPropertyName { members.append(("origin", .string(origin))) }
        return .object(members)
    }

    /// The classes of a `schema` array; throws ``ImportError`` naming the entry at fault.
    static func decode(_ json: JSON, path: String) throws -> [ObjectSchema] {
        guard case .array(let items) = json else { throw ImportError(path: path, message: "expected an array of classes, found \(json.kindName)") }
        return try items.enumerated().map { try decodeClass($1, path: "\(path)[\($0)]") }
    }

    private static func decodeClass(_ json: JSON, path: String) throws -> ObjectSchema {
        guard case .string(let name)? = json["class"] else { throw ImportError(path: path, message: "expected \"class\": a class name") }
        guard case .array(let properties)? = json["properties"] else {
            throw ImportError(path: path, message: "class \(name) needs \"properties\": an array")
        }
        let decoded = try properties.enumerated().map { try decodeProperty($1, path: "\(path).properties[\($0)]") }
        return ObjectSchema(className: name, properties: decoded, isEmbedded: try flag(json, "embedded", path),
                            isAsymmetric: try flag(json, "asymmetric", path))
    }

    private static func decodeProperty(_ json: JSON, path: String) throws -> Property {
        guard case .string(let name)? = json["name"] else { throw ImportError(path: path, message: "expected \"name\": a property name") }
        guard case .string(let typeName)? = json["type"], let type = PropertyType.allCases.first(where: { $0.description == typeName }) else {
            let known = PropertyType.allCases.map(\.description).joined(separator: ", ")
            throw ImportError(path: path, message: "property \(name) needs \"type\": one of \(known)")
        }
        var collection = CollectionKind.none
        if let value = json["collection"] {
            guard case .string(let kind) = value, let found = [CollectionKind.list, .set, .map].first(where: { $0.description == kind }) else {
                throw ImportError(path: path, message: "property \(name): \"collection\" is list, set or map")
            }
            collection = found
        }
        return Property(name: name, type: type, collection: collection, isOptional: try flag(json, "optional", path),
                        objectClassName: try string(json, "objectClass", path), linkOriginPropertyName: try string(json, "origin", path),
                        isPrimary: try flag(json, "primaryKey", path), isIndexed: try flag(json, "indexed", path))
    }

    private static func flag(_ json: JSON, _ key: String, _ path: String) throws -> Bool {
        switch json[key] {
        case nil: return false
        case .bool(let b)?: return b
        default: throw ImportError(path: path + "." + key, message: "expected true or false")
        }
    }

    private static func string(_ json: JSON, _ key: String, _ path: String) throws -> String? {
        switch json[key] {
        case nil: return nil
        case .string(let s)?: return s
        default: throw ImportError(path: path + "." + key, message: "expected a string")
        }
    }
}
