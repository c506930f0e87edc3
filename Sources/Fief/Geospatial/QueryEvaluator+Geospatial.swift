import FiefQueryLanguage

/// `GEOWITHIN`: the left key path names embedded objects shaped as GeoJSON points, which
/// match when their position lies in the shape on the right.
extension QueryEvaluator {
    /// The GeoJSON point properties `GEOWITHIN` reads, by their persisted names.
    static let geoTypeProperty = "type"
    static let geoCoordinatesProperty = "coordinates"

    /// Checks a `GEOWITHIN` comparison when the query is made: a usable shape on the right, and
    /// on the left a key path to embedded objects with `type: String` and
    /// `coordinates: List<Double>`.
    static func validateGeoWithin(_ c: Comparison, binding: TableBinding, realm: Realm, variables: Set<String>,
                                  variableClass: TableBinding?) throws {
        switch c.right {
        case .geometry(let geometry):
            if let problem = geometry.problem { throw RealmError.invalidQuery(problem) }
            if case .polygon(let outerRing, let holes) = geometry,
               let problem = GeoRegion.polygonProblem(outerRing: outerRing, holes: holes) {
                throw RealmError.invalidQuery(problem)
            }
        case .argument(let index):
            throw RealmError.invalidQuery("GEOWITHIN $\(index) needs a GeoBox, GeoCircle or GeoPolygon argument")
        default:
            throw RealmError.invalidQuery("GEOWITHIN needs a shape: geoBox(...), geoCircle(...), geoPolygon(...) or an argument")
        }
        guard case .keyPath(let keyPath) = c.left else {
            throw RealmError.invalidQuery("GEOWITHIN needs a key path on its left")
        }
        let described = QueryFormatter.format(keyPath)
        var components = keyPath.components
        var start = binding
        if case .property(let first)? = components.first, variables.contains(first) {
            guard let variableClass else { return }
            start = variableClass
            components.removeFirst()
        }
        guard let target = elementClass(of: components, from: start, realm: realm) else {
            throw RealmError.invalidQuery("GEOWITHIN needs a key path to embedded objects; '\(described)' of \(binding.className) does not end at objects")
        }
        let type = target.column(named: geoTypeProperty)?.property
        let coordinates = target.column(named: geoCoordinatesProperty)?.property
        guard target.isEmbedded, let type, type.type == .string, type.collection == .none,
              let coordinates, coordinates.type == .double, coordinates.collection == .list
        else {
            throw RealmError.invalidQuery(
                "GEOWITHIN needs '\(described)' of \(binding.className) to be an embedded object with "
                    + "`type: String` and `coordinates: List<Double>` (a GeoJSON point); \(target.className) is not one")
        }
    }

    /// The regions of the predicate's shapes, subqueries included.
    static func geoRegions(in predicate: QueryExpression) -> [(QueryGeometry, GeoRegion)] {
        var regions: [(QueryGeometry, GeoRegion)] = []
        func visit(_ e: QueryExpression) {
            switch e {
            case .truePredicate, .falsePredicate: break
            case .not(let inner): visit(inner)
            case .and(let items), .or(let items): items.forEach(visit)
            case .comparison(let c):
                for operand in [c.left, c.right] {
                    if case .subquery(let sq) = operand { visit(sq.predicate) }
                }
                if c.op == .geoWithin, case .geometry(let g) = c.right, g.problem == nil, !regions.contains(where: { $0.0 == g }) {
                    regions.append((g, GeoRegion(g)))
                }
            }
        }
        visit(predicate)
        return regions
    }

    /// Whether the comparison holds for the row: any (or, with a quantifier, all or none) of
    /// the objects at the key path is a valid point inside the shape. Objects that are missing
    /// or are not valid points (a `type` other than "Point", other than 2 or 3 coordinates, a
    /// coordinate out of range) never match.
    func geoWithin(_ c: Comparison, _ row: Row, _ vars: [String: (TableBinding, UInt64)]) -> Bool {
        guard case .geometry(let geometry) = c.right, case .keyPath(let keyPath) = c.left,
              let target = geoTargetClass(keyPath.components, vars),
              let typeColumn = target.column(named: Self.geoTypeProperty),
              let coordinatesColumn = target.column(named: Self.geoCoordinatesProperty),
              // Every usable shape of the predicate was prepared; one with a problem matches nothing.
              let region = geoRegions.first(where: { $0.0 == geometry })?.1
        else { return false }
        func test(_ value: StoredValue) -> Bool {
            guard case .link(let key) = value,
                  case .string("Point") = read(target, key, typeColumn),
                  case .collection(let items) = read(target, key, coordinatesColumn),
                  items.count == 2 || items.count == 3,
                  let longitude = items[0].numeric, let latitude = items[1].numeric,
                  QueryGeoPoint(longitude: longitude, latitude: latitude).problem == nil
            else { return false }
            return region.contains(latitude: latitude, longitude: longitude)
        }
        let left = values(c.left, row, vars)
        return left.satisfies(test)
    }

    /// The class of the objects at the end of a key path from the scanned class or a subquery
    /// variable.
    private func geoTargetClass(_ components: [KeyPathComponent], _ vars: [String: (TableBinding, UInt64)]) -> TableBinding? {
        if case .property(let first)? = components.first, let (variableClass, _) = vars[first] {
            return Self.elementClass(of: Array(components.dropFirst()), from: variableClass, realm: realm)
        }
        return Self.elementClass(of: components, from: binding, realm: realm)
    }
}
