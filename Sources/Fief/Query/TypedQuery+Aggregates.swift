import FiefQueryLanguage

// Aggregates in a typed query: of a list or set of values (`$0.scores.max > 90` reads RQL
// `scores.@max > 90`) and of a property of the objects in a collection (`$0.dogs.age.avg > 3`
// reads RQL `dogs.@avg.age > 3`). Maps have theirs with the other map queries.

extension Query where T: MinMaxType {
    /// The smallest value of this property over the objects of the collection the key path
    /// passes through (`$0.dogs.age.min` is RQL `dogs.@min.age`).
    public var min: Query { aggregated(.min) }
    /// The largest value of this property over the objects of the collection the key path
    /// passes through (`$0.dogs.age.max` is RQL `dogs.@max.age`).
    public var max: Query { aggregated(.max) }
}

extension Query where T: AddableType {
    /// The average of this property over the objects of the collection the key path passes
    /// through (`$0.dogs.age.avg` is RQL `dogs.@avg.age`); none when the collection is empty.
    public var avg: Query { aggregated(.avg) }
    /// The sum of this property over the objects of the collection the key path passes through
    /// (`$0.dogs.age.sum` is RQL `dogs.@sum.age`).
    public var sum: Query { aggregated(.sum) }
}

extension Query {
    /// The aggregate goes just after the collection; without one (map values) it ends the path.
    func aggregated(_ aggregate: CollectionAggregate) -> Query {
        var components = path
        components.insert(.aggregate(aggregate), at: aggregateIndex ?? components.count)
        return Query(path: components)
    }
}

extension Query where T: RealmCollection, T.Element: MinMaxType {
    /// The smallest element (RQL `collection.@min`); compare it: `$0.scores.min > 50`.
    public var min: Query<T.Element> { retyped(appending: [.aggregate(.min)]) }
    /// The largest element (RQL `collection.@max`).
    public var max: Query<T.Element> { retyped(appending: [.aggregate(.max)]) }
}

extension Query where T: RealmCollection, T.Element: AddableType {
    /// The average of the elements (RQL `collection.@avg`); an empty collection has none.
    public var avg: Query<T.Element> { retyped(appending: [.aggregate(.avg)]) }
    /// The sum of the elements (RQL `collection.@sum`); 0 for an empty collection.
    public var sum: Query<T.Element> { retyped(appending: [.aggregate(.sum)]) }
}
