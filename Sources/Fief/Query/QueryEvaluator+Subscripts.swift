import FiefQueryLanguage

/// Subscripts of key paths into lists and dictionaries: of list and map properties, and of
/// those held by mixed values at any depth (`value[0]`, `value['key']`, `value[*]`,
/// `value[FIRST]`, `value[LAST]`, `value[SIZE]`).
extension QueryEvaluator {
    /// The values `keyPathSubscript` reaches in `value`, a value of `property` (nothing when
    /// it is not a collection, or the position or key is missing). `[SIZE]` is the count.
    static func subscripted(_ value: StoredValue, _ keyPathSubscript: KeyPathSubscript, of property: Property?) -> [StoredValue] {
        guard let (items, isDictionary) = collectionItems(value, of: property) else { return [] }
        let elements = isDictionary ? stride(from: 1, to: items.count, by: 2).map { items[$0] } : items
        switch keyPathSubscript {
        case .index(let i): return !isDictionary && elements.indices.contains(i) ? [elements[i]] : []
        case .key(let key): return isDictionary ? Realm.mapEntries(items).filter { $0.0 == key }.map(\.1) : []
        case .all: return elements
        case .first: return isDictionary ? [] : Array(elements.prefix(1))
        case .last: return isDictionary ? [] : Array(elements.suffix(1))
        case .size: return [.int(Int64(elements.count))]
        }
    }

    /// The elements of a list or dictionary held by a mixed value (a dictionary's values), or
    /// nil for any other value.
    static func nestedElements(_ value: StoredValue) -> [StoredValue]? {
        switch value {
        case .nestedList(let items): items
        case .nestedMap(let items): stride(from: 1, to: items.count, by: 2).map { items[$0] }
        default: nil
        }
    }

    /// The items of a collection value and whether they alternate key and value.
    private static func collectionItems(_ value: StoredValue, of property: Property?) -> ([StoredValue], Bool)? {
        switch value {
        case .collection(let items): (items, property?.collection == .map)
        case .nestedList(let items): (items, false)
        case .nestedMap(let items): (items, true)
        default: nil
        }
    }

    /// The property of the elements a subscript reaches in values of `property`.
    static func element(of property: Property?) -> Property? {
        property.map { Property(name: $0.name, type: $0.type, isOptional: true, objectClassName: $0.objectClassName) }
    }
}
