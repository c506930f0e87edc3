import Foundation

/// Converts values given to the dynamic API (dictionaries, arrays, ``DynamicObject``s and
/// Swift scalars) to stored values and back, creating linked objects given as dictionaries.
struct DynamicValues {
    let realm: Realm
    let session: WriteSession
    /// The policy for linked top-level objects given as dictionaries.
    let update: Realm.UpdatePolicy

    /// The stored form of `value` for `property`; throws ``RealmError/invalidValue(_:)``
    /// naming the property when it does not fit.
    func stored(_ value: Any?, for property: Property) throws -> StoredValue {
        guard property.type == .object || property.type == .any else {
            return try DynamicAccess.storedValue(value, for: property, realm: realm)
        }
        let value = Self.unwrap(value)
        switch property.collection {
        case .none:
            return try element(value, property)
        case .map:
            guard let value else { return .collection([]) }
            guard let dict = Self.dictionary(value) else { throw mismatch(value, property, "a dictionary") }
            return .collection(try dict.sorted { $0.key < $1.key }.flatMap { [StoredValue.string($0.key), try element($0.value, property)] })
        case .list, .set:
            guard let value else { return .collection([]) }
            guard let items = DynamicAccess.anyArray(value) else { throw mismatch(value, property, "an array") }
            let values = try items.map { try element(Self.unwrap($0), property) }
            return .collection(property.collection == .set ? StoredValue.setMembers(values) : values)
        }
    }

    /// One link or mixed value.
    private func element(_ value: Any?, _ property: Property) throws -> StoredValue {
        guard let value else { return .null }
        if let object = value as? DynamicObject {
            guard object.realm === realm else { throw RealmError.wrongRealm("\(object.className) given for \(property.name)") }
            if property.type == .any { return .anyLink(className: object.className, key: object.key) }
            guard object.className == property.objectClassName else {
                throw mismatch(value, property, "a \(property.objectClassName ?? "?") object")
            }
            return .link(object.key)
        }
        if property.type == .any {
            let single = Property(name: property.name, type: .any, isOptional: true)
            return try DynamicAccess.storedValue(value, for: single, realm: realm)
        }
        guard let dict = Self.dictionary(value), let target = property.objectClassName,
              let binding = realm.binding(named: target) else {
            throw mismatch(value, property, "a \(property.objectClassName ?? "?") object or a dictionary")
        }
        return .link(try realm.dynamicInsert(binding, dict, update: update, session: session))
    }

    private func mismatch(_ value: Any, _ property: Property, _ expected: String) -> RealmError {
        .invalidValue("\(property.name) (\(property.typeDescription)) needs \(expected), got \(type(of: value))")
    }

    /// A dictionary hidden in `Any`, with optional or plain values.
    static func dictionary(_ value: Any) -> [String: Any?]? {
        if let dict = value as? [String: Any?] { return dict }
        if let dict = value as? [String: Any] { return dict.mapValues { $0 } }
        return nil
    }

    /// `value` with nested optionals and `NSNull` flattened to nil.
    static func unwrap(_ value: Any?) -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        if let optional = value as? any OptionalProtocol { return unwrap(optional.wrappedAny) }
        return value
    }

    /// The `Any` form of a stored value: see ``DynamicObject/value(forProperty:)``.
    static func anyValue(_ value: StoredValue, _ property: Property, realm: Realm) -> Any? {
        switch value {
        case .link(let key):
            guard let target = property.objectClassName, let binding = realm.binding(named: target) else { return nil }
            return DynamicObject(realm: realm, binding: binding, key: key)
        case .anyLink(let name, let key):
            guard let binding = realm.binding(named: name) else { return nil }
            return DynamicObject(realm: realm, binding: binding, key: key)
        case .collection(let items):
            let element = Property(name: property.name, type: property.type, isOptional: property.isOptional,
                                   objectClassName: property.objectClassName)
            guard property.collection == .map else { return items.map { anyValue($0, element, realm: realm) } }
            var dict: [String: Any?] = [:]
            for i in stride(from: 0, to: items.count - 1, by: 2) {
                if case .string(let k) = items[i] { dict[k] = anyValue(items[i + 1], element, realm: realm) }
            }
            return dict
        default:
            return DynamicAccess.anyValue(value, property, realm: realm)
        }
    }
}
