import Foundation
import FiefQueryLanguage

/// A point of the unit sphere as a 3-vector (x towards longitude 0 on the equator, z towards
/// the north pole).
struct SphereVector: Equatable, Sendable {
    var x, y, z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The point at a latitude and longitude in degrees.
    init(latitude: Double, longitude: Double) {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        self.init(x: cos(phi) * cos(lambda), y: cos(phi) * sin(lambda), z: sin(phi))
    }

    func dot(_ o: SphereVector) -> Double { x * o.x + y * o.y + z * o.z }

    func cross(_ o: SphereVector) -> SphereVector {
        SphereVector(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }

    var length: Double { dot(self).squareRoot() }
    var normalized: SphereVector { self * (1 / length) }

    static func + (a: SphereVector, b: SphereVector) -> SphereVector { SphereVector(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static func * (a: SphereVector, s: Double) -> SphereVector { SphereVector(x: a.x * s, y: a.y * s, z: a.z * s) }
    static prefix func - (a: SphereVector) -> SphereVector { SphereVector(x: -a.x, y: -a.y, z: -a.z) }

    /// The great-circle angle to `o` in radians (accurate for small and large angles alike).
    func angle(to o: SphereVector) -> Double { atan2(cross(o).length, dot(o)) }
}

/// A closed ring of a polygon on the sphere, prepared for containment tests. Its edges are
/// great-circle arcs; its interior is the smaller of the two regions it bounds, whichever way
/// it winds (as S2, which realm-core uses, normalizes loops).
struct SphericalLoop: Sendable {
    /// The vertices without the closing repeat and without consecutive duplicates.
    let vertices: [SphereVector]
    /// A point next to the ring whose side is known, from which crossings are counted.
    private let reference: SphereVector
    private let referenceInside: Bool

    /// The loop through `points` (at least three distinct, the last repeating the first).
    init(_ points: [QueryGeoPoint]) {
        var vertices: [SphereVector] = []
        for p in points.dropLast() {
            let v = SphereVector(latitude: p.latitude, longitude: p.longitude)
            if v != vertices.last { vertices.append(v) }
        }
        while vertices.count > 1, vertices.first == vertices.last { vertices.removeLast() }
        self.vertices = vertices
        let n = vertices.count
        guard n >= 3 else {
            // Not a ring (a shape with a `problem`): it holds no point.
            reference = SphereVector(x: 0, y: 0, z: 1)
            referenceInside = false
            return
        }
        // The region left of the ring as it runs has area 2π minus the sum of its turns
        // (Gauss-Bonnet): when the turns sum to less than 0 that region is the larger one.
        var turning = 0.0
        for i in 0..<n {
            let previous = vertices[(i + n - 1) % n], here = vertices[i], next = vertices[(i + 1) % n]
            let inward = previous.cross(here).cross(here)
            let outward = here.cross(next).cross(here)
            turning += atan2(here.dot(inward.cross(outward)), inward.dot(outward))
        }
        let leftIsSmaller = turning >= 0
        // A point just left of the middle of the longest edge lies in the left region.
        var longest = 0
        var longestAngle = -1.0
        for i in 0..<n {
            let angle = vertices[i].angle(to: vertices[(i + 1) % n])
            if angle > longestAngle { (longest, longestAngle) = (i, angle) }
        }
        let a = vertices[longest], b = vertices[(longest + 1) % n]
        let middle = (a + b).normalized
        let left = a.cross(b).normalized
        reference = (middle + left * max(longestAngle * 1e-6, 1e-12)).normalized
        referenceInside = leftIsSmaller
    }

    /// Whether `p` is inside: the arc from the reference point to `p` crosses the ring an even
    /// number of times exactly when both are on the same side.
    func contains(_ p: SphereVector) -> Bool {
        var inside = referenceInside
        let n = vertices.count
        guard n >= 3 else { return false }
        for i in 0..<n where Self.arcsCross(reference, p, vertices[i], vertices[(i + 1) % n]) {
            inside.toggle()
        }
        return inside
    }

    /// Whether the short arcs `a`–`b` and `c`–`d` cross. A point exactly on the great circle
    /// of the other arc counts as on its positive side, so that an arc through a vertex counts
    /// one crossing for the two edges that share it, not two or none.
    static func arcsCross(_ a: SphereVector, _ b: SphereVector, _ c: SphereVector, _ d: SphereVector) -> Bool {
        let ab = a.cross(b), cd = c.cross(d)
        guard (ab.dot(c) >= 0) != (ab.dot(d) >= 0), (cd.dot(a) >= 0) != (cd.dot(b) >= 0) else { return false }
        // The great circles meet at ±x; the arcs cross when the one point on arc a–b is also on c–d.
        var x = ab.cross(cd)
        if !(a.cross(x).dot(ab) >= 0 && x.cross(b).dot(ab) >= 0) { x = -x }
        return c.cross(x).dot(cd) >= 0 && x.cross(d).dot(cd) >= 0
    }
}

/// A `GEOWITHIN` shape prepared for testing many points.
enum GeoRegion: Sendable {
    case box(latitudes: ClosedRange<Double>?, west: Double, east: Double)
    case circle(center: SphereVector, radius: Double)
    case polygon(outer: SphericalLoop, holes: [SphericalLoop])

    /// The region of a valid shape (one whose `problem` is nil).
    init(_ geometry: QueryGeometry) {
        switch geometry {
        case .box(let low, let high):
            let latitudes = low.latitude <= high.latitude ? low.latitude...high.latitude : nil
            self = .box(latitudes: latitudes, west: low.longitude, east: high.longitude)
        case .circle(let center, let radius):
            self = .circle(center: SphereVector(latitude: center.latitude, longitude: center.longitude), radius: radius)
        case .polygon(let outerRing, let holes):
            self = .polygon(outer: SphericalLoop(outerRing), holes: holes.map(SphericalLoop.init))
        }
    }

    /// Whether the region holds the point at `latitude`, `longitude` (degrees, in range).
    func contains(latitude: Double, longitude: Double) -> Bool {
        switch self {
        case .box(let latitudes, let west, let east):
            guard let latitudes, latitudes.contains(latitude) else { return false }
            // A pole is one point whatever longitude it is written with.
            if abs(latitude) == 90 { return true }
            // -180 and 180 are the same meridian.
            let alternative = longitude == 180 ? -180.0 : longitude == -180 ? 180.0 : longitude
            func within(_ lon: Double) -> Bool { west <= east ? (west...east).contains(lon) : lon >= west || lon <= east }
            return within(longitude) || within(alternative)
        case .circle(let center, let radius):
            return center.angle(to: SphereVector(latitude: latitude, longitude: longitude)) <= radius
        case .polygon(let outer, let holes):
            let p = SphereVector(latitude: latitude, longitude: longitude)
            return outer.contains(p) && !holes.contains { $0.contains(p) }
        }
    }
}
