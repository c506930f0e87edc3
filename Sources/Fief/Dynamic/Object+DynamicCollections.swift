extension ObjectBase {
    /// The stored value of a collection-of-objects property of this managed object, read as
    /// `DynamicObject.value(forProperty:)` reads it. Traps, as RealmSwift does, on an
    /// unmanaged object, an unknown property, or a property of another kind.
    final func dynamicCollection(_ propertyName: String, _ kind: CollectionKind, _ caller: String) -> Any? {
        guard let state = _managed else { preconditionFailure("\(caller) needs a managed object; this \(type(of: self)) is unmanaged.") }
        guard let property = state.rowTable.column(named: propertyName)?.property,
              property.collection == kind, property.type == .object else {
            preconditionFailure("\(state.rowTable.className).\(propertyName) is not a \(kind) of objects.")
        }
        do {
            return try DynamicObject(realm: state.rowRealm, binding: state.rowTable, key: state.rowKey).value(forProperty: propertyName)
        } catch {
            preconditionFailure("\(caller)(\"\(propertyName)\"): \(error)")
        }
    }

    final func dynamicElements(_ propertyName: String, _ kind: CollectionKind, _ caller: String) -> [DynamicObject] {
        let values = dynamicCollection(propertyName, kind, caller) as? [Any?] ?? []
        return values.compactMap { $0 as? DynamicObject }
    }
}

extension Object {
    /// The objects of list property `propertyName`, as ``DynamicObject``s, in list order: for
    /// code that knows a property only by name (tools, generic layers). The array is a
    /// snapshot of the list when read; change the list through the object.
    ///
    /// ```swift
    /// for dog in person.dynamicList("dogs") { print(dog["name"] ?? "") }
    /// ```
    ///
    /// Traps when the object is unmanaged or `propertyName` is not a list of objects.
    public func dynamicList(_ propertyName: String) -> [DynamicObject] {
        dynamicElements(propertyName, .list, "dynamicList")
    }

    /// The objects of set property `propertyName`, as ``DynamicObject``s: a snapshot, as
    /// ``dynamicList(_:)`` gives. Traps when the object is unmanaged or `propertyName` is not a
    /// set of objects.
    public func dynamicMutableSet(_ propertyName: String) -> [DynamicObject] {
        dynamicElements(propertyName, .set, "dynamicMutableSet")
    }

    /// The entries of map property `propertyName`, with objects as ``DynamicObject``s and nil
    /// where a key holds no object: a snapshot, as ``dynamicList(_:)`` gives. Traps when the
    /// object is unmanaged or `propertyName` is not a map of objects.
    ///
    /// ```swift
    /// let pets = person.dynamicMap("petsByName")   // [String: DynamicObject?]
    /// ```
    public func dynamicMap(_ propertyName: String) -> [String: DynamicObject?] {
        let entries = dynamicCollection(propertyName, .map, "dynamicMap") as? [String: Any?] ?? [:]
        return entries.mapValues { $0 as? DynamicObject }
    }
}

extension EmbeddedObject {
    /// The objects of list property `propertyName`, as ``DynamicObject``s (see
    /// ``Object/dynamicList(_:)``).
    public func dynamicList(_ propertyName: String) -> [DynamicObject] {
        dynamicElements(propertyName, .list, "dynamicList")
    }
}
