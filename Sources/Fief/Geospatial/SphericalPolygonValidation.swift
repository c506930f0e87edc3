import FiefQueryLanguage

/// The checks S2 (which realm-core uses) makes before a polygon is queried: rings do not cross
/// themselves or each other, holes lie inside the outer ring and not inside one another.
extension GeoRegion {
    /// Why the rings cannot bound a polygon, or nil when they can. The rings must already be
    /// closed with at least 3 distinct points (`QueryGeometry.problem` is nil).
    static func polygonProblem(outerRing: [QueryGeoPoint], holes: [[QueryGeoPoint]]) -> String? {
        let loops = ([outerRing] + holes).map(SphericalLoop.init)
        let loopEdges = loops.map(\.edges)
        func name(_ index: Int) -> String { index == 0 ? "the outer ring" : "hole \(index)" }
        for (index, edges) in loopEdges.enumerated() {
            for i in edges.indices {
                for j in (i + 2)..<max(i + 2, edges.count) where !(i == 0 && j == edges.count - 1) {
                    if Self.crossProperly(edges[i], edges[j]) {
                        return "geoPolygon: \(name(index)) crosses itself (its edges \(i + 1) and \(j + 1))"
                    }
                }
            }
        }
        for a in loops.indices {
            for b in loops.indices where b > a {
                if loopEdges[a].contains(where: { e in loopEdges[b].contains { Self.crossProperly(e, $0) } }) {
                    return "geoPolygon: \(name(b)) crosses \(name(a))"
                }
            }
        }
        guard let outer = loops.first else { return nil }
        for (index, hole) in loops.enumerated().dropFirst() {
            // With no crossings, a hole is inside a ring when any of its vertices off the ring is.
            if !outer.holdsLoop(hole) { return "geoPolygon: \(name(index)) is not inside the outer ring" }
            for other in 1..<index where loops[other].holdsLoop(hole) || hole.holdsLoop(loops[other]) {
                return "geoPolygon: \(name(index)) and \(name(other)) are nested (only one level of holes is allowed)"
            }
        }
        return nil
    }

    /// Whether two arcs cross at a point inside both (touching at an end does not count).
    private static func crossProperly(_ e: (SphereVector, SphereVector), _ f: (SphereVector, SphereVector)) -> Bool {
        let (a, b) = e, (c, d) = f
        // Rings may share vertices.
        if a == c || a == d || b == c || b == d { return false }
        let ab = a.cross(b), cd = c.cross(d)
        let sc = ab.dot(c), sd = ab.dot(d), sa = cd.dot(a), sb = cd.dot(b)
        guard sc * sd < 0, sa * sb < 0 else { return false }
        return SphericalLoop.arcsCross(a, b, c, d)
    }
}

extension SphericalLoop {
    /// The edges, each from a vertex to the next (the last back to the first).
    var edges: [(SphereVector, SphereVector)] {
        vertices.indices.map { (vertices[$0], vertices[($0 + 1) % vertices.count]) }
    }

    /// Whether `other` (which does not cross this loop) lies inside it: judged by its first
    /// vertex that is not also a vertex of this loop.
    func holdsLoop(_ other: SphericalLoop) -> Bool {
        guard let vertex = other.vertices.first(where: { !vertices.contains($0) }) else { return false }
        return contains(vertex)
    }
}
