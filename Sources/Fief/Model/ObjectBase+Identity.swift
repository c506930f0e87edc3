extension ObjectBase {
    /// Whether `other` is this object: the same instance, or the same managed object (class
    /// and key). Never adds either object to a realm to find out.
    func refersToSameObject(as other: ObjectBase) -> Bool {
        if self === other { return true }
        guard let a = _managed, let b = other._managed else { return false }
        return a.rowKey == b.rowKey && a.rowTable.className == b.rowTable.className
    }
}
