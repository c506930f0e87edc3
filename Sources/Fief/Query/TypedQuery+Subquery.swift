import FiefQueryLanguage

// Counting the objects of a collection that match a predicate: RealmSwift's subquery count,
// `($0.dogs.age > 3 && $0.dogs.name.starts(with: "R")).count > 1`.

extension Query where T == Bool {
    /// The number of objects in the collection this predicate's key paths pass through that
    /// match all of it (RQL `SUBQUERY(dogs, $element, $element.age > 3 AND ...).@count`).
    /// Every condition is checked on the same object, unlike `&&` between two comparisons
    /// through a collection, where each may match a different object.
    ///
    /// ```swift
    /// realm.objects(Person.self).where { ($0.dogs.age > 3 && $0.dogs.name.starts(with: "R")).count >= 1 }
    /// ```
    ///
    /// The key paths must pass through one collection of objects. On a Bool property this is
    /// the property's `@count`, as it was.
    public var count: Query<Int> {
        guard expression != nil else { return Query<Int>(path: path + [.aggregate(.count)]) }
        guard let collection else {
            preconditionFailure("count on a query needs comparisons through a list, set or linking objects of objects")
        }
        let variable = "$element"
        let inner = predicate.mappingOperands { operand in
            guard case .keyPath(var keyPath) = operand, keyPath.components.starts(with: collection) else { return nil }
            keyPath.components = [.property(variable)] + keyPath.components.dropFirst(collection.count)
            keyPath.quantifier = nil
            return .keyPath(keyPath)
        }
        let subquery = Subquery(collection: KeyPathExpression(collection), variable: variable, predicate: inner)
        return Query<Int>(operand: .subquery(subquery), arguments)
    }
}
