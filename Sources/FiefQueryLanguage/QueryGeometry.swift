/// A point of a geospatial shape in a query: degrees of longitude and latitude, and an
/// optional altitude (kept for printing, never used by containment tests).
///
/// The query text writes it GeoJSON's way, longitude first: `[longitude, latitude]` or
/// `[longitude, latitude, altitude]`.
package struct QueryGeoPoint: Equatable, Sendable {
    package var longitude: Double
    package var latitude: Double
    package var altitude: Double?

    package init(longitude: Double, latitude: Double, altitude: Double? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
    }

    /// Why the point is not a valid position on the globe, or nil when it is: both
    /// coordinates finite, latitude in -90...90, longitude in -180...180, altitude finite and
    /// not negative.
    package var problem: String? {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            return "latitude \(latitude) is outside -90...90"
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            return "longitude \(longitude) is outside -180...180"
        }
        if let altitude, !(altitude.isFinite && altitude >= 0) {
            return "altitude \(altitude) must be a finite number of at least 0"
        }
        return nil
    }
}

/// The shape on the right of `GEOWITHIN`: `geoBox(...)`, `geoCircle(...)` or `geoPolygon(...)`
/// in the query text, or a `GeoBox`, `GeoCircle` or `GeoPolygon` argument of the object store.
package enum QueryGeometry: Equatable, Sendable {
    /// `geoBox([lon, lat], [lon, lat])`: the latitudes from the first point's to the second's
    /// and the longitudes eastward from the first point's to the second's (across the
    /// antimeridian when the first is greater).
    case box(bottomLeft: QueryGeoPoint, topRight: QueryGeoPoint)
    /// `geoCircle([lon, lat], radius)`: the points within `radius` radians of great-circle
    /// distance of the center.
    case circle(center: QueryGeoPoint, radius: Double)
    /// `geoPolygon({[lon, lat], ...}, {hole}, ...)`: rings of at least four points whose last
    /// point repeats the first; edges are great-circle arcs; each ring encloses the smaller of
    /// the two regions it divides the sphere into.
    case polygon(outerRing: [QueryGeoPoint], holes: [[QueryGeoPoint]])

    /// Why the shape cannot be used, or nil when it can: every point valid, a circle's radius
    /// finite and not negative, every polygon ring closed with at least four points (three
    /// distinct).
    package var problem: String? {
        switch self {
        case .box(let bottomLeft, let topRight):
            return bottomLeft.problem.map { "geoBox: \($0)" } ?? topRight.problem.map { "geoBox: \($0)" }
        case .circle(let center, let radius):
            if let problem = center.problem { return "geoCircle: \(problem)" }
            guard radius.isFinite, radius >= 0 else {
                return "geoCircle: the radius \(radius) must be a finite number of radians, at least 0"
            }
            return nil
        case .polygon(let outerRing, let holes):
            for (index, ring) in ([outerRing] + holes).enumerated() {
                let name = index == 0 ? "the outer ring" : "hole \(index)"
                if let problem = Self.ringProblem(ring) { return "geoPolygon: \(name) \(problem)" }
            }
            return nil
        }
    }

    private static func ringProblem(_ ring: [QueryGeoPoint]) -> String? {
        for point in ring {
            if let problem = point.problem { return "has a point whose \(problem)" }
        }
        guard ring.count >= 4 else { return "has \(ring.count) points; a ring needs at least 4" }
        guard let first = ring.first, let last = ring.last,
            first.longitude == last.longitude, first.latitude == last.latitude
        else { return "is not closed: its last point must repeat its first" }
        var distinct: [QueryGeoPoint] = []
        for point in ring.dropLast() where !distinct.contains(where: { $0.longitude == point.longitude && $0.latitude == point.latitude }) {
            distinct.append(point)
        }
        guard distinct.count >= 3 else { return "needs at least 3 distinct points" }
        return nil
    }
}
