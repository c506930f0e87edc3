/// A distance on the globe, kept as the angle it spans at the Earth's center, for the radius
/// of a ``GeoCircle``.
///
/// Kilometers and miles convert with Earth's equatorial radius, 6378.1 km (3963.2 miles) per
/// radian, as MongoDB and Realm do.
///
/// ```swift
/// let near = GeoCircle(center: office, radius: .kilometers(2)!)
/// Distance.miles(1)!.asRadians   // 0.000252...
/// ```
public struct Distance: Sendable, Hashable, CustomStringConvertible {
    /// Kilometers along the surface per radian of angle at the center.
    public static let kilometersPerRadian = 6378.1
    /// Miles along the surface per radian of angle at the center.
    public static let milesPerRadian = 3963.2

    /// The distance as an angle in radians.
    public let asRadians: Double

    private init?(radians: Double) {
        guard radians.isFinite, radians >= 0 else { return nil }
        asRadians = radians
    }

    /// `kilometers` along the surface; nil when negative or not finite.
    public static func kilometers(_ kilometers: Double) -> Distance? {
        Distance(radians: kilometers / kilometersPerRadian)
    }

    /// `miles` along the surface; nil when negative or not finite.
    public static func miles(_ miles: Double) -> Distance? {
        Distance(radians: miles / milesPerRadian)
    }

    /// An angle at the center in degrees; nil when negative or not finite.
    public static func degrees(_ degrees: Double) -> Distance? {
        Distance(radians: degrees * .pi / 180)
    }

    /// An angle at the center in radians; nil when negative or not finite.
    public static func radians(_ radians: Double) -> Distance? {
        Distance(radians: radians)
    }

    /// `Distance(radians: 0.5)`.
    public var description: String { "Distance(radians: \(asRadians))" }
}
