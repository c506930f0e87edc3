/// RealmSwift's untyped spellings of `DynamicObject`'s subscript, and its class-level answers.
extension DynamicObject {
    /// A property's value by name, written as a member: the same as `object["name"]`.
    ///
    /// ```swift
    /// migration.enumerateObjects(ofType: "Person") { old, new in
    ///     new?.fullName = "\(old?.firstName ?? "") \(old?.lastName ?? "")"
    /// }
    /// ```
    public subscript(dynamicMember member: String) -> Any? {
        get { self[member] }
        set { self[member] = newValue }
    }

    /// A property's value by name, as the subscript reads it (nil for an unknown name).
    /// RealmSwift's key-value coding reaches every property of a dynamic object through this
    /// method; Fief, without Objective-C's key-value coding, offers it as a plain method.
    ///
    /// ```swift
    /// let name = object.value(forUndefinedKey: "name") as? String
    /// ```
    public func value(forUndefinedKey key: String) -> Any? { self[key] }

    /// Sets a property by name, as the subscript does (inside a write transaction or
    /// migration; traps for an unknown name or a value that does not fit).
    ///
    /// ```swift
    /// object.setValue("Rex", forUndefinedKey: "name")
    /// ```
    public func setValue(_ value: Any?, forUndefinedKey key: String) { self[key] = value }

    /// Nil: dynamic objects have no schema of their own (each one reports its class's
    /// ``objectSchema``).
    ///
    /// ```swift
    /// DynamicObject.sharedSchema() == nil
    /// ```
    public static func sharedSchema() -> ObjectSchema? { nil }

    /// False: `DynamicObject` is not a model class, so no realm's schema includes it.
    ///
    /// ```swift
    /// DynamicObject.shouldIncludeInDefaultSchema() == false
    /// ```
    public static func shouldIncludeInDefaultSchema() -> Bool { false }
}
