// Querying enums by their raw value, the value stored in the realm.

/// Optionals as typed queries see them, so that `rawValue` and `persistableValue` reach
/// through an optional property. You do not use it directly.
public protocol _QueryOptional {
    /// The type inside the optional.
    associatedtype Wrapped
}

extension Optional: _QueryOptional {}

extension Query where T: PersistableEnum {
    /// The enum's raw value, for queries the enum cases cannot express, such as a prefix:
    /// `$0.status.rawValue.starts(with: "in")`.
    public var rawValue: Query<T.RawValue> { retyped() }
}

extension Query where T: _QueryOptional, T.Wrapped: PersistableEnum {
    /// The raw value of an optional enum property (nil when the property is nil).
    public var rawValue: Query<T.Wrapped.RawValue?> { retyped() }
}

extension Query where T: RealmCollection, T.Element: PersistableEnum, T.Element.RawValue: RealmCollectionValue {
    /// The raw values of a list or set of enums: `$0.statuses.rawValue.containsAny(in: ["a", "b"])`.
    public var rawValue: Query<AnyRealmCollection<T.Element.RawValue>> { retyped() }
}

extension Query where T: RealmKeyedCollection, T.Value: PersistableEnum {
    /// The raw values of a map of enums: `$0.byDay.rawValue["mon"] == 2`.
    public var rawValue: Query<Map<T.Key, T.Value.RawValue>> { retyped() }
}

extension Query where T: RealmCollection, T.Element: _QueryOptional, T.Element.Wrapped: PersistableEnum,
                      T.Element.Wrapped.RawValue: RealmCollectionValue {
    /// The raw values of a list or set of optional enums (nil elements stay nil).
    public var rawValue: Query<AnyRealmCollection<T.Element.Wrapped.RawValue?>> { retyped() }
}

extension Query where T: RealmKeyedCollection, T.Value: _QueryOptional, T.Value.Wrapped: PersistableEnum {
    /// The raw values of a map of optional enums (nil values stay nil).
    public var rawValue: Query<Map<T.Key, T.Value.Wrapped.RawValue?>> { retyped() }
}
