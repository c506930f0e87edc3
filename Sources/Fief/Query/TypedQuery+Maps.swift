import FiefQueryLanguage

// Maps in a typed query: their keys, their values, one value by key, and aggregates over the
// values. A comparison on the keys or values matches when any of them matches.

extension Query where T: RealmKeyedCollection {
    /// The values of the map (RQL `map.@values`): `$0.scores.values > 90` matches when any
    /// value is greater than 90.
    public var values: Query<T.Value> { retyped(appending: [.values]) }

    /// The value stored under `key` (RQL `map.key`); a missing key reads as nil.
    ///
    /// ```swift
    /// realm.objects(Player.self).where { $0.scores["chess"] > 1500 }
    /// ```
    public subscript(key: T.Key) -> Query<T.Value> { retyped(appending: [.property("\(key)")]) }

    /// Matches when any value of the map is one of `values` (RQL `ANY map IN $0`).
    public func containsAny<S: Sequence>(in values: S) -> Query<Bool> where S.Element == T.Value {
        let arg = (try? StoredValue.argument(Array(values), realm: nil)) ?? .null
        let any = QueryOperand.keyPath(KeyPathExpression(quantifier: .any, path))
        return Query<Bool>(.comparison(Comparison(any, .in, .argument(0))), [arg])
    }

    /// Matches when some key of the map holds `value` (RQL `$0 IN map`).
    public func contains(_ value: T.Value) -> Query<Bool> {
        let arg = (try? StoredValue.argument(value, realm: nil)) ?? .null
        return Query<Bool>(.comparison(Comparison(.argument(0), .in, keyPath)), [arg])
    }
}

extension Query where T: RealmKeyedCollection, T.Key == String {
    /// The keys of the map (RQL `map.@keys`): `$0.scores.keys == "chess"` matches maps with a
    /// `chess` key, and the string operators work too (`$0.scores.keys.starts(with: "ch")`).
    public var keys: Query<String> { retyped(appending: [.keys]) }
}

extension Query where T: RealmKeyedCollection, T.Value: MinMaxType {
    /// The smallest value in the map (RQL `map.@min`).
    public var min: Query<T.Value> { retyped(appending: [.aggregate(.min)]) }
    /// The largest value in the map (RQL `map.@max`).
    public var max: Query<T.Value> { retyped(appending: [.aggregate(.max)]) }
}

extension Query where T: RealmKeyedCollection, T.Value: AddableType {
    /// The average of the map's values (RQL `map.@avg`); an empty map has none.
    public var avg: Query<T.Value> { retyped(appending: [.aggregate(.avg)]) }
    /// The sum of the map's values (RQL `map.@sum`); 0 for an empty map.
    public var sum: Query<T.Value> { retyped(appending: [.aggregate(.sum)]) }
}
