@testable import Fief
import XCTest

/// A filter text run again is parsed and checked once per realm instance; the cached check
/// must still hold per class, per argument count and per schema.
final class ParsedQueryCacheTests: XCTestCase {
    var realm: Realm!

    override func setUpWithError() throws { realm = try makePetRealm() }
    override func tearDown() { realm = nil }

    func testRepeatedTextWithNewArgumentsGivesEachArgumentsResult() throws {
        let pets = realm.objects(QPet.self)
        for (name, age) in [("Rex", 3), ("Bella", 5), ("Max", 1), ("nobody", nil)] as [(String, Int?)] {
            XCTAssertEqual(pets.filter("name == %@", name).map(\.age), age.map { [$0] } ?? [])
        }
        XCTAssertEqual(pets.filter("age > %@ AND name BEGINSWITH %@", 2, "B").map(\.name), ["Bella"])
        XCTAssertEqual(pets.filter("age > %@ AND name BEGINSWITH %@", 0, "R").map(\.name), ["Rex"])
    }

    func testTextCheckedOnOneClassIsCheckedAgainOnAnother() throws {
        XCTAssertEqual(try realm.objects(QPet.self).filtered("breed == %@", "Beagle").map(\.name), ["Bella"])
        XCTAssertThrowsError(try realm.objects(QOwner.self).filtered("breed == %@", "Beagle")) { error in
            guard case RealmError.unknownProperty(let className, let property) = error else {
                return XCTFail("expected unknownProperty, got \(error)")
            }
            XCTAssertEqual(className, "QOwner")
            XCTAssertEqual(property, "breed")
        }
        // And the first class still passes after the second failed.
        XCTAssertEqual(try realm.objects(QPet.self).filtered("breed == %@", "Boxer").map(\.name), ["alfie"])
    }

    func testTextCheckedWithEnoughArgumentsIsCheckedAgainWithFewer() throws {
        XCTAssertEqual(try realm.objects(QPet.self).filtered("name == $1", "unused", "Max").map(\.age), [1])
        XCTAssertThrowsError(try realm.objects(QPet.self).filtered("name == $1", "Max")) { error in
            XCTAssertTrue("\(error)".contains("$1"), "\(error)")
        }
    }

    func testMalformedTextThrowsEveryTime() {
        for _ in 0..<3 {
            XCTAssertThrowsError(try realm.objects(QPet.self).filtered("age >")) { error in
                guard case RealmError.invalidQuery = error else { return XCTFail("expected invalidQuery, got \(error)") }
            }
        }
    }

    func testRefiningFilteredResultsChecksTheShiftedArguments() throws {
        let older = realm.objects(QPet.self).filter("age > %@", 1)
        XCTAssertEqual(try older.filtered("name == %@", "Rex").map(\.age), [3])
        XCTAssertEqual(try older.filtered("name == %@", "Max").count, 0)
    }

    func testMoreTextsThanTheCacheHoldsStillAnswer() throws {
        for age in 0..<(ParsedQueryCache.capacity * 2) {
            let count = try realm.objects(QPet.self).filtered("age == \(age)").count
            XCTAssertEqual(count, [1, 2, 3, 5, 7].contains(age) ? 1 : 0, "age \(age)")
        }
    }

    func testCacheSaysWhichTextsTakeShapesFromArguments() throws {
        let cache = ParsedQueryCache()
        XCTAssertFalse(try cache.parsed("name == %@", checkedFor: nil, arguments: 1).takesGeoArguments)
        XCTAssertFalse(try cache.parsed("location GEOWITHIN geoCircle([0, 0], 0.1)", checkedFor: nil, arguments: 0).takesGeoArguments)
        XCTAssertTrue(try cache.parsed("name == %@ AND location GEOWITHIN %@", checkedFor: nil, arguments: 2).takesGeoArguments)
        XCTAssertTrue(try cache.parsed("SUBQUERY(offices, $o, $o.location GEOWITHIN $0).@count > 0", checkedFor: nil, arguments: 1).takesGeoArguments)
        // A cached entry answers the same.
        XCTAssertTrue(try cache.parsed("name == %@ AND location GEOWITHIN %@", checkedFor: nil, arguments: 2).takesGeoArguments)
    }

    func testSchemaChangeForgetsChecks() throws {
        let cache = ParsedQueryCache()
        let binding = try XCTUnwrap(realm.binding(named: "QPet"))
        XCTAssertFalse(try cache.parsed("name == %@", checkedFor: binding, arguments: 1).isChecked)
        cache.recordChecked("name == %@", binding: binding, arguments: 1)
        XCTAssertTrue(try cache.parsed("name == %@", checkedFor: binding, arguments: 1).isChecked)
        XCTAssertFalse(try cache.parsed("name == %@", checkedFor: binding, arguments: 2).isChecked)
        XCTAssertFalse(try cache.parsed("name == %@", checkedFor: nil, arguments: 1).isChecked)
        cache.schemaChanged()
        XCTAssertFalse(try cache.parsed("name == %@", checkedFor: binding, arguments: 1).isChecked)
        XCTAssertEqual(ParsedQueryCache.numberPercentArguments("a == %@ AND b == '%@' OR c == %@"),
                       "a == $0 AND b == '%@' OR c == $1")
    }
}
