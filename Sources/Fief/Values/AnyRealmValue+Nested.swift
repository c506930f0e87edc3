/// Lists and dictionaries held by a mixed value, nested to any depth (up to
/// ``AnyRealmValue/maxNestingDepth``).
///
/// ```swift
/// try realm.write {
///     setting.value = .fromArray([.int(1), .fromDictionary(["on": .bool(true)])])
/// }
/// try realm.write { setting.value.listValue![0] = .int(2) }   // the stored list changes
/// ```
extension AnyRealmValue {
    /// How many lists and dictionaries may nest inside one another in a stored value; storing
    /// a deeper value fails with ``RealmError/invalidValue(_:)``.
    public static let maxNestingDepth = 100

    /// A value holding a new unmanaged list of `array`'s elements.
    public static func fromArray(_ array: [AnyRealmValue]) -> AnyRealmValue {
        let list = List<AnyRealmValue>()
        list.unmanaged = array
        return .list(list)
    }

    /// A value holding a new unmanaged dictionary of `dictionary`'s entries.
    public static func fromDictionary(_ dictionary: [String: AnyRealmValue]) -> AnyRealmValue {
        let map = Map<String, AnyRealmValue>()
        map.unmanaged = dictionary
        return .dictionary(map)
    }

    /// The list held, or nil for any other case. Read from a managed object it is live.
    public var listValue: List<AnyRealmValue>? { if case .list(let v) = self { v } else { nil } }
    /// The dictionary held, or nil for any other case. Read from a managed object it is live.
    public var dictionaryValue: Map<String, AnyRealmValue>? { if case .dictionary(let v) = self { v } else { nil } }

    /// The live list or dictionary at `location`.
    init(nestedAt location: CollectionLocation) {
        if location.nesting?.isDictionary == true {
            self = .dictionary(Map(location: location))
        } else {
            self = .list(List(location: location))
        }
    }

    static func nestedList(_ list: List<AnyRealmValue>, _ context: _RealmContext?, _ depth: Int) throws -> StoredValue {
        try checkDepth(depth)
        return .nestedList(try list.elements().map { try $0.stored(context, depth: depth + 1) })
    }

    static func nestedMap(_ map: Map<String, AnyRealmValue>, _ context: _RealmContext?, _ depth: Int) throws -> StoredValue {
        try checkDepth(depth)
        var items: [StoredValue] = []
        for (key, value) in map.pairs() {
            items.append(.string(key))
            items.append(try value.stored(context, depth: depth + 1))
        }
        return .nestedMap(items)
    }

    private static func checkDepth(_ depth: Int) throws {
        guard depth < maxNestingDepth else { throw nestingTooDeep }
    }

    /// The error for a value whose lists and dictionaries nest deeper than the limit.
    static var nestingTooDeep: RealmError {
        .invalidValue("AnyRealmValue lists and dictionaries nest at most \(maxNestingDepth) deep")
    }
}

/// Element types that can be a list or dictionary nested in a mixed value (`AnyRealmValue`),
/// read live from where it is stored.
protocol NestedCollectionHolder {
    init(nestedAt location: CollectionLocation)
}

extension AnyRealmValue: NestedCollectionHolder {}

extension CollectionLocation {
    /// The element for the stored `value` found at `step` of this collection: a live list or
    /// dictionary when `value` is one nested in a mixed value, else `value` converted.
    @inline(__always)
    func element<Element: _Persistable>(_ value: StoredValue, at step: NestedStep, as type: Element.Type) -> Element {
        if value.isNestedCollection, let holder = Element.self as? any NestedCollectionHolder.Type,
           let element = holder.init(nestedAt: nested(step, holding: value)) as? Element {
            return element
        }
        return Element._fiefFromStored(_StoredBox(value: value), _RealmContext(realm: realm))
    }
}
