/// One side of a comparison.
package indirect enum QueryOperand: Equatable, Sendable {
    /// `name`, `dog.owner.name`, `ANY dogs.age`, `dogs.@count`, `@links.Person.dogs`.
    case keyPath(KeyPathExpression)
    /// A constant.
    case literal(QueryLiteral)
    /// `$n`: the n-th argument, substituted later by the object store.
    case argument(Int)
    /// `{1, 2, $0}`: literals and arguments only (for `IN` and `BETWEEN`).
    case list([QueryOperand])
    /// `SUBQUERY(collection, $var, predicate).@count` (the count is implied).
    case subquery(Subquery)
    /// `geoBox(...)`, `geoCircle(...)`, `geoPolygon(...)`: only on the right of `GEOWITHIN`.
    case geometry(QueryGeometry)

    /// Calls `body` with every `$n` argument index in the operand.
    package func visitArguments(_ body: (Int) -> Void) {
        switch self {
        case .keyPath, .literal, .geometry: break
        case .argument(let index): body(index)
        case .list(let items): for item in items { item.visitArguments(body) }
        case .subquery(let subquery): subquery.predicate.visitArguments(body)
        }
    }
}

/// A key path with an optional leading quantifier.
package struct KeyPathExpression: Equatable, Sendable {
    /// `ANY`/`SOME`, `ALL`, `NONE`; nil when absent.
    package var quantifier: Quantifier?
    /// At least one component.
    package var components: [KeyPathComponent]

    package init(quantifier: Quantifier? = nil, _ components: [KeyPathComponent]) {
        self.quantifier = quantifier
        self.components = components
    }

    /// A plain path of property names: `KeyPathExpression(properties: "dog", "name")`.
    package init(properties names: String...) {
        self.init(names.map { .property($0) })
    }
}

/// One step of a key path.
package enum KeyPathComponent: Equatable, Sendable {
    /// A property name (written bare or in backticks).
    case property(String)
    /// `@count`/`@size`, `@sum`, `@min`, `@max`, `@avg`.
    case aggregate(CollectionAggregate)
    /// `@keys` of a map.
    case keys
    /// `@values` of a map.
    case values
    /// `@links.Type.property`: the objects of `Type` whose `property` links here.
    case backlink(objectType: String, property: String)
    /// `@links` on its own; the parser only accepts it directly before `.@count`/`.@size`.
    case allBacklinks
    /// `[2]`, `['key']`, `[*]`, `[FIRST]`, `[LAST]`, `[SIZE]`: into a list or dictionary.
    case `subscript`(KeyPathSubscript)
}

/// A subscript of a key path into a list or dictionary (a list or map property, or one held
/// by a mixed value, at any depth).
package enum KeyPathSubscript: Equatable, Sendable {
    /// `[2]`: the element at a position (none past the end).
    case index(Int)
    /// `['key']`: the value of a dictionary's key (none when absent).
    case key(String)
    /// `[*]`: every element of a list, every value of a dictionary.
    case all
    /// `[FIRST]`: the first element of a list.
    case first
    /// `[LAST]`: the last element of a list.
    case last
    /// `[SIZE]`: the number of elements (or entries).
    case size
}

/// A collection operator written as a key path suffix.
package enum CollectionAggregate: String, Equatable, Sendable, CaseIterable {
    /// `@count` (also spelled `@size`).
    case count
    case sum, min, max, avg
}

/// A quantifier before a key path through a collection.
package enum Quantifier: String, Equatable, Sendable, CaseIterable {
    /// `ANY` (also spelled `SOME`).
    case any = "ANY"
    case all = "ALL"
    /// `NONE` (named so that it cannot be confused with `Optional.none`).
    case noneOf = "NONE"
}

/// `SUBQUERY(collection, $variable, predicate)`; used as a number (its `@count`).
package struct Subquery: Equatable, Sendable {
    /// The collection to iterate (no quantifier).
    package var collection: KeyPathExpression
    /// The variable name including its `$`, e.g. `$dog`.
    package var variable: String
    /// Evaluated per element; key paths starting with `variable` refer to the element.
    package var predicate: QueryExpression

    package init(collection: KeyPathExpression, variable: String, predicate: QueryExpression) {
        self.collection = collection
        self.variable = variable
        self.predicate = predicate
    }
}
