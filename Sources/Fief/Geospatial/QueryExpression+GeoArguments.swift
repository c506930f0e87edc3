import FiefQueryLanguage

extension QueryExpression {
    /// Whether some `GEOWITHIN` (subqueries included) takes its shape from a `$n` argument.
    var takesGeoArguments: Bool {
        switch self {
        case .truePredicate, .falsePredicate: return false
        case .not(let inner): return inner.takesGeoArguments
        case .and(let items), .or(let items): return items.contains { $0.takesGeoArguments }
        case .comparison(let c):
            if c.op == .geoWithin, case .argument = c.right { return true }
            return [c.left, c.right].contains { operand in
                if case .subquery(let sq) = operand { sq.predicate.takesGeoArguments } else { false }
            }
        }
    }

    /// The predicate with each `$n` on the right of `GEOWITHIN` replaced by the shape
    /// `arguments[n]`, and the filter arguments as stored values, null in the shapes' slots.
    /// Throws when such an argument is not a shape, or another cannot be a query value.
    func bindingArguments(_ arguments: [Any], realm: Realm?) throws -> (QueryExpression, [StoredValue]) {
        let (predicate, shapeSlots) = try bindingGeoArguments(arguments)
        let values = try arguments.indices.map { index in
            shapeSlots.contains(index) ? StoredValue.null : try StoredValue.argument(arguments[index], realm: realm)
        }
        return (predicate, values)
    }

    /// The predicate with each `$n` on the right of `GEOWITHIN` replaced by the shape
    /// `arguments[n]` (a ``GeoBox``, ``GeoCircle`` or ``GeoPolygon``), and the indexes of the
    /// arguments used so. Throws when such an argument is not a shape.
    private func bindingGeoArguments(_ arguments: [Any]) throws -> (QueryExpression, Set<Int>) {
        var used: Set<Int> = []
        func bind(_ e: QueryExpression) throws -> QueryExpression {
            switch e {
            case .truePredicate, .falsePredicate: return e
            case .not(let inner): return .not(try bind(inner))
            case .and(let items): return .and(try items.map(bind))
            case .or(let items): return .or(try items.map(bind))
            case .comparison(var c):
                if c.op == .geoWithin, case .argument(let index) = c.right, index < arguments.count {
                    guard let shape = arguments[index] as? any GeoShapeArgument else {
                        throw RealmError.invalidQuery(
                            "GEOWITHIN $\(index) needs a GeoBox, GeoCircle or GeoPolygon argument, not \(type(of: arguments[index]))")
                    }
                    c.right = .geometry(shape.queryGeometry)
                    used.insert(index)
                }
                for side in [\Comparison.left, \Comparison.right] {
                    if case .subquery(var sq) = c[keyPath: side] {
                        sq.predicate = try bind(sq.predicate)
                        c[keyPath: side] = .subquery(sq)
                    }
                }
                return .comparison(c)
            }
        }
        return (try bind(self), used)
    }
}
