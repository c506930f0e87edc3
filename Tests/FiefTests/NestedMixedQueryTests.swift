import Fief
import Foundation
import XCTest

/// Queries that reach into lists and dictionaries held by `AnyRealmValue`, in the query
/// language and in typed queries.
final class NestedMixedQueryTests: XCTestCase {
    private var realm: Realm!

    override func setUpWithError() throws {
        realm = try Realm(configuration: memoryConfiguration(mixedTypes))
        let values: [(String, AnyRealmValue)] = [
            ("list", .fromArray([.int(1), .string("x"), .fromDictionary(["deep": .int(3)])])),
            ("dict", .fromDictionary(["key": .string("x"), "n": .int(3), "inner": .fromArray([.int(7), .int(8)])])),
            ("short", .fromArray([.int(3)])),
            ("scalar", .int(3)),
            ("empty", .fromArray([])),
        ]
        try realm.write {
            for (name, value) in values { realm.create(MixedHolder.self, value: ["name": name, "value": value]) }
        }
    }

    override func tearDown() { realm = nil }

    private func names(_ query: String) -> [String] {
        realm.objects(MixedHolder.self).filter(query).map(\.name).sorted()
    }

    private func names(_ query: (Query<MixedHolder>) -> Query<Bool>) -> [String] {
        realm.objects(MixedHolder.self).where(query).map(\.name).sorted()
    }

    func testPositionsAndKeys() {
        XCTAssertEqual(names("value[0] == 1"), ["list"])
        XCTAssertEqual(names("value[0] == 3"), ["short"])
        XCTAssertEqual(names("value[5] == 1"), [], "past the end matches nothing")
        XCTAssertEqual(names("value['key'] == 'x'"), ["dict"])
        XCTAssertEqual(names("value['missing'] == 'x'"), [])
        XCTAssertEqual(names("value[2]['deep'] == 3"), ["list"])
        XCTAssertEqual(names("value['inner'][1] == 8"), ["dict"])
    }

    func testEveryElementFirstLastAndSize() {
        XCTAssertEqual(names("value[*] == 3"), ["dict", "short"])
        XCTAssertEqual(names("ANY value[*] == 'x'"), ["dict", "list"])
        XCTAssertEqual(names("NONE value[*] == 3"), ["empty", "list", "scalar"])
        XCTAssertEqual(names("value[FIRST] == 1"), ["list"])
        XCTAssertEqual(names("value[LAST] == 3"), ["short"])
        XCTAssertEqual(names("value[SIZE] == 3"), ["dict", "list"])
        XCTAssertEqual(names("value[SIZE] == 0"), ["empty"])
        XCTAssertEqual(names("value.@size == 1"), ["scalar", "short"], "a scalar counts as one value")
        XCTAssertEqual(names("value == 3"), ["scalar"], "a list holding 3 is not 3")
    }

    func testTypedQueries() {
        XCTAssertEqual(names { $0.value[0] == .int(1) }, ["list"])
        XCTAssertEqual(names { $0.value["key"] == .string("x") }, ["dict"])
        XCTAssertEqual(names { $0.value["inner"][0] == .int(7) }, ["dict"])
        XCTAssertEqual(names { $0.value.any == .int(3) }, ["dict", "short"])
    }

    func testSubscriptsOfListAndMapProperties() throws {
        try realm.write {
            let holder = realm.objects(MixedHolder.self).filter("name == 'scalar'").first!
            holder.values.append(objectsIn: [.int(10), .fromArray([.int(11)])])
            holder.byKey["a"] = .fromDictionary(["b": .int(12)])
        }
        XCTAssertEqual(names("values[0] == 10"), ["scalar"])
        XCTAssertEqual(names("values[LAST][0] == 11"), ["scalar"])
        XCTAssertEqual(names("values[SIZE] == 2"), ["scalar"])
        XCTAssertEqual(names("byKey['a']['b'] == 12"), ["scalar"])
    }
}
