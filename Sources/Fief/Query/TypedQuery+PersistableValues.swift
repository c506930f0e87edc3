// Querying custom-persisted types (and enums) by the value stored in the realm.

extension Query where T: _CustomPersistable {
    /// The persisted value of a ``CustomPersistable`` property, for queries the type itself
    /// cannot express, such as a range: `$0.temperature.persistableValue > 20.0`.
    public var persistableValue: Query<T.PersistedType> { retyped() }
}

extension Query where T: _QueryOptional, T.Wrapped: _CustomPersistable {
    /// The persisted value of an optional ``CustomPersistable`` property (nil when it is nil).
    public var persistableValue: Query<T.Wrapped.PersistedType?> { retyped() }
}

extension Query where T: PersistableEnum {
    /// The persisted value of an enum property: its raw value.
    public var persistableValue: Query<T.RawValue> { retyped() }
}

extension Query where T: RealmCollection, T.Element: _CustomPersistable, T.Element.PersistedType: RealmCollectionValue {
    /// The persisted values of a list or set of ``CustomPersistable`` values:
    /// `$0.readings.persistableValue.max > 30.0`.
    public var persistableValue: Query<AnyRealmCollection<T.Element.PersistedType>> { retyped() }
}

extension Query where T: RealmKeyedCollection, T.Value: _CustomPersistable {
    /// The persisted values of a map of ``CustomPersistable`` values: `$0.byDay.persistableValue["mon"] > 20.0`.
    public var persistableValue: Query<Map<T.Key, T.Value.PersistedType>> { retyped() }
}

extension Query where T: RealmCollection, T.Element: PersistableEnum, T.Element.RawValue: RealmCollectionValue {
    /// The persisted values of a list or set of enums: their raw values, as ``rawValue`` gives.
    public var persistableValue: Query<AnyRealmCollection<T.Element.RawValue>> { retyped() }
}

extension Query where T: RealmKeyedCollection, T.Value: PersistableEnum {
    /// The persisted values of a map of enums: their raw values, as ``rawValue`` gives.
    public var persistableValue: Query<Map<T.Key, T.Value.RawValue>> { retyped() }
}
