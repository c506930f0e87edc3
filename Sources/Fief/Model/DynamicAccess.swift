import Foundation

/// Conversions between `Any` values (dictionaries given to `create`, `object["name"]`,
/// migration objects) and stored values.
enum DynamicAccess {
    /// The stored form of `value` for `property`; throws if it does not fit.
    static func storedValue(_ value: Any?, for property: Property, realm: Realm?) throws -> StoredValue {
        if property.collection != .none {
            guard let value else { return .collection([]) }
            let element = Property(name: property.name, type: property.type, isOptional: property.isOptional,
                                   objectClassName: property.objectClassName)
            if property.collection == .map, let dict = value as? [String: Any?] {
                return .collection(try dict.sorted { $0.key < $1.key }.flatMap { k, v in
                    [StoredValue.string(k), try storedValue(v, for: element, realm: realm)] })
            }
            if let collection = value as? any _CollectionStoredValue {
                let stored = try collection._storedElements(realm)
                guard property.collection == .set, case .collection(let items) = stored else { return stored }
                return .collection(StoredValue.setMembers(items))
            }
            guard let items = anyArray(value) else {
                throw RealmError.invalidValue("\(property.name) needs a collection, got \(type(of: value))")
            }
            let values = try items.map { try storedValue($0, for: element, realm: realm) }
            return .collection(property.collection == .set ? StoredValue.setMembers(values) : values)
        }
        guard let value, !(value is NSNull) else { return .null }
        if let optional = value as? any OptionalProtocol {
            guard let wrapped = optional.wrappedAny else { return .null }
            return try storedValue(wrapped, for: property, realm: realm)
        }
        if let persistable = value as? any _Persistable, property.type != .object || value is ObjectBase {
            if let object = value as? ObjectBase {
                guard let realm else { throw RealmError.invalidValue("a link needs a realm") }
                return .link(try realm.keyForLinking(object))
            }
            let stored = try persistable._fiefToStored(realm.map { _RealmContext(realm: $0) }).value
            return try coerce(stored, to: property)
        }
        if property.type == .any, let nested = try nestedValue(value, for: property, realm: realm) { return nested }
        if property.type == .object, let realm, let target = property.objectClassName,
           let binding = realm.binding(named: target), let info = binding.info {
            let object = info.type.init()
            assign(object, from: value)
            return .link(try realm.keyForLinking(object))
        }
        throw RealmError.invalidValue("\(type(of: value)) cannot be stored in \(property.name) (\(property.typeDescription))")
    }

    /// An array or a `[String: Any]` given for a mixed property, as the list or dictionary
    /// the value then holds (`object["value"] = [1, ["a": 2]]`, a migration copying a value);
    /// nil for anything else.
    private static func nestedValue(_ value: Any, for property: Property, realm: Realm?) throws -> StoredValue? {
        let nested: StoredValue
        if let dictionary = value as? [String: Any?] {
            nested = .nestedMap(try dictionary.sorted { $0.key < $1.key }.flatMap { key, element in
                [StoredValue.string(key), try storedValue(element, for: property, realm: realm)] })
        } else if let items = anyArray(value) {
            nested = .nestedList(try items.map { try storedValue($0, for: property, realm: realm) })
        } else {
            return nil
        }
        guard nested.nestingDepth <= AnyRealmValue.maxNestingDepth else { throw AnyRealmValue.nestingTooDeep }
        return nested
    }

    /// The elements of an array or other sequence hidden in `Any`.
    static func anyArray(_ value: Any) -> [Any?]? {
        if let a = value as? [Any?] { return a }
        guard let sequence = value as? any Sequence else { return nil }
        return elements(of: sequence)
    }

    private static func elements<S: Sequence>(of sequence: S) -> [Any?] { sequence.map { $0 as Any? } }

    /// Converts numeric kinds to the property's kind; rejects mismatches.
    static func coerce(_ value: StoredValue, to property: Property) throws -> StoredValue {
        switch (property.type, value) {
        case (.any, _), (_, .null): return value
        case (.int, .int), (.bool, .bool), (.string, .string), (.data, .data), (.date, .date),
             (.objectId, .objectId), (.uuid, .uuid), (.decimal128, .decimal), (.object, .link), (.double, .double), (.float, .float):
            return value
        case (.double, .int(let i)): return .double(Double(i))
        case (.double, .float(let f)): return .double(Double(f))
        case (.float, .int(let i)): return .float(Float(i))
        case (.float, .double(let d)): return .float(Float(d))
        case (.decimal128, .int(let i)): return .decimal(Decimal128(integerLiteral: i))
        case (.decimal128, .double(let d)): return .decimal(Decimal128(floatLiteral: d))
        // Whole doubles within Int64's range only: 1e300 or infinity names no int.
        case (.int, .double(let d)) where Int64(exactly: d) != nil: return .int(Int64(exactly: d)!)
        default:
            throw RealmError.invalidValue("a \(value.kindName) value cannot be stored in \(property.name) (\(property.typeDescription))")
        }
    }

    /// The `Any` form of a stored value (links become objects of their Swift class, or
    /// dynamic objects when there is none).
    static func anyValue(_ value: StoredValue, _ property: Property, realm: Realm?) -> Any? {
        switch value {
        case .null: return nil
        case .bool(let b): return b
        case .int(let i): return Int(i)
        case .float(let f): return f
        case .double(let d): return d
        case .string(let s): return s
        case .data(let d): return Data(d)
        case .date(let d): return d
        case .decimal(let d): return d
        case .objectId(let o): return o
        case .uuid(let u): return u
        case .link(let k):
            guard let realm, let target = property.objectClassName, let binding = realm.binding(named: target) else { return nil }
            if let info = binding.info { return info.instantiate(realm: realm, table: binding, key: k) }
            return DynamicObject(realm: realm, binding: binding, key: k)
        case .anyLink(let name, let k):
            guard let realm, let binding = realm.binding(named: name) else { return nil }
            if let info = binding.info { return info.instantiate(realm: realm, table: binding, key: k) }
            return DynamicObject(realm: realm, binding: binding, key: k)
        case .collection(let items):
            let element = Property(name: property.name, type: property.type, isOptional: property.isOptional,
                                   objectClassName: property.objectClassName)
            return items.map { anyValue($0, element, realm: realm) }
        case .nestedList(let items):
            return items.map { anyValue($0, property, realm: realm) }
        case .nestedMap(let items):
            return Dictionary(Realm.mapEntries(items).map { ($0.0, anyValue($0.1, property, realm: realm)) }, uniquingKeysWith: { $1 })
        }
    }

    static func get(_ object: ObjectBase, _ key: String) -> Any? {
        let info = ClassInfo.of(type(of: object))
        guard let i = info.propertyIndex(key) else { return nil }
        let property = info.properties[i]
        if let state = object._managed {
            let value = state.rowRealm.readValue(state, state.rowTable.swiftColumns[i])
            return anyValue(value, property, realm: state.rowRealm)
        }
        guard property.isStored, let value = try? info.storedValue(of: object, i, nil) else { return nil }
        return anyValue(value, property, realm: nil)
    }

    static func set(_ object: ObjectBase, _ key: String, _ value: Any?) {
        let info = ClassInfo.of(type(of: object))
        guard let i = info.propertyIndex(key) else {
            preconditionFailure("Property '\(key)' does not exist on object type '\(info.schema.className)'.")
        }
        do {
            if let state = object._managed {
                let stored = try storedValue(value, for: info.properties[i], realm: state.rowRealm)
                try state.rowRealm.writeValue(state, state.rowTable.swiftColumns[i], stored)
            } else {
                setUnmanaged(object, info, i, value)
            }
        } catch {
            preconditionFailure("Cannot set \(info.schema.className).\(key): \(error)")
        }
    }

    private static func setUnmanaged(_ object: ObjectBase, _ info: ClassInfo, _ i: Int, _ value: Any?) {
        if info.setUnmanagedAny(object, i, value) { return }
        let property = info.properties[i]
        if property.type == .object, property.collection != .none, let target = info.linkedTypes[i],
           let items = value.flatMap(anyArray) {
            // A list of objects given as dictionaries, arrays or objects.
            let objects: [Any] = items.compactMap { item -> ObjectBase? in
                guard let item else { return nil }
                if let existing = item as? ObjectBase { return existing }
                let made = target.init()
                assign(made, from: item)
                return made
            }
            if info.setUnmanagedAny(object, i, objects) { return }
        }
        if let stored = try? storedValue(value, for: property, realm: nil) {
            info.setUnmanaged(object, i, stored, nil)
        } else if property.type == .object, property.collection == .none, let value, let target = info.linkedTypes[i] {
            let linked = target.init()
            assign(linked, from: value)
            _ = info.setUnmanagedAny(object, i, linked)
        } else {
            preconditionFailure("\(type(of: value as Any)) cannot be stored in \(info.schema.className).\(property.name)")
        }
    }

    /// Sets properties from a dictionary, an array in property order, or another object.
    /// Returns the names of the properties given.
    @discardableResult
    static func assign(_ object: ObjectBase, from value: Any) -> Set<String> {
        let info = ClassInfo.of(type(of: object))
        var given: Set<String> = []
        if let dict = value as? [String: Any?] {
            for (k, v) in dict where info.propertyIndex(k) != nil { set(object, k, v); given.insert(k) }
        } else if let dict = value as? [String: Any] {
            for (k, v) in dict where info.propertyIndex(k) != nil { set(object, k, v); given.insert(k) }
        } else if let array = value as? [Any?] {
            for (p, v) in zip(info.properties.filter(\.isStored), array) { set(object, p.name, v); given.insert(p.name) }
        } else if let other = value as? ObjectBase {
            for p in info.properties where p.isStored {
                set(object, p.name, get(other, p.name))
                given.insert(p.name)
            }
        }
        return given
    }

    static func describe(_ value: StoredValue) -> String {
        switch value {
        case .string(let s): s
        case .int(let i): "\(i)"
        case .objectId(let o): o.stringValue
        case .uuid(let u): u.uuidString
        default: "\(value)"
        }
    }
}

/// Lets `DynamicAccess` unwrap optionals hidden in `Any`.
protocol OptionalProtocol {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
    var wrappedAny: Any? { self.map { $0 as Any } }
}
