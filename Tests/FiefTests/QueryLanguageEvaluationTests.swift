@testable import Fief
import Foundation
import XCTest

final class QueryLanguageEvaluationTests: XCTestCase {
    var realm: Realm!

    override func setUpWithError() throws { realm = try makePetRealm() }
    override func tearDown() { realm = nil }

    /// Names of the pets matching `query` (sorted). Uses the throwing `filtering` so that a
    /// rejected query fails this test instead of trapping the whole test process.
    func pets(_ query: String, _ args: Any..., file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            return try realm.objects(QPet.self).filtering(query, args).map(\.name).sorted()
        } catch {
            XCTFail("query \(query) failed: \(error)", file: file, line: line)
            return ["<error>"]
        }
    }

    func owners(_ query: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            return try realm.objects(QOwner.self).filtering(query, []).map(\.name).sorted()
        } catch {
            XCTFail("query \(query) failed: \(error)", file: file, line: line)
            return ["<error>"]
        }
    }

    func testPublicFilterEntryPoint() {
        XCTAssertEqual(realm.objects(QPet.self).filter("age > 3").map(\.name).sorted(), ["Bella", "alfie"])
        XCTAssertEqual(realm.objects(QPet.self).filter("age > $0 AND name BEGINSWITH $1", 0, "R").map(\.name), ["Rex"])
    }

    func testComparisons() {
        XCTAssertEqual(pets("age > 3"), ["Bella", "alfie"])
        XCTAssertEqual(pets("age >= 3"), ["Bella", "Rex", "alfie"])
        XCTAssertEqual(pets("age < 2"), ["Max"])
        XCTAssertEqual(pets("age <= 2"), ["Max", "Ángel"])
        XCTAssertEqual(pets("age == 5"), ["Bella"])
        XCTAssertEqual(pets("age = 5"), ["Bella"])
        XCTAssertEqual(pets("age != 5").count, 4)
        XCTAssertEqual(pets("3 < age"), ["Bella", "alfie"])
        XCTAssertEqual(pets("weight >= 12.0"), ["Bella", "Rex", "alfie"])
        XCTAssertEqual(pets("weight < 10"), ["Max", "Ángel"])
        XCTAssertEqual(pets("weight == 8.25"), ["Max"])
        XCTAssertEqual(pets("vaccinated == true"), ["Max", "Rex", "alfie"])
        XCTAssertEqual(pets("vaccinated == false AND age < 3"), ["Ángel"])
        XCTAssertEqual(pets("name == 'Rex'"), ["Rex"])
        XCTAssertEqual(pets("name != 'Rex'").count, 4)
        XCTAssertEqual(pets("name ==[c] 'rex'"), ["Rex"])
    }

    func testCountMatchesEvaluation() {
        XCTAssertEqual(realm.objects(QPet.self).filter("age > 3").count, 2)
        XCTAssertEqual(realm.objects(QPet.self).filter("age > 3 AND weight < 15.0").count, 1)
        XCTAssertEqual(realm.objects(QPet.self).filter("weight < 10.0").count, 2)
        XCTAssertEqual(realm.objects(QPet.self).filter("age != 3").count, 4)
        XCTAssertEqual(realm.objects(QPet.self).count, 5)
    }

    func testNullComparisons() {
        XCTAssertEqual(pets("breed == nil"), ["Max"])
        XCTAssertEqual(pets("breed == NULL"), ["Max"])
        XCTAssertEqual(pets("breed != nil").count, 4)
        XCTAssertEqual(pets("breed == $0", String?.none as Any), ["Max"])
        XCTAssertEqual(owners("favorite == nil"), ["Bob"])
        XCTAssertEqual(owners("favorite != nil"), ["Ann"])
    }

    func testLogicalOperators() {
        XCTAssertEqual(pets("age > 3 AND name BEGINSWITH[c] 'a'"), ["alfie"])
        XCTAssertEqual(pets("age > 4 OR name == 'Max'"), ["Bella", "Max", "alfie"])
        XCTAssertEqual(pets("age > 4 || name == 'Max'"), ["Bella", "Max", "alfie"])
        XCTAssertEqual(pets("age > 1 && age < 5"), ["Rex", "Ángel"])
        XCTAssertEqual(pets("NOT (age > 2)"), ["Max", "Ángel"])
        XCTAssertEqual(pets("!(age > 2)"), ["Max", "Ángel"])
        XCTAssertEqual(pets("(age > 4 OR age < 2) AND vaccinated == true"), ["Max", "alfie"])
        XCTAssertEqual(pets("TRUEPREDICATE").count, 5)
        XCTAssertEqual(pets("FALSEPREDICATE").count, 0)
    }

    func testStringOperators() {
        XCTAssertEqual(pets("name BEGINSWITH 'a'"), ["alfie"])
        XCTAssertEqual(pets("name BEGINSWITH 'A'"), [])
        XCTAssertEqual(pets("name BEGINSWITH[c] 'A'"), ["alfie"])
        XCTAssertEqual(pets("name BEGINSWITH[cd] 'a'"), ["alfie", "Ángel"])
        XCTAssertEqual(pets("name ENDSWITH 'x'"), ["Max", "Rex"])
        XCTAssertEqual(pets("name CONTAINS 'e'"), ["Bella", "Rex", "alfie", "Ángel"])
        XCTAssertEqual(pets("name CONTAINS[c] 'B'"), ["Bella"])
        XCTAssertEqual(pets("breed CONTAINS[c] 'BOX'"), ["alfie"])
        XCTAssertEqual(pets("name LIKE '?e*'"), ["Bella", "Rex"])
        XCTAssertEqual(pets("name LIKE 'M*'"), ["Max"])
        XCTAssertEqual(pets("name LIKE 'm*'"), [])
        XCTAssertEqual(pets("name LIKE[c] 'm*'"), ["Max"])
        XCTAssertEqual(pets("name LIKE '*'").count, 5)
    }

    func testInAndBetween() {
        XCTAssertEqual(pets("name IN $0", ["Rex", "Max", "Nope"]), ["Max", "Rex"])
        XCTAssertEqual(pets("name IN {'Rex', 'Bella'}"), ["Bella", "Rex"])
        XCTAssertEqual(pets("age IN {1, 2}"), ["Max", "Ángel"])
        XCTAssertEqual(pets("NOT age IN {1, 2}").count, 3)
        XCTAssertEqual(pets("age BETWEEN {2, 5}"), ["Bella", "Rex", "Ángel"])
        XCTAssertEqual(pets("weight BETWEEN {8.25, 12}"), ["Bella", "Max"])
        XCTAssertEqual(pets("name IN $0", [String]()), [])
    }

    func testArguments() {
        XCTAssertEqual(pets("age > $0", 3), ["Bella", "alfie"])
        XCTAssertEqual(pets("age > %@", 3), ["Bella", "alfie"])
        XCTAssertEqual(pets("age > $0 AND name BEGINSWITH $1", 0, "R"), ["Rex"])
        XCTAssertEqual(pets("age > %@ AND name BEGINSWITH %@", 0, "R"), ["Rex"])
        XCTAssertEqual(pets("name == $0", "Bella"), ["Bella"])
        XCTAssertEqual(pets("weight > $0", 10.5), ["Bella", "Rex", "alfie"])
        XCTAssertEqual(pets("birthday > $0", Date(timeIntervalSince1970: 3 * 86_400)), ["Bella", "alfie"])
        XCTAssertEqual(pets("name == '%@'"), [], "a quoted %@ is a string, not an argument")
        let ann = realm.object(ofType: QOwner.self, forPrimaryKey: 1)!
        XCTAssertEqual(pets("ANY owners == $0", ann), ["Bella", "Rex"])
        let rex = realm.objects(QPet.self).filter("name == 'Rex'").first!
        XCTAssertEqual(realm.objects(QOwner.self).filter("favorite == $0", rex).map(\.name), ["Ann"])
        XCTAssertEqual(realm.objects(QOwner.self).filter("ANY pets == $0", rex).count, 2)
    }

    func testMoreArgumentShapes() {
        XCTAssertEqual(pets("name IN $0", Set(["Rex", "Bella"])), ["Bella", "Rex"])
        XCTAssertEqual(pets("name CONTAINS[c] $0", "EL"), ["Bella", "Ángel"])
        XCTAssertEqual(pets("birthday BETWEEN {$0, $1}", Date(timeIntervalSince1970: 2 * 86_400), Date(timeIntervalSince1970: 5 * 86_400)),
                       ["Bella", "Rex", "Ángel"])
        XCTAssertEqual(pets("age IN {$0, 7}", 1), ["Max", "alfie"])
        let somePets = Array(realm.objects(QPet.self).filter("name IN {'Max', 'Bella'}"))
        XCTAssertEqual(realm.objects(QOwner.self).filter("ANY pets IN $0", somePets).map(\.name).sorted(), ["Ann", "Bob"])
        XCTAssertEqual(realm.objects(QOwner.self).filter("favorite IN $0", somePets).count, 0)
    }

    func testChainedFiltersKeepArguments() {
        let r = realm.objects(QPet.self).filter("age > $0", 1).filter("age < $0", 5)
        XCTAssertEqual(r.map(\.name).sorted(), ["Rex", "Ángel"])
        let s = realm.objects(QPet.self).where { $0.age > 1 }.filter("age < $0", 5)
        XCTAssertEqual(s.map(\.name).sorted(), ["Rex", "Ángel"])
        let t = realm.objects(QPet.self).filter("age > $0", 1).where { $0.age < 5 }
        XCTAssertEqual(t.map(\.name).sorted(), ["Rex", "Ángel"])
    }

    func testListQuantifiersAndCount() {
        XCTAssertEqual(pets("ANY tags == 'big'"), ["Rex", "alfie"])
        XCTAssertEqual(pets("tags == 'big'"), ["Rex", "alfie"])
        XCTAssertEqual(pets("ALL tags == 'big'"), ["Max"])
        XCTAssertEqual(pets("NONE tags == 'big'"), ["Bella", "Max", "Ángel"])
        XCTAssertEqual(pets("tags.@count == 2"), ["Rex", "alfie"])
        XCTAssertEqual(pets("tags.@count == 0"), ["Max"])
        XCTAssertEqual(pets("tags.@size == 1"), ["Bella", "Ángel"])
        XCTAssertEqual(pets("'tiny' IN tags"), ["Ángel"])
    }

    func testLinkPaths() {
        XCTAssertEqual(owners("favorite.name == 'Rex'"), ["Ann"])
        XCTAssertEqual(owners("ANY pets.name == 'Max'"), ["Bob"])
        XCTAssertEqual(owners("pets.name == 'Rex'"), ["Ann", "Bob"])
        XCTAssertEqual(owners("ALL pets.vaccinated == true"), ["Bob"])
        XCTAssertEqual(owners("NONE pets.age > 4"), [])
        XCTAssertEqual(owners("ANY pets.tags == 'old'"), ["Bob"])
        XCTAssertEqual(owners("pets.@count == 3"), ["Bob"])
        XCTAssertEqual(owners("pets.@count > 1").count, 2)
    }

    func testCollectionAggregates() {
        XCTAssertEqual(owners("pets.@sum.age == 11"), ["Bob"])
        XCTAssertEqual(owners("pets.@sum.age == 8"), ["Ann"])
        XCTAssertEqual(owners("pets.@min.age == 1"), ["Bob"])
        XCTAssertEqual(owners("pets.@max.age == 5"), ["Ann"])
        XCTAssertEqual(owners("pets.@avg.age == 4"), ["Ann"])
        XCTAssertEqual(owners("pets.@avg.weight > 20"), ["Ann"])
        XCTAssertEqual(owners("pets.@sum.weight > 58"), ["Bob"])
    }

    func testBacklinks() {
        XCTAssertEqual(pets("owners.@count == 2"), ["Rex"])
        XCTAssertEqual(pets("owners.@count == 0"), ["Ángel"])
        XCTAssertEqual(pets("ANY owners.name == 'Ann'"), ["Bella", "Rex"])
        XCTAssertEqual(pets("owners.age > 30"), ["Bella", "Rex"])
    }

    func testLinksKeyword() {
        XCTAssertEqual(pets("@links.QOwner.pets.@count > 0"), ["Bella", "Max", "Rex", "alfie"])
        XCTAssertEqual(pets("@links.QOwner.pets.@count == 2"), ["Rex"])
        XCTAssertEqual(pets("ANY @links.QOwner.pets.name == 'Ann'"), ["Bella", "Rex"])
        XCTAssertEqual(pets("ANY @links.QOwner.favorite.id == 1"), ["Rex"])
        XCTAssertEqual(pets("@links.@count == 0"), ["Ángel"])
    }

    func testSubquery() {
        XCTAssertEqual(owners("SUBQUERY(pets, $p, $p.age > 2 AND $p.vaccinated == true).@count == 2"), ["Bob"])
        XCTAssertEqual(owners("SUBQUERY(pets, $p, $p.age > 2 AND $p.vaccinated == true).@count == 1"), ["Ann"])
        XCTAssertEqual(owners("SUBQUERY(pets, $p, $p.name BEGINSWITH 'B').@count > 0"), ["Ann"])
        XCTAssertEqual(pets("SUBQUERY(owners, $o, $o.age > 30).@count > 0"), ["Bella", "Rex"])
    }

    func testSubqueryWithArgument() throws {
        // Ann's pets are 5 and 3 years old, Bob's 7, 3 and 1: both have two older than 2.
        let r = try realm.objects(QOwner.self).filtering("SUBQUERY(pets, $p, $p.age > $0).@count == 2", [2])
        XCTAssertEqual(r.map(\.name).sorted(), ["Ann", "Bob"])
        let r3 = try realm.objects(QOwner.self).filtering("SUBQUERY(pets, $p, $p.age > $0).@count == 2", [3])
        XCTAssertEqual(r3.map(\.name), [])
    }

    func testTrailingSortDistinctLimit() {
        XCTAssertEqual(realm.objects(QPet.self).filter("age > 0 SORT(age DESC)").map(\.name), ["alfie", "Bella", "Rex", "Ángel", "Max"])
        XCTAssertEqual(realm.objects(QPet.self).filter("age > 0 SORT(age ASC) LIMIT(2)").map(\.name), ["Max", "Ángel"])
        XCTAssertEqual(realm.objects(QPet.self).filter("TRUEPREDICATE SORT(vaccinated ASC, age DESC)").map(\.name),
                       ["Bella", "Ángel", "alfie", "Rex", "Max"])
        XCTAssertEqual(realm.objects(QPet.self).filter("TRUEPREDICATE DISTINCT(vaccinated)").count, 2)
        XCTAssertEqual(realm.objects(QPet.self).filter("TRUEPREDICATE LIMIT(3)").count, 3)
        XCTAssertEqual(realm.objects(QPet.self).filter("age > 1 SORT(name ASC) LIMIT(1)").map(\.name), ["Bella"])
    }

    func testDescriptorsApplyInTheOrderWritten() {
        XCTAssertEqual(realm.objects(QPet.self).filter("TRUEPREDICATE SORT(age DESC) DISTINCT(vaccinated)").map(\.name), ["alfie", "Bella"],
                       "DISTINCT after SORT keeps the first object of each value in sorted order")
        XCTAssertEqual(realm.objects(QPet.self).sorted(byKeyPath: "age", ascending: false).distinct(by: ["vaccinated"]).map(\.name),
                       ["alfie", "Bella"])
        XCTAssertEqual(realm.objects(QPet.self).filter("TRUEPREDICATE LIMIT(2) SORT(age DESC)").map(\.name), ["Bella", "Rex"],
                       "LIMIT before SORT takes the first two, then sorts them")
    }

    func testSortingAndDistinct() {
        let all = realm.objects(QPet.self)
        XCTAssertEqual(all.sorted(byKeyPath: "age").map(\.name), ["Max", "Ángel", "Rex", "Bella", "alfie"])
        XCTAssertEqual(all.sorted(byKeyPath: "weight", ascending: false).map(\.name), ["Rex", "alfie", "Bella", "Max", "Ángel"])
        XCTAssertEqual(all.sorted(by: [SortDescriptor(keyPath: "vaccinated"), SortDescriptor(keyPath: "age", ascending: false)]).map(\.name),
                       ["Bella", "Ángel", "alfie", "Rex", "Max"])
        XCTAssertEqual(all.sorted(by: \.age).map(\.age), [1, 2, 3, 5, 7])
        XCTAssertEqual(all.sorted(by: \.age, ascending: false).map(\.age), [7, 5, 3, 2, 1])
        XCTAssertEqual(all.sorted(byKeyPath: "breed").first?.name, "Max", "nil sorts first")
        XCTAssertEqual(realm.objects(QOwner.self).sorted(byKeyPath: "favorite.name").map(\.name), ["Bob", "Ann"])
        XCTAssertEqual(all.distinct(by: ["vaccinated"]).count, 2)
        XCTAssertEqual(Set(all.distinct(by: ["vaccinated"]).map(\.vaccinated)), [true, false])
        XCTAssertEqual(all.filter("age > 1").sorted(byKeyPath: "age").map(\.age), [2, 3, 5, 7])
        XCTAssertEqual(all.sorted(byKeyPath: "age").filter("age > 1").map(\.age), [2, 3, 5, 7], "filter keeps the sort")
    }

    func testResultsAccessors() {
        let sorted = realm.objects(QPet.self).sorted(byKeyPath: "age")
        XCTAssertEqual(sorted.first?.name, "Max")
        XCTAssertEqual(sorted.last?.name, "alfie")
        XCTAssertEqual(sorted[2].name, "Rex")
        XCTAssertEqual(sorted.index(of: sorted[3]), 3)
        XCTAssertFalse(sorted.isEmpty)
        XCTAssertTrue(realm.objects(QPet.self).filter("age > 100").isEmpty)
        XCTAssertNil(realm.objects(QPet.self).filter("age > 100").first)
        XCTAssertNil(realm.objects(QPet.self).filter("age > 100").last)
        XCTAssertEqual(Array(sorted.prefix(2)).map(\.age), [1, 2])
    }

    func testAggregatesOnResults() {
        let all = realm.objects(QPet.self)
        XCTAssertEqual(all.sum(ofProperty: "age") as Int, 18)
        XCTAssertEqual(all.sum(ofProperty: "weight") as Double, 75.25, accuracy: 1e-9)
        XCTAssertEqual(all.min(ofProperty: "age") as Int?, 1)
        XCTAssertEqual(all.max(ofProperty: "age") as Int?, 7)
        XCTAssertEqual(all.average(ofProperty: "age") as Double?, 3.6)
        XCTAssertEqual(all.min(ofProperty: "weight") as Double?, 4.5)
        XCTAssertEqual(all.max(ofProperty: "name") as String?, "Ángel")
        XCTAssertEqual(all.min(ofProperty: "birthday") as Date?, Date(timeIntervalSince1970: 86_400))
        let vaccinated = all.filter("vaccinated == true")
        XCTAssertEqual(vaccinated.sum(ofProperty: "age") as Int, 11)
        XCTAssertEqual(vaccinated.max(ofProperty: "weight") as Double?, 30.5)
        let none = all.filter("age > 100")
        XCTAssertEqual(none.sum(ofProperty: "age") as Int, 0)
        XCTAssertNil(none.min(ofProperty: "age") as Int?)
        XCTAssertNil(none.average(ofProperty: "age") as Double?)
        XCTAssertEqual(all.filter("age > 1 SORT(age ASC) LIMIT(2)").sum(ofProperty: "age") as Int, 5)
    }

    func testResultsAreLive() throws {
        let old = realm.objects(QPet.self).filter("age > 3")
        XCTAssertEqual(old.count, 2)
        XCTAssertEqual(old.map(\.name).sorted(), ["Bella", "alfie"])
        try realm.write { realm.add(QPet(value: ["name": "Zed", "age": 10])) }
        XCTAssertEqual(old.count, 3)
        XCTAssertEqual(old.map(\.name).sorted(), ["Bella", "Zed", "alfie"])
        try realm.write { old.first!.age = 0 }
        XCTAssertEqual(old.count, 2)
    }

    func testResultsAreLiveInsideWriteTransaction() throws {
        let adults = realm.objects(QPet.self).filter("age > 3")
        let byAge = realm.objects(QPet.self).sorted(byKeyPath: "age")
        try realm.write {
            XCTAssertEqual(adults.map(\.name).sorted(), ["Bella", "alfie"])
            XCTAssertEqual(byAge.first?.name, "Max")
            let max = realm.objects(QPet.self).filter("name == 'Max'").first!
            max.age = 20
            XCTAssertEqual(adults.map(\.name).sorted(), ["Bella", "Max", "alfie"], "results see a property set in this write")
            XCTAssertEqual(adults.count, 3)
            XCTAssertEqual(byAge.last?.name, "Max", "sorted results re-sort after a property set in this write")
        }
    }

    func testLargeIntegersCompareExactly() throws {
        let realm = try Realm(configuration: memoryConfiguration([BigInts.self]))
        try realm.write {
            realm.add(BigInts(value: ["n": Int64(9_007_199_254_740_993)]))
            realm.add(BigInts(value: ["n": Int64.max]))
        }
        let r = realm.objects(BigInts.self)
        XCTAssertEqual(r.filter("n == 9007199254740993").count, 1)
        XCTAssertEqual(r.filter("n == 9007199254740992").count, 0, "2^53+1 must not equal 2^53")
        XCTAssertEqual(r.filter("n == 9007199254740992").map(\.n), [])
        XCTAssertEqual(r.filter("n == $0", Int64.max - 1).map(\.n), [])
        XCTAssertEqual(r.filter("n > 9007199254740992").count, 2)
        XCTAssertEqual(r.filter("n == $0", Int64.max).map(\.n), [Int64.max])
        XCTAssertEqual(r.max(ofProperty: "n") as Int64?, Int64.max)
    }
}

extension QueryLanguageEvaluationTests {
    func testMapSubscriptInQuery() throws {
        try realm.write { realm.object(ofType: QOwner.self, forPrimaryKey: 1)!.scores["math"] = 90 }
        XCTAssertEqual(owners("ANY scores.@keys == 'math'"), ["Ann"])
        XCTAssertEqual(owners("scores.math == 90"), ["Ann"])
    }

    func testQueriesInsideWriteIgnoreObjectsDeletedInIt() throws {
        try realm.write {
            realm.delete(realm.objects(QPet.self).filter("name == 'Rex'"))
            XCTAssertEqual(owners("favorite == nil"), ["Ann", "Bob"], "a link to an object deleted in this write reads as nil")
            XCTAssertEqual(owners("pets.@count == 1"), ["Ann"])
            XCTAssertEqual(realm.object(ofType: QOwner.self, forPrimaryKey: 1)?.pets.count, 1)
        }
        XCTAssertEqual(owners("favorite == nil"), ["Ann", "Bob"])
        XCTAssertEqual(owners("pets.@count == 1"), ["Ann"])
    }
}
