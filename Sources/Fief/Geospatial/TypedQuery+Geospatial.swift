import FiefQueryLanguage

/// `geoWithin` on an embedded GeoJSON point property (an `EmbeddedObject` with
/// `@Persisted var type: String = "Point"` and `@Persisted var coordinates: List<Double>`).
/// An object whose point is nil or invalid does not match.
///
/// ```swift
/// let circle = GeoCircle(center: GeoPoint(latitude: 47.37, longitude: 8.54)!, radius: .kilometers(10)!)!
/// let near = realm.objects(Company.self).where { $0.location.geoWithin(circle) }
/// ```
extension Query {
    /// Matches when the point lies in `box` (`location GEOWITHIN geoBox(...)`).
    public func geoWithin<O: EmbeddedObject>(_ box: GeoBox) -> Query<Bool> where T == O? { geoWithinShape(box) }
    /// Matches when the point lies in `circle` (`location GEOWITHIN geoCircle(...)`).
    public func geoWithin<O: EmbeddedObject>(_ circle: GeoCircle) -> Query<Bool> where T == O? { geoWithinShape(circle) }
    /// Matches when the point lies in `polygon`, outside its holes (`location GEOWITHIN geoPolygon(...)`).
    public func geoWithin<O: EmbeddedObject>(_ polygon: GeoPolygon) -> Query<Bool> where T == O? { geoWithinShape(polygon) }

    /// Matches when any point of the list lies in `box`.
    public func geoWithin(_ box: GeoBox) -> Query<Bool> where T: RealmCollection, T.Element: EmbeddedObject { geoWithinShape(box) }
    /// Matches when any point of the list lies in `circle`.
    public func geoWithin(_ circle: GeoCircle) -> Query<Bool> where T: RealmCollection, T.Element: EmbeddedObject { geoWithinShape(circle) }
    /// Matches when any point of the list lies in `polygon`, outside its holes.
    public func geoWithin(_ polygon: GeoPolygon) -> Query<Bool> where T: RealmCollection, T.Element: EmbeddedObject { geoWithinShape(polygon) }

    private func geoWithinShape(_ shape: some GeoShapeArgument) -> Query<Bool> {
        let comparison = Comparison(keyPath, .geoWithin, .geometry(shape.queryGeometry))
        return Query<Bool>(.comparison(comparison), arguments, collection: collectionPrefix)
    }
}
