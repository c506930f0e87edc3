/// Projections in `Results` (`realm.objects(PersonCard.self)`) and as collection values: each
/// is stored and fetched as its root object.
extension Projection: RealmFetchable {
    /// The root class's name: a projection's objects are its root's.
    public static func className() -> String { Root.className() }
    public static var _fiefObjectType: ObjectBase.Type { Root.self }
    public static func _fiefElement(_ row: _FiefFetchedRow) -> Self { Self(projecting: row.object(Root.self)) }
    public var _fiefObject: ObjectBase { rootObject }
    public static func _fiefPropertyNames(_ keyPath: AnyKeyPath) -> [String] {
        let recorder = _KeyPathRecorder()
        let value = Self(projecting: Root._fiefPlaceholder(recorder))[keyPath: keyPath]
        var names = recorder.names
        if let mapped = value as? any ProjectedElementNaming { names += mapped.elementPropertyNames }
        return names
    }

    public static var _fiefShape: _PersistableShape { Root._fiefShape }
    public static func _fiefDefault() -> Self { Self(projecting: Root._fiefDefault()) }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self {
        Self(projecting: Root._fiefFromStored(box, context))
    }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox { try rootObject._fiefToStored(context) }
}

extension Realm {
    /// Every object of the projection's root class, as live results of projections. Filter and
    /// sort them by the root's property names, as RealmSwift does.
    ///
    /// ```swift
    /// let cards = realm.objects(PersonCard.self).filter("lastName == %@", "Snow").sorted(byKeyPath: "firstName")
    /// ```
    public func objects<Root, Element: Projection<Root>>(_ type: Element.Type) -> Results<Element> {
        checkIsolation()
        return Results(realm: self, binding: readBinding(for: Root.self))
    }
}
