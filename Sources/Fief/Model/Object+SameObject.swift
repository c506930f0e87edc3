extension ObjectBase {
    /// RealmSwift's identity test: the same instance, or two live handles on the same stored
    /// object read through the same realm instance.
    final func isSameObjectInSameRealm(as other: ObjectBase?) -> Bool {
        guard let other else { return false }
        if self === other { return true }
        guard let a = _managed, let b = other._managed, a.rowRealm === b.rowRealm else { return false }
        guard a.rowKey == b.rowKey, a.rowTable.className == b.rowTable.className else { return false }
        return !isInvalidated && !other.isInvalidated
    }
}

extension Object {
    /// Whether `object` is this object: the same instance, or the same stored object read
    /// through the same realm instance (both still existing). Unlike `==` on objects of a
    /// class without a primary key, this compares what is stored, not Swift identity.
    ///
    /// ```swift
    /// let a = realm.objects(Dog.self).first!
    /// let b = realm.objects(Dog.self).first!
    /// a.isSameObject(as: b)   // true: two handles on one stored dog
    /// ```
    ///
    /// Unmanaged objects are only the same as themselves; a frozen copy is not the same
    /// object as its live original (it is read through another realm instance).
    public func isSameObject(as object: Object?) -> Bool { isSameObjectInSameRealm(as: object) }
}

extension EmbeddedObject {
    /// Whether `object` is this embedded object: the same instance, or the same stored object
    /// read through the same realm instance (see ``Object/isSameObject(as:)``).
    public func isSameObject(as object: EmbeddedObject?) -> Bool { isSameObjectInSameRealm(as: object) }

    /// Whether this object's type is embedded: always true for an `EmbeddedObject`.
    public static func isEmbedded() -> Bool { true }
}
