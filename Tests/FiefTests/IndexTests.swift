import Fief
import Foundation
import XCTest

/// Equality and IN on primary-key and indexed properties use the index; these check the index
/// gives the same answers as a scan through inserts, updates and deletes.
final class IndexTests: XCTestCase {
    func testIndexedLookupsFollowUpdatesAndDeletes() throws {
        let realm = try Realm(configuration: memoryConfiguration([IndexedThing.self]))
        try realm.write {
            for i in 0..<50 {
                realm.create(IndexedThing.self, value: ["code": "c\(i)", "group": "g\(i % 5)", "rank": i % 7,
                                                        "label": i % 2 == 0 ? "even" : nil, "value": i])
            }
        }
        let all = realm.objects(IndexedThing.self)
        XCTAssertEqual(all.filter("group == 'g1'").count, 10)
        XCTAssertEqual(Set(all.filter("group == 'g1'").map(\.value)), [1, 6, 11, 16, 21, 26, 31, 36, 41, 46])
        XCTAssertEqual(all.filter("rank == 3").count, 7)
        XCTAssertEqual(all.filter("rank IN {0, 1}").count, 15)
        XCTAssertEqual(all.filter("group IN $0", ["g0", "g4"]).count, 20)
        XCTAssertEqual(all.filter("code == 'c7'").first?.value, 7)
        XCTAssertEqual(all.filter("code IN {'c1', 'c2', 'zz'}").count, 2)
        XCTAssertEqual(all.filter("label == nil").count, 25)
        XCTAssertEqual(all.filter("label == 'even'").count, 25)
        XCTAssertEqual(all.filter("rank == 3.0").count, 7)
        XCTAssertEqual(all.filter("rank == 3.5").count, 0)
        XCTAssertEqual(all.where { $0.group == "g2" }.count, 10)

        try realm.write {
            for t in all.filter("group == 'g1'") { t.group = "moved" }
            realm.delete(all.filter("rank == 3"))
        }
        XCTAssertEqual(all.filter("group == 'g1'").count, 0)
        let moved = all.filter("group == 'moved'")
        XCTAssertEqual(moved.count, 9, "value 31 (rank 3) was deleted")
        XCTAssertEqual(Set(moved.map(\.value)), Set([1, 6, 11, 16, 21, 26, 31, 36, 41, 46].filter { $0 % 7 != 3 }))
        XCTAssertEqual(all.filter("rank == 3").count, 0)
        XCTAssertEqual(all.filter("code == 'c3'").count, 0)
        XCTAssertEqual(all.count, 43)
    }

    func testIndexedLookupAgreesWithCaseInsensitiveScan() throws {
        let realm = try Realm(configuration: memoryConfiguration([IndexedThing.self]))
        try realm.write {
            realm.create(IndexedThing.self, value: ["code": "A", "group": "Red"])
            realm.create(IndexedThing.self, value: ["code": "B", "group": "red"])
        }
        let all = realm.objects(IndexedThing.self)
        XCTAssertEqual(all.filter("group == 'red'").map(\.code), ["B"])
        XCTAssertEqual(all.filter("group ==[c] 'red'").count, 2)
        XCTAssertEqual(all.filter("group IN {'Red'}").map(\.code), ["A"])
    }

    func testLongIndexedStringsAreDistinguished() throws {
        let realm = try Realm(configuration: memoryConfiguration([IndexedThing.self]))
        let prefix = String(repeating: "x", count: 300)
        try realm.write {
            realm.create(IndexedThing.self, value: ["code": prefix + "1", "group": prefix + "a"])
            realm.create(IndexedThing.self, value: ["code": prefix + "2", "group": prefix + "b"])
        }
        let all = realm.objects(IndexedThing.self)
        XCTAssertEqual(all.filter("group == $0", prefix + "b").map(\.code), [prefix + "2"])
        XCTAssertEqual(realm.object(ofType: IndexedThing.self, forPrimaryKey: prefix + "1")?.group, prefix + "a")
        assertRealmError(try realm.write { realm.create(IndexedThing.self, value: ["code": prefix + "1"]) }) {
            if case .duplicatePrimaryKey = $0 { true } else { false }
        }
    }

    /// Strings around the length the index keeps whole (200 bytes), with zero bytes: the index
    /// answers without re-reading the ones it holds whole and re-checks the others.
    func testIndexedStringsAroundTheWholeValueLimitAndWithZeroBytes() throws {
        let realm = try Realm(configuration: memoryConfiguration([IndexedThing.self]))
        let names = [199, 200, 201, 250].flatMap { n in
            ["a", "b"].map { String(repeating: "y", count: n - 1) + $0 }
        } + ["z\u{0}", "z\u{0}\u{0}", "z", ""]
        try realm.write {
            for (i, name) in names.enumerated() { realm.create(IndexedThing.self, value: ["code": "k\(i)", "group": name, "value": i]) }
        }
        let all = realm.objects(IndexedThing.self)
        for (i, name) in names.enumerated() {
            XCTAssertEqual(all.filter("group == %@", name).map(\.value), [i], "\(name.utf8.count) bytes")
        }
        XCTAssertEqual(all.filter("group IN %@", [names[7], names[0], names[7], "absent"]).map(\.value), [0, 7])
    }

    /// Objects made from an index query's results read the right values, also when objects were
    /// inserted and deleted after the query was evaluated.
    func testIndexResultsStayRightAcrossInsertsAndDeletes() throws {
        let realm = try Realm(configuration: memoryConfiguration([IndexedThing.self]))
        try realm.write {
            for i in 0..<2_000 { realm.create(IndexedThing.self, value: ["code": "c\(i)", "group": "g\(i % 3)", "value": i]) }
        }
        let g1 = realm.objects(IndexedThing.self).filter("group == %@", "g1")
        var seen: [Int] = []
        try realm.write {
            for (n, thing) in g1.enumerated() {
                seen.append(thing.value)
                if n == 10 {
                    for i in 2_000..<2_600 { realm.create(IndexedThing.self, value: ["code": "c\(i)", "group": "g9", "value": i]) }
                    realm.delete(realm.objects(IndexedThing.self).filter("group == 'g0'"))
                }
            }
        }
        XCTAssertEqual(seen, Array(stride(from: 1, to: 2_000, by: 3)))
        XCTAssertEqual(realm.objects(IndexedThing.self).filter("group == %@", "g1").map(\.value), seen)
        // The same text with other arguments, and a malformed text every time it is used.
        XCTAssertEqual(realm.objects(IndexedThing.self).filter("group == %@", "g9").count, 600)
        for _ in 0..<2 {
            XCTAssertThrowsError(try realm.objects(IndexedThing.self).filtered("group == "))
        }
    }
}
