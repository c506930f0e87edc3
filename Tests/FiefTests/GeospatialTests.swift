@_spi(Sync) @testable import Fief
import FiefQueryLanguage
import Foundation
import XCTest

/// A GeoJSON point as RealmSwift's documentation stores one.
final class GeoLocation: EmbeddedObject {
    @Persisted var type: String = "Point"
    @Persisted var coordinates: List<Double>

    convenience init(_ latitude: Double, _ longitude: Double) {
        self.init()
        coordinates.append(objectsIn: [longitude, latitude])
    }

    convenience init(type: String, coordinates: [Double]) {
        self.init()
        self.type = type
        self.coordinates.append(objectsIn: coordinates)
    }
}

/// An embedded object that is not a point.
final class GeoLabel: EmbeddedObject {
    @Persisted var text = ""
}

final class GeoCompany: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var location: GeoLocation?
    @Persisted var stops: List<GeoLocation>
    @Persisted var label: GeoLabel?
    @Persisted var headOffice: GeoCompany?
}

final class GeospatialTests: XCTestCase {
    var realm: Realm!

    static let valid: [(String, Double, Double)] = [
        ("Paris", 48.8566, 2.3522), ("London", 51.5074, -0.1278), ("NewYork", 40.7128, -74.006),
        ("Fiji", -17.7134, 178.065), ("Samoa", -13.759, -172.1046), ("DateLine", -15, -180),
        ("NorthPole", 90, 0), ("Alert", 82.5, -62.3), ("SouthPole", -90, 45), ("Quito", -0.18, -78.47),
        ("Arctic70", 70, 0), ("Arctic65", 65, 55),
    ]
    static let allValid = ["Alert", "Arctic65", "Arctic70", "DateLine", "Fiji", "London", "NewYork", "NorthPole",
                           "Paris", "ParisTower", "Quito", "Samoa", "SouthPole"]
    static let notPoints = ["BadType", "Courier", "Lat95", "Nil", "OneCoord", "OutOfRange"]

    override func setUpWithError() throws {
        realm = try Realm(configuration: memoryConfiguration([GeoCompany.self, GeoLocation.self, GeoLabel.self]))
        try realm.write {
            func add(_ name: String, _ location: GeoLocation?) {
                let company = GeoCompany()
                company.name = name
                company.location = location
                realm.add(company)
            }
            for (name, latitude, longitude) in Self.valid { add(name, GeoLocation(latitude, longitude)) }
            add("ParisTower", GeoLocation(type: "Point", coordinates: [2.3522, 48.8566, 300]))
            add("Nil", nil)
            add("BadType", GeoLocation(type: "Polygon", coordinates: [2.3522, 48.8566]))
            add("OneCoord", GeoLocation(type: "Point", coordinates: [2.3522]))
            add("OutOfRange", GeoLocation(type: "Point", coordinates: [200, 48]))
            add("Lat95", GeoLocation(type: "Point", coordinates: [2, 95]))
            let courier = GeoCompany()
            courier.name = "Courier"
            courier.stops.append(GeoLocation(51.5074, -0.1278))
            courier.stops.append(GeoLocation(40.7128, -74.006))
            courier.label = GeoLabel()
            realm.add(courier)
        }
    }

    override func tearDown() { realm = nil }

    private func point(_ latitude: Double, _ longitude: Double) -> GeoPoint { GeoPoint(latitude: latitude, longitude: longitude)! }

    private func ring(_ points: [(Double, Double)]) -> [GeoPoint] { points.map { point($0.0, $0.1) } }

    /// Names matching a query string (sorted), failing the test when it throws.
    private func names(_ query: String, _ args: Any..., file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            return try realm.objects(GeoCompany.self).filtering(query, args).map(\.name).sorted()
        } catch {
            XCTFail("\(query): \(error)", file: file, line: line)
            return ["<error>"]
        }
    }

    private func names(_ build: (Query<GeoCompany>) -> Query<Bool>) -> [String] {
        realm.objects(GeoCompany.self).where(build).map(\.name).sorted()
    }

    /// The same results from the type-safe query, `GEOWITHIN $0` and the literal text.
    private func check(_ box: GeoBox, _ literal: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(names { $0.location.geoWithin(box) }, expected, "where", file: file, line: line)
        XCTAssertEqual(names("location GEOWITHIN $0", box), expected, "argument", file: file, line: line)
        XCTAssertEqual(names("location GEOWITHIN " + literal), expected, literal, file: file, line: line)
    }

    private func check(_ circle: GeoCircle, _ literal: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(names { $0.location.geoWithin(circle) }, expected, "where", file: file, line: line)
        XCTAssertEqual(names("location GEOWITHIN $0", circle), expected, "argument", file: file, line: line)
        XCTAssertEqual(names("location GEOWITHIN " + literal), expected, literal, file: file, line: line)
    }

    private func check(_ polygon: GeoPolygon, _ literal: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(names { $0.location.geoWithin(polygon) }, expected, "where", file: file, line: line)
        XCTAssertEqual(names("location GEOWITHIN $0", polygon), expected, "argument", file: file, line: line)
        XCTAssertEqual(names("location GEOWITHIN " + literal), expected, literal, file: file, line: line)
    }

    // MARK: Shapes

    func testPointValidation() {
        XCTAssertNotNil(GeoPoint(latitude: 90, longitude: 180))
        XCTAssertNotNil(GeoPoint(latitude: -90, longitude: -180, altitude: 12))
        XCTAssertNil(GeoPoint(latitude: 90.0001, longitude: 0))
        XCTAssertNil(GeoPoint(latitude: 0, longitude: -180.5))
        XCTAssertNil(GeoPoint(latitude: .nan, longitude: 0))
        XCTAssertNil(GeoPoint(latitude: 0, longitude: .infinity))
        XCTAssertNil(GeoPoint(latitude: 0, longitude: 0, altitude: -1))
        let p = GeoPoint(59.91, 10.75)!
        XCTAssertEqual(p.latitude, 59.91)
        XCTAssertEqual(p.longitude, 10.75)
        XCTAssertEqual(p.altitude, 0)
        XCTAssertEqual(p, GeoPoint(latitude: 59.91, longitude: 10.75))
    }

    func testShapeValidation() {
        XCTAssertNil(GeoBox(bottomLeft: (91, 0), topRight: (1, 1)))
        XCTAssertEqual(GeoBox(bottomLeft: (1, 2), topRight: (3, 4)), GeoBox(bottomLeft: point(1, 2), topRight: point(3, 4)))
        XCTAssertNil(GeoCircle(center: point(0, 0), radiusInRadians: -0.1))
        XCTAssertNil(GeoCircle(center: point(0, 0), radiusInRadians: .nan))
        XCTAssertNil(GeoCircle(center: (0, 181), radiusInRadians: 1))
        XCTAssertEqual(GeoCircle(center: (10, 20), radius: .radians(0.5)!)?.radiusInRadians, 0.5)
        let square = ring([(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)])
        XCTAssertNotNil(GeoPolygon(outerRing: square))
        XCTAssertNil(GeoPolygon(outerRing: ring([(0, 0), (0, 1), (0, 0)])), "3 points")
        XCTAssertNil(GeoPolygon(outerRing: Array(square.dropLast())), "not closed")
        XCTAssertNil(GeoPolygon(outerRing: ring([(0, 0), (0, 1), (0, 1), (0, 0)])), "two distinct points")
        XCTAssertNil(GeoPolygon(outerRing: square, holes: [Array(square.dropLast())]), "open hole")
        XCTAssertEqual(GeoPolygon(outerRing: square, holes: [ring([(0.2, 0.2), (0.2, 0.4), (0.4, 0.4), (0.2, 0.2)])])?.holes.count, 1)
        XCTAssertNil(GeoPolygon(outerRing: square, holes: [square]), "a hole on the outer ring")
    }

    func testDistanceConversions() {
        XCTAssertEqual(Distance.kilometers(6378.1)!.asRadians, 1, accuracy: 1e-12)
        XCTAssertEqual(Distance.miles(3963.2)!.asRadians, 1, accuracy: 1e-12)
        XCTAssertEqual(Distance.degrees(180)!.asRadians, .pi, accuracy: 1e-12)
        XCTAssertEqual(Distance.radians(0.25)!.asRadians, 0.25)
        XCTAssertNil(Distance.kilometers(-1))
        XCTAssertNil(Distance.miles(.nan))
        XCTAssertNil(Distance.degrees(-0.5))
        XCTAssertEqual(GeoCircle(center: point(0, 0), radius: .kilometers(6378.1)!)?.radiusInRadians ?? 0, 1, accuracy: 1e-12)
    }

    // MARK: Containment

    func testCircles() {
        let paris = point(48.8566, 2.3522)
        check(GeoCircle(center: paris, radius: .kilometers(500)!)!, "geoCircle([2.3522, 48.8566], \(500 / 6378.1))",
              ["London", "Paris", "ParisTower"])
        check(GeoCircle(center: paris, radius: .kilometers(300)!)!, "geoCircle([2.3522, 48.8566], \(300 / 6378.1))",
              ["Paris", "ParisTower"])
        // Across the antimeridian: Fiji is 3.3 degrees away, Samoa 7.7, DateLine 0.
        check(GeoCircle(center: point(-15, 180), radius: .degrees(5)!)!, "geoCircle([180, -15], \(5 * Double.pi / 180))",
              ["DateLine", "Fiji"])
        check(GeoCircle(center: point(-15, -180), radius: .degrees(10)!)!, "geoCircle([-180.0, -15.0], \(10 * Double.pi / 180))",
              ["DateLine", "Fiji", "Samoa"])
        // Around the poles: Alert is 7.5 degrees from the north pole.
        check(GeoCircle(center: point(90, 0), radius: .degrees(10)!)!, "geoCircle([0, 90], \(10 * Double.pi / 180))",
              ["Alert", "NorthPole"])
        check(GeoCircle(center: point(-90, -120), radiusInRadians: 0.01)!, "geoCircle([-120, -90], 0.01)", ["SouthPole"])
        check(GeoCircle(center: point(0, 0), radiusInRadians: 0)!, "geoCircle([0, 0], 0)", [])
        check(GeoCircle(center: point(0, 0), radiusInRadians: .pi)!, "geoCircle([0, 0], 3.15)", Self.allValid)
    }

    func testBoxes() {
        check(GeoBox(bottomLeft: point(40, -80), topRight: point(52, 5)), "geoBox([-80, 40], [5, 52])",
              ["London", "NewYork", "Paris", "ParisTower"])
        // Across the antimeridian (west longitude greater than east) and the box that does not cross it.
        check(GeoBox(bottomLeft: point(-20, 170), topRight: point(-10, -170)), "geoBox([170, -20], [-170, -10])",
              ["DateLine", "Fiji", "Samoa"])
        check(GeoBox(bottomLeft: point(-20, -170), topRight: point(-10, 170)), "geoBox([-170, -20], [170, -10])", [])
        // -180 and 180 are one meridian.
        check(GeoBox(bottomLeft: point(-20, 178), topRight: point(-10, 180)), "geoBox([178, -20], [180, -10])",
              ["DateLine", "Fiji"])
        // A box reaching a pole holds the pole whatever longitude it is stored with.
        check(GeoBox(bottomLeft: point(85, 10), topRight: point(90, 20)), "geoBox([10, 85], [20, 90])", ["NorthPole"])
        check(GeoBox(bottomLeft: point(80, -180), topRight: point(90, 180)), "geoBox([-180, 80], [180, 90])",
              ["Alert", "NorthPole"])
        check(GeoBox(bottomLeft: point(-90, 0), topRight: point(-80, 10)), "geoBox([0, -90], [10, -80])", ["SouthPole"])
        // Bottom above top: empty.
        check(GeoBox(bottomLeft: point(52, -80), topRight: point(40, 5)), "geoBox([-80, 52], [5, 40])", [])
    }

    func testPolygons() {
        let europe = ring([(40, -10), (40, 10), (55, 10), (55, -10), (40, -10)])
        let aroundParis = ring([(48, 1), (48, 4), (50, 4), (50, 1), (48, 1)])
        let europeText = "{[-10, 40], [10, 40], [10, 55], [-10, 55], [-10, 40]}"
        check(GeoPolygon(outerRing: europe)!, "geoPolygon(\(europeText))", ["London", "Paris", "ParisTower"])
        check(GeoPolygon(outerRing: europe, holes: [aroundParis])!,
              "geoPolygon(\(europeText), {[1, 48], [4, 48], [4, 50], [1, 50], [1, 48]})", ["London"])
        // Either winding encloses the smaller region.
        check(GeoPolygon(outerRing: europe.reversed())!, "geoPolygon({[-10, 40], [-10, 55], [10, 55], [10, 40], [-10, 40]})",
              ["London", "Paris", "ParisTower"])
        // Edges are great circles: the top edge from (60, -60) to (60, 60) passes 73.9 degrees
        // north at longitude 0 (so 70 N, 0 E is inside) and 63.3 at 55 E (so 65 N, 55 E is not).
        check(GeoPolygon(outerRing: ring([(0, -60), (0, 60), (60, 60), (60, -60), (0, -60)]))!,
              "geoPolygon({[-60, 0], [60, 0], [60, 60], [-60, 60], [-60, 0]})", ["Arctic70", "London", "Paris", "ParisTower"])
        // Around the north pole. With four vertices on 80 N the edges bulge to 82.9 N between
        // them, but at 62.3 W (Alert's longitude) only to 82.56 N: Alert, at 82.5 N, is out.
        // With eight vertices they reach 80.75 N at most and Alert is in.
        check(GeoPolygon(outerRing: ring([(80, 0), (80, 90), (80, 180), (80, -90), (80, 0)]))!,
              "geoPolygon({[0, 80], [90, 80], [180, 80], [-90, 80], [0, 80]})", ["NorthPole"])
        let eight = stride(from: 0.0, through: 360, by: 45).map { (80.0, $0 > 180 ? $0 - 360 : $0) }
        check(GeoPolygon(outerRing: ring(eight))!,
              "geoPolygon({[0, 80], [45, 80], [90, 80], [135, 80], [180, 80], [-135, 80], [-90, 80], [-45, 80], [0, 80]})",
              ["Alert", "NorthPole"])
        // Across the antimeridian.
        check(GeoPolygon(outerRing: ring([(-20, 170), (-20, -170), (-10, -170), (-10, 170), (-20, 170)]))!,
              "geoPolygon({[170, -20], [-170, -20], [-170, -10], [170, -10], [170, -20]})", ["DateLine", "Fiji", "Samoa"])
    }

    func testPolygonRingsMustNotCross() {
        let europe = ring([(40, -10), (40, 10), (55, 10), (55, -10), (40, -10)])
        let aroundParis = ring([(48, 1), (48, 4), (50, 4), (50, 1), (48, 1)])
        XCTAssertNil(GeoPolygon(outerRing: ring([(0, 0), (10, 10), (0, 10), (10, 0), (0, 0)])), "bow tie")
        XCTAssertNil(GeoPolygon(outerRing: europe, holes: [ring([(39, -11), (39, -9), (41, -9), (41, -11), (39, -11)])]), "crosses")
        XCTAssertNil(GeoPolygon(outerRing: europe, holes: [ring([(40, -75), (40, -73), (41, -73), (41, -75), (40, -75)])]), "outside")
        XCTAssertNil(GeoPolygon(outerRing: europe, holes: [aroundParis, ring([(48.5, 2), (48.5, 3), (49.5, 3), (49.5, 2), (48.5, 2)])]),
                     "nested holes")
        // A hole may share a vertex with the outer ring.
        let corner = GeoPolygon(outerRing: europe, holes: [ring([(40, -10), (45, -5), (45, -9), (40, -10)])])
        XCTAssertNotNil(corner)
        if let corner {
            XCTAssertEqual(names { $0.location.geoWithin(corner) }, ["London", "Paris", "ParisTower"])
        }

        let bowTie = queryError("location GEOWITHIN geoPolygon({[0, 0], [10, 10], [10, 0], [0, 10], [0, 0]})")
        XCTAssertEqual(bowTie, "geoPolygon: the outer ring crosses itself (its edges 1 and 3)")
        XCTAssertEqual(queryError("location GEOWITHIN geoPolygon({[-10, 40], [10, 40], [10, 55], [-10, 55], [-10, 40]}, "
                                  + "{[-75, 40], [-73, 40], [-73, 41], [-75, 41], [-75, 40]})"),
                       "geoPolygon: hole 1 is not inside the outer ring")
        XCTAssertEqual(queryError("location GEOWITHIN geoPolygon({[-10, 40], [10, 40], [10, 55], [-10, 55], [-10, 40]}, "
                                  + "{[-11, 39], [-9, 39], [-9, 41], [-11, 41], [-11, 39]})"),
                       "geoPolygon: hole 1 crosses the outer ring")
        XCTAssertEqual(queryError("location GEOWITHIN geoPolygon({[-10, 40], [10, 40], [10, 55], [-10, 55], [-10, 40]}, "
                                  + "{[1, 48], [4, 48], [4, 50], [1, 50], [1, 48]}, {[2, 48.5], [3, 48.5], [3, 49.5], [2, 49.5], [2, 48.5]})"),
                       "geoPolygon: hole 2 and hole 1 are nested (only one level of holes is allowed)")
        XCTAssertThrowsError(try SyncViewQuery(realm: realm, className: "GeoCompany", query: "location GEOWITHIN geoPolygon({[0, 0], [10, 10], [10, 0], [0, 10], [0, 0]})"))
    }

    // MARK: Objects that are not points

    func testInvalidPointsAndNilLinksNeverMatch() {
        let world = GeoBox(bottomLeft: point(-90, -180), topRight: point(90, 180))
        check(world, "geoBox([-180, -90], [180, 90])", Self.allValid)
        XCTAssertEqual(names("NOT location GEOWITHIN $0", world), Self.notPoints)
        XCTAssertEqual(names { !$0.location.geoWithin(world) }, Self.notPoints)
        XCTAssertEqual(names("location GEOWITHIN $0 OR name == 'Nil'", world), (Self.allValid + ["Nil"]).sorted())
    }

    func testListsOfPoints() {
        let newYork = GeoCircle(center: point(40.7, -74), radius: .kilometers(50)!)!
        XCTAssertEqual(names("ANY stops GEOWITHIN $0", newYork), ["Courier"])
        XCTAssertEqual(names("stops GEOWITHIN $0", newYork), ["Courier"])
        XCTAssertEqual(names { $0.stops.geoWithin(newYork) }, ["Courier"])
        XCTAssertEqual(names("ALL stops GEOWITHIN $0 AND stops.@count > 0", newYork), [])
        XCTAssertEqual(names("location GEOWITHIN $0", newYork), ["NewYork"])
    }

    func testCombinedWithOtherConditionsAndArguments() {
        let box = GeoBox(bottomLeft: point(40, -80), topRight: point(52, 5))
        XCTAssertEqual(names("name BEGINSWITH $0 AND location GEOWITHIN $1", "Paris", box), ["Paris", "ParisTower"])
        XCTAssertEqual(names { $0.name.starts(with: "Paris") && $0.location.geoWithin(box) }, ["Paris", "ParisTower"])
        let refined = realm.objects(GeoCompany.self).filter("name != $0", "London").filter("location GEOWITHIN $0", box)
        XCTAssertEqual(refined.map(\.name).sorted(), ["NewYork", "Paris", "ParisTower"])
        // Results stay live.
        let live = realm.objects(GeoCompany.self).where { $0.location.geoWithin(box) }
        XCTAssertEqual(live.count, 4)
        try? realm.write { realm.objects(GeoCompany.self).filter("name == 'Nil'").first!.location = GeoLocation(45, -70) }
        XCTAssertEqual(live.count, 5)
    }

    // MARK: Errors

    private func queryError(_ query: String, _ args: Any..., file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try realm.objects(GeoCompany.self).filtering(query, args)
            XCTFail("\(query) did not throw", file: file, line: line)
        } catch RealmError.invalidQuery(let message) {
            return message
        } catch {
            XCTFail("\(query): unexpected \(error)", file: file, line: line)
        }
        return ""
    }

    func testErrors() {
        let box = GeoBox(bottomLeft: point(0, 0), topRight: point(1, 1))
        XCTAssertTrue(queryError("name GEOWITHIN $0", box).contains("'name' of GeoCompany does not end at objects"))
        XCTAssertTrue(queryError("label GEOWITHIN $0", box).contains("GeoLabel is not one"))
        XCTAssertTrue(queryError("headOffice GEOWITHIN $0", box).contains("GeoCompany is not one"))
        XCTAssertTrue(queryError("location GEOWITHIN $0", "Paris").contains("GEOWITHIN $0 needs a GeoBox, GeoCircle or GeoPolygon argument, not String"))
        let missing = queryError("location GEOWITHIN $1", "x")
        XCTAssertTrue(missing.contains("GEOWITHIN $1 needs a GeoBox, GeoCircle or GeoPolygon argument"), missing)
        XCTAssertTrue(queryError("name == $0", box).contains("a GeoBox argument can only follow GEOWITHIN"))
        XCTAssertTrue(queryError("name IN $0", [box]).contains("a GeoBox argument can only follow GEOWITHIN"))
        let parse = queryError("location GEOWITHIN geoPolygon({[0, 0], [1, 0], [1, 1]})")
        XCTAssertTrue(parse.contains("geoPolygon: the outer ring has 3 points; a ring needs at least 4"), parse)
        XCTAssertTrue(parse.contains("column 20"), parse)
        XCTAssertTrue(queryError("location GEOWITHIN geoBox([0, 91], [1, 1])").contains("latitude 91.0 is outside -90...90"))
        XCTAssertTrue(queryError("location GEOWITHIN 'Paris'").contains("GEOWITHIN needs geoBox"))
    }

    func testCachedTextChecksEachCallsShapeArgument() {
        // The text is parsed and checked once per realm; the shape argument is bound per call.
        let box = GeoBox(bottomLeft: point(40, -80), topRight: point(52, 5))
        let circle = GeoCircle(center: point(-17.7134, 178.065), radius: .kilometers(10)!)!
        XCTAssertEqual(names("location GEOWITHIN $0", box), ["London", "NewYork", "Paris", "ParisTower"])
        XCTAssertEqual(names("location GEOWITHIN $0", circle), ["Fiji"])
        XCTAssertTrue(queryError("location GEOWITHIN $0", 3).contains("GEOWITHIN $0 needs a GeoBox, GeoCircle or GeoPolygon argument, not Int"))
        XCTAssertEqual(names("location GEOWITHIN $0", box).count, 4)
    }

    // MARK: Sync

    func testSubscriptionTextRoundTrips() throws {
        let circle = GeoCircle(center: point(48.8566, 2.3522), radiusInRadians: 0.05)!
        let text = Query<GeoCompany>.syncQueryText("location GEOWITHIN $0 AND name != $1", arguments: [circle, "x"])
        XCTAssertEqual(text, "location GEOWITHIN geoCircle([2.3522, 48.8566], 0.05) AND name != 'x'")
        XCTAssertEqual(try QueryLanguage.parse(text).description, text)
        let polygon = GeoPolygon(outerRing: ring([(0, 0), (0, 1), (1, 1), (0, 0)]))!
        let typed = Query<GeoCompany>.syncQueryText { $0.location.geoWithin(polygon) }
        XCTAssertEqual(typed, "location GEOWITHIN geoPolygon({[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]})")
        // fief-server evaluates subscriptions with SyncViewQuery, that is with the same evaluator.
        let view = try SyncViewQuery(realm: realm, className: "GeoCompany", query: text)
        XCTAssertEqual(Set(try view.matchingObjects()), [.primaryKey(.string("Paris")), .primaryKey(.string("ParisTower"))])
        XCTAssertTrue(try view.matches(.primaryKey(.string("ParisTower"))))
        XCTAssertFalse(try view.matches(.primaryKey(.string("London"))))
        XCTAssertFalse(try view.matches(.primaryKey(.string("BadType"))))
        XCTAssertThrowsError(try SyncViewQuery(realm: realm, className: "GeoCompany", query: "label GEOWITHIN geoCircle([0, 0], 1)"))
        // And the text it receives matches what the client's query matches.
        XCTAssertEqual(names(text), ["Paris", "ParisTower"])
    }
}
