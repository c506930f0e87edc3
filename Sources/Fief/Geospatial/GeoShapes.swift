import FiefQueryLanguage

/// A shape that `geoWithin` accepts as a `$n` argument of a query string.
protocol GeoShapeArgument: Sendable {
    /// The shape as the query language's AST holds it.
    var queryGeometry: QueryGeometry { get }
}

/// A box between two latitudes and two longitudes, for `geoWithin`: the points from
/// `bottomLeft`'s latitude up to `topRight`'s, and from `bottomLeft`'s longitude eastward to
/// `topRight`'s, across the antimeridian when `bottomLeft.longitude > topRight.longitude`.
/// A box whose bottom latitude is above its top holds no point.
///
/// ```swift
/// let box = GeoBox(bottomLeft: GeoPoint(latitude: 40, longitude: -75)!,
///                  topRight: GeoPoint(latitude: 42, longitude: -72)!)
/// let hits = realm.objects(Company.self).where { $0.location.geoWithin(box) }
/// // or: .filter("location GEOWITHIN $0", box)
/// // or: .filter("location GEOWITHIN geoBox([-75.0, 40.0], [-72.0, 42.0])")
/// ```
public struct GeoBox: GeoShapeArgument, Sendable, Hashable {
    /// The south-west corner.
    public let bottomLeft: GeoPoint
    /// The north-east corner.
    public let topRight: GeoPoint

    /// The box between two corners.
    public init(bottomLeft: GeoPoint, topRight: GeoPoint) {
        self.bottomLeft = bottomLeft
        self.topRight = topRight
    }

    /// The box between two `(latitude, longitude)` corners; nil when either is not a valid
    /// ``GeoPoint``.
    ///
    /// ```swift
    /// let box = GeoBox(bottomLeft: (40, -75), topRight: (42, -72))
    /// ```
    public init?(bottomLeft: (Double, Double), topRight: (Double, Double)) {
        guard let low = GeoPoint(bottomLeft.0, bottomLeft.1), let high = GeoPoint(topRight.0, topRight.1) else { return nil }
        self.init(bottomLeft: low, topRight: high)
    }

    var queryGeometry: QueryGeometry { .box(bottomLeft: bottomLeft.queryPoint, topRight: topRight.queryPoint) }
}

/// A spherical cap for `geoWithin`: the points whose great-circle distance from `center` is at
/// most the radius.
///
/// ```swift
/// let near = GeoCircle(center: GeoPoint(latitude: 48.85, longitude: 2.35)!, radius: .kilometers(5)!)!
/// let hits = realm.objects(Company.self).where { $0.location.geoWithin(near) }
/// // or: .filter("location GEOWITHIN geoCircle([2.35, 48.85], 0.000784)")
/// ```
public struct GeoCircle: GeoShapeArgument, Sendable, Hashable {
    /// The center.
    public let center: GeoPoint
    /// The radius, as the angle it spans at the Earth's center.
    public let radiusInRadians: Double

    /// The circle; nil when the radius is negative or not finite.
    public init?(center: GeoPoint, radiusInRadians: Double) {
        guard radiusInRadians.isFinite, radiusInRadians >= 0 else { return nil }
        self.center = center
        self.radiusInRadians = radiusInRadians
    }

    /// The circle with a radius in any unit: `GeoCircle(center: c, radius: .miles(3)!)`.
    public init?(center: GeoPoint, radius: Distance) {
        self.init(center: center, radiusInRadians: radius.asRadians)
    }

    /// The circle around a `(latitude, longitude)` center; nil when the center is not a valid
    /// ``GeoPoint`` or the radius is negative.
    public init?(center: (Double, Double), radiusInRadians: Double) {
        guard let point = GeoPoint(center.0, center.1) else { return nil }
        self.init(center: point, radiusInRadians: radiusInRadians)
    }

    /// The circle around a `(latitude, longitude)` center with a radius in any unit.
    public init?(center: (Double, Double), radius: Distance) {
        self.init(center: center, radiusInRadians: radius.asRadians)
    }

    var queryGeometry: QueryGeometry { .circle(center: center.queryPoint, radius: radiusInRadians) }
}

/// A polygon on the sphere for `geoWithin`: an outer ring and holes cut from it. Each ring
/// lists at least four points, its last repeating its first; edges are great-circle arcs
/// (the shortest way between two points, not lines of constant latitude), and a ring
/// encloses the smaller of the two regions it divides the globe into, whatever its winding.
/// A point inside a hole is outside the polygon. Rings may not cross themselves or each other,
/// holes must lie inside the outer ring and not inside one another.
///
/// ```swift
/// let ring = [(0.0, 0.0), (0.0, 10.0), (10.0, 10.0), (10.0, 0.0), (0.0, 0.0)]
///     .map { GeoPoint(latitude: $0.0, longitude: $0.1)! }
/// let square = GeoPolygon(outerRing: ring)!
/// let hits = realm.objects(Company.self).where { $0.location.geoWithin(square) }
/// // or: .filter("location GEOWITHIN geoPolygon({[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0], [0.0, 0.0]})")
/// ```
public struct GeoPolygon: GeoShapeArgument, Sendable, Hashable {
    /// The outer boundary, closed (last point == first point).
    public let outerRing: [GeoPoint]
    /// The holes, each closed.
    public let holes: [[GeoPoint]]

    /// The polygon; nil when a ring has fewer than four points, fewer than three distinct
    /// ones, or does not end with its first point (as in RealmSwift), and when rings cross
    /// themselves or each other, a hole is outside the outer ring or two holes are nested
    /// (which RealmSwift reports only when the query runs).
    public init?(outerRing: [GeoPoint], holes: [[GeoPoint]]? = nil) {
        let holes = holes ?? []
        let outer = outerRing.map(\.queryPoint), inner = holes.map { $0.map(\.queryPoint) }
        guard QueryGeometry.polygon(outerRing: outer, holes: inner).problem == nil,
              GeoRegion.polygonProblem(outerRing: outer, holes: inner) == nil
        else { return nil }
        self.outerRing = outerRing
        self.holes = holes
    }

    var queryGeometry: QueryGeometry {
        .polygon(outerRing: outerRing.map(\.queryPoint), holes: holes.map { $0.map(\.queryPoint) })
    }
}
