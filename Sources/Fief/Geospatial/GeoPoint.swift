import FiefQueryLanguage

/// A position on the globe: a latitude and a longitude in degrees, and an altitude.
///
/// A `GeoPoint` builds the shapes of geospatial queries (``GeoBox``, ``GeoCircle``,
/// ``GeoPolygon``); it is not persisted. Store positions as an embedded object shaped like a
/// GeoJSON point, which `geoWithin` queries read:
///
/// ```swift
/// class Location: EmbeddedObject {
///     @Persisted var type: String = "Point"
///     @Persisted var coordinates: List<Double>   // [longitude, latitude]
/// }
/// class Company: Object {
///     @Persisted var location: Location?
/// }
/// let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522)!
/// ```
///
/// The altitude is kept but ignored by every containment test.
public struct GeoPoint: Sendable, Hashable, CustomStringConvertible {
    /// Degrees north of the equator, -90...90.
    public let latitude: Double
    /// Degrees east of Greenwich, -180...180.
    public let longitude: Double
    /// The altitude (0 or more); not used by queries.
    public let altitude: Double

    /// The point, or nil when `latitude` is outside -90...90, `longitude` outside -180...180,
    /// `altitude` negative, or any of them not finite.
    ///
    /// ```swift
    /// let oslo = GeoPoint(latitude: 59.91, longitude: 10.75)   // a point
    /// let nowhere = GeoPoint(latitude: 91, longitude: 0)       // nil
    /// ```
    public init?(latitude: Double, longitude: Double, altitude: Double = 0) {
        let point = QueryGeoPoint(longitude: longitude, latitude: latitude, altitude: altitude)
        guard point.problem == nil else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// As ``init(latitude:longitude:altitude:)``, without labels: `GeoPoint(59.91, 10.75)`.
    public init?(_ latitude: Double, _ longitude: Double, _ altitude: Double = 0) {
        self.init(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// `GeoPoint(latitude: 59.91, longitude: 10.75, altitude: 0.0)`.
    public var description: String {
        "GeoPoint(latitude: \(latitude), longitude: \(longitude), altitude: \(altitude))"
    }

    /// The point as the query language writes it; the altitude only when it is not 0.
    var queryPoint: QueryGeoPoint {
        QueryGeoPoint(longitude: longitude, latitude: latitude, altitude: altitude == 0 ? nil : altitude)
    }
}
