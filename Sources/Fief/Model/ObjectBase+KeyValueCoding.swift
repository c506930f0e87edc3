extension ObjectBase {
    /// The value of the property named `key`, as `Any?` (as Foundation's key-value coding
    /// gives it in RealmSwift): links read as objects, lists as `List`s of values.
    /// An unknown key stops the program, as an unknown key does in RealmSwift.
    ///
    /// ```swift
    /// let name = dog.value(forKey: "name") as! String
    /// ```
    public func value(forKey key: String) -> Any? {
        requireProperty(key, #function)
        return self[key]
    }

    /// The value at a dotted key path through to-one links (`"owner.name"`), or nil when a
    /// link on the way is nil.
    ///
    /// ```swift
    /// let ownerName = dog.value(forKeyPath: "owner.name") as? String
    /// ```
    public func value(forKeyPath keyPath: String) -> Any? {
        var current: ObjectBase = self
        let parts = keyPath.split(separator: ".").map(String.init)
        for (i, part) in parts.enumerated() {
            let value = current.value(forKey: part)
            if i == parts.count - 1 { return value }
            guard let next = value as? ObjectBase else { return nil }
            current = next
        }
        return nil
    }

    /// Sets the property named `key`; a managed object needs a write transaction. An
    /// unknown key, or a value the property cannot hold, stops the program, as in RealmSwift.
    ///
    /// ```swift
    /// try realm.write { dog.setValue(4, forKey: "age") }
    /// ```
    public func setValue(_ value: Any?, forKey key: String) {
        requireProperty(key, #function)
        self[key] = value
    }

    /// Sets several properties at once from a dictionary of property names to values.
    ///
    /// ```swift
    /// try realm.write { dog.setValuesForKeys(["name": "Rex", "age": 4]) }
    /// ```
    public func setValuesForKeys(_ keyedValues: [String: Any]) {
        for (key, value) in keyedValues { setValue(value, forKey: key) }
    }

    /// The schema Fief derives from this class's declaration (nil for `Object`,
    /// `EmbeddedObject`, `AsymmetricObject` and `ObjectBase` themselves).
    ///
    /// ```swift
    /// print(Dog.sharedSchema()!.properties.map(\.name))
    /// ```
    public class func sharedSchema() -> ObjectSchema? {
        if self == ObjectBase.self || self == Object.self || self == EmbeddedObject.self || self == AsymmetricObject.self { return nil }
        return ClassInfo.of(self).schema
    }

    private func requireProperty(_ key: String, _ function: StaticString) {
        let info = ClassInfo.of(type(of: self))
        precondition(info.propertyIndex(key) != nil,
                     "\(function): property '\(key)' does not exist on object type '\(info.schema.className)'.")
    }
}
