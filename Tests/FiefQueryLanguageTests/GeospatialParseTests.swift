import XCTest
@testable import FiefQueryLanguage

/// `GEOWITHIN` and its shapes: the AST, canonical text, round trips and errors.
final class GeospatialParseTests: XCTestCase {
    private func geo(_ longitude: Double, _ latitude: Double, _ altitude: Double? = nil) -> QueryGeoPoint {
        QueryGeoPoint(longitude: longitude, latitude: latitude, altitude: altitude)
    }

    func testShapes() {
        XCTAssertEqual(predicate("location GEOWITHIN geoBox([-1, 2.5], [3, 4])"),
                       cmp(path("location"), .geoWithin, .geometry(.box(bottomLeft: geo(-1, 2.5), topRight: geo(3, 4)))))
        XCTAssertEqual(predicate("a.b geowithin GEOCIRCLE( [ 1 , 2 , 30 ] , .5 )"),
                       cmp(path("a.b"), .geoWithin, .geometry(.circle(center: geo(1, 2, 30), radius: 0.5))))
        let outer = [geo(0, 0), geo(1, 0), geo(1, 1), geo(0, 0)]
        let hole = [geo(0.2, 0.2), geo(0.4, 0.2), geo(0.4, 0.4), geo(0.2, 0.2)]
        XCTAssertEqual(predicate("l GeoWithin geoPolygon({[0, 0], [1, 0], [1, 1], [0, 0]}, {[0.2, 0.2], [0.4, 0.2], [0.4, 0.4], [0.2, 0.2]})"),
                       cmp(path("l"), .geoWithin, .geometry(.polygon(outerRing: outer, holes: [hole]))))
        XCTAssertEqual(predicate("ANY stops GEOWITHIN $2"), cmp(path("stops", .any), .geoWithin, .argument(2)))
        XCTAssertEqual(predicate("NOT l GEOWITHIN $0 AND name ==[c] 'x'"),
                       .and([.not(cmp(path("l"), .geoWithin, .argument(0))), cmp(path("name"), .equal, str("x"), .caseInsensitive)]))
        XCTAssertEqual(try QueryLanguage.parse("l GEOWITHIN $3").highestArgumentIndex, 3)
    }

    func testRoundTripsAndCanonicalText() throws {
        let cases: [(String, String)] = [
            ("location geowithin GEOBOX([1, 2], [3, 4])", "location GEOWITHIN geoBox([1.0, 2.0], [3.0, 4.0])"),
            ("l GEOWITHIN geoCircle([-180, -90, 5], 1e-3)", "l GEOWITHIN geoCircle([-180.0, -90.0, 5.0], 0.001)"),
            ("l GEOWITHIN geoPolygon({[0,0],[1,0],[1,1],[0,0]},{[0.1,0.1],[0.2,0.1],[0.2,0.2],[0.1,0.1]})",
             "l GEOWITHIN geoPolygon({[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]}, {[0.1, 0.1], [0.2, 0.1], [0.2, 0.2], [0.1, 0.1]})"),
            ("ANY s GEOWITHIN $0 && !(t geowithin $1)", "ANY s GEOWITHIN $0 AND NOT t GEOWITHIN $1"),
            ("`geowithin` GEOWITHIN $0", "`geowithin` GEOWITHIN $0"),
        ]
        for (input, canonical) in cases {
            let query = try QueryLanguage.parse(input)
            XCTAssertEqual(query.description, canonical, input)
            XCTAssertEqual(try QueryLanguage.parse(query.description), query, input)
        }
    }

    func testBracketsOutsideShapesAreStillModifiers() {
        XCTAssertEqual(predicate("a ==[c] 'x' AND l GEOWITHIN geoBox([0, 0], [1, 1]) AND b CONTAINS[d] 'y'"),
                       .and([cmp(path("a"), .equal, str("x"), .caseInsensitive),
                             cmp(path("l"), .geoWithin, .geometry(.box(bottomLeft: geo(0, 0), topRight: geo(1, 1)))),
                             cmp(path("b"), .contains, str("y"), .diacriticInsensitive)]))
    }

    private func check(_ text: String, _ kind: QueryParseError.Kind, offset: Int, _ message: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        guard let error = parseError(text, file: file, line: line) else { return }
        XCTAssertEqual(error.kind, kind, "\(text): \(error)", file: file, line: line)
        XCTAssertEqual(error.offset, offset, "\(text): \(error)", file: file, line: line)
        XCTAssertEqual(error.message, message, "\(text)", file: file, line: line)
    }

    func testErrors() {
        check("l GEOWITHIN 'x'", .invalidGeometry, offset: 12,
              "GEOWITHIN needs geoBox(...), geoCircle(...), geoPolygon(...) or an argument")
        check("l GEOWITHIN geoSquare([0, 0])", .invalidGeometry, offset: 12,
              "GEOWITHIN needs geoBox(...), geoCircle(...), geoPolygon(...) or an argument")
        check("1 GEOWITHIN $0", .invalidGeometry, offset: 0, "GEOWITHIN needs a key path on its left")
        check("l GEOWITHIN[c] $0", .modifierNotAllowed, offset: 11, "a modifier cannot follow 'GEOWITHIN'")
        check("l GEOWITHIN geoBox[0, 0]", .unexpectedToken, offset: 18, "expected '(' after 'geoBox'")
        check("l GEOWITHIN geoBox(0, 0)", .invalidGeometry, offset: 19, "expected a point [longitude, latitude]")
        check("l GEOWITHIN geoBox([0], [1, 1])", .unexpectedToken, offset: 21, "expected ',' between longitude and latitude")
        check("l GEOWITHIN geoBox([0, 'a'], [1, 1])", .invalidGeometry, offset: 23, "expected a latitude")
        check("l GEOWITHIN geoBox([0, 0, 1, 2], [1, 1])", .unexpectedToken, offset: 27, "expected ']' to close the point")
        check("l GEOWITHIN geoBox([0, 0] [1, 1])", .unexpectedToken, offset: 26, "expected ',' between the corners of geoBox")
        check("l GEOWITHIN geoBox([0, 0], [1, 1]", .unexpectedToken, offset: 33, "expected ')' to close 'geoBox'")
        check("l GEOWITHIN geoBox([0, 91], [1, 1])", .invalidGeometry, offset: 12, "geoBox: latitude 91.0 is outside -90...90")
        check("l GEOWITHIN geoBox([0, 0], [-181, 1])", .invalidGeometry, offset: 12, "geoBox: longitude -181.0 is outside -180...180")
        check("l GEOWITHIN geoCircle([0, 0], -1)", .invalidGeometry, offset: 12,
              "geoCircle: the radius -1.0 must be a finite number of radians, at least 0")
        check("l GEOWITHIN geoCircle([0, 0], inf)", .invalidGeometry, offset: 30, "expected the radius of geoCircle in radians")
        check("l GEOWITHIN geoCircle([0, 0, -5], 1)", .invalidGeometry, offset: 12,
              "geoCircle: altitude -5.0 must be a finite number of at least 0")
        check("l GEOWITHIN geoPolygon([0, 0])", .invalidGeometry, offset: 23, "expected a ring {[longitude, latitude], ...} in geoPolygon")
        check("l GEOWITHIN geoPolygon({[0, 0], [1, 0], [1, 1]})", .invalidGeometry, offset: 12,
              "geoPolygon: the outer ring has 3 points; a ring needs at least 4")
        check("l GEOWITHIN geoPolygon({[0, 0], [1, 0], [1, 1], [0, 1]})", .invalidGeometry, offset: 12,
              "geoPolygon: the outer ring is not closed: its last point must repeat its first")
        check("l GEOWITHIN geoPolygon({[0, 0], [1, 0], [1, 1], [0, 0]}, {[0, 0], [1, 0], [0, 0], [0, 0]})", .invalidGeometry,
              offset: 12, "geoPolygon: hole 1 needs at least 3 distinct points")
        check("l GEOWITHIN geoPolygon({[0, 0], [1, 0], [1, 1], [0, 0]} {[0, 0]})", .unexpectedToken, offset: 56,
              "expected ')' to close 'geoPolygon'")
        // `geowithin` is reserved: first in a key path it needs backticks.
        check("geowithin == 1", .unexpectedToken, offset: 0, "expected a key path")
    }
}
