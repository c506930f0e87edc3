import Fief
import Foundation
import XCTest

final class TypedQueryTests: XCTestCase {
    var realm: Realm!

    override func setUpWithError() throws { realm = try makePetRealm() }
    override func tearDown() { realm = nil }

    func pets(_ query: (Query<QPet>) -> Query<Bool>) -> [String] {
        realm.objects(QPet.self).where(query).map(\.name).sorted()
    }

    func testComparisons() {
        XCTAssertEqual(pets { $0.age > 3 }, ["Bella", "alfie"])
        XCTAssertEqual(pets { $0.age >= 3 }, ["Bella", "Rex", "alfie"])
        XCTAssertEqual(pets { $0.age < 2 }, ["Max"])
        XCTAssertEqual(pets { $0.age <= 2 }, ["Max", "Ángel"])
        XCTAssertEqual(pets { $0.age == 5 }, ["Bella"])
        XCTAssertEqual(pets { $0.age != 5 }.count, 4)
        XCTAssertEqual(pets { $0.weight >= 12.0 }, ["Bella", "Rex", "alfie"])
        XCTAssertEqual(pets { $0.name == "Rex" }, ["Rex"])
        XCTAssertEqual(pets { $0.birthday > Date(timeIntervalSince1970: 3 * 86_400) }, ["Bella", "alfie"])
    }

    func testOptionalsAndBools() {
        XCTAssertEqual(pets { $0.breed == nil }, ["Max"])
        XCTAssertEqual(pets { $0.breed != nil }.count, 4)
        XCTAssertEqual(pets { $0.breed == "Beagle" }, ["Bella"])
        XCTAssertEqual(pets { $0.breed.contains("eag") }, ["Bella"])
        XCTAssertEqual(pets { $0.breed.starts(with: "B") }, ["Bella", "alfie"])
        XCTAssertEqual(pets { $0.vaccinated }, ["Max", "Rex", "alfie"])
        XCTAssertEqual(pets { !$0.vaccinated }, ["Bella", "Ángel"])
        XCTAssertEqual(pets { $0.vaccinated == false }, ["Bella", "Ángel"])
        XCTAssertEqual(pets { $0.vaccinated && $0.age > 2 }, ["Rex", "alfie"])
    }

    func testCompoundAndStringOperators() {
        XCTAssertEqual(pets { $0.age > 3 && $0.name.starts(with: "a") }, ["alfie"])
        XCTAssertEqual(pets { $0.name.starts(with: "A", options: .caseInsensitive) }, ["alfie"])
        XCTAssertEqual(pets { $0.name.starts(with: "a", options: [.caseInsensitive, .diacriticInsensitive]) }, ["alfie", "Ángel"])
        XCTAssertEqual(pets { $0.name.ends(with: "x") }, ["Max", "Rex"])
        XCTAssertEqual(pets { $0.name.contains("E", options: .caseInsensitive) }, ["Bella", "Rex", "alfie", "Ángel"])
        XCTAssertEqual(pets { $0.name.like("?e*") }, ["Bella", "Rex"])
        XCTAssertEqual(pets { $0.name.like("m*", caseInsensitive: true) }, ["Max"])
        XCTAssertEqual(pets { $0.name.equals("rex", options: .caseInsensitive) }, ["Rex"])
        XCTAssertEqual(pets { $0.age > 4 || $0.name == "Max" }, ["Bella", "Max", "alfie"])
        XCTAssertEqual(pets { !($0.age > 2) }, ["Max", "Ángel"])
        XCTAssertEqual(pets { ($0.age > 4 || $0.age < 2) && $0.vaccinated }, ["Max", "alfie"])
    }

    func testInAndRange() {
        XCTAssertEqual(pets { $0.name.in(["Rex", "Max", "Nope"]) }, ["Max", "Rex"])
        XCTAssertEqual(pets { $0.age.in([1, 2]) }, ["Max", "Ángel"])
        XCTAssertEqual(pets { $0.age.contains(2...5) }, ["Bella", "Rex", "Ángel"])
        XCTAssertEqual(pets { $0.weight.contains(8.25...12.0) }, ["Bella", "Max"])
        XCTAssertEqual(pets { $0.age.contains(2..<5) }, ["Rex", "Ángel"])
        let day = { (n: Double) in Date(timeIntervalSince1970: n * 86_400) }
        XCTAssertEqual(pets { $0.birthday.contains(day(2)..<day(5)) }, ["Rex", "Ángel"])
        XCTAssertEqual(pets { $0.birthday.contains(day(2)...day(5)) }, ["Bella", "Rex", "Ángel"])
    }

    func testSortedByKeyPathsOfBoolsAndOptionals() {
        let all = realm.objects(QPet.self)
        XCTAssertEqual(all.sorted(by: \.vaccinated).map(\.vaccinated), [false, false, true, true, true])
        XCTAssertEqual(all.sorted(by: \.birthday, ascending: false).map(\.name), ["alfie", "Bella", "Rex", "Ángel", "Max"])
        XCTAssertEqual(all.distinct(by: [\QPet.vaccinated]).count, 2)
    }

    func testCollectionsAndLinks() {
        XCTAssertEqual(pets { $0.tags.count == 2 }, ["Rex", "alfie"])
        XCTAssertEqual(pets { $0.tags.count == 0 }, ["Max"])
        let owners = realm.objects(QOwner.self)
        XCTAssertEqual(owners.where { $0.pets.name == "Max" }.map(\.name), ["Bob"])
        XCTAssertEqual(owners.where { $0.pets.count == 3 }.map(\.name), ["Bob"])
        XCTAssertEqual(owners.where { $0.favorite.name == "Rex" }.map(\.name), ["Ann"])
        XCTAssertEqual(owners.where { $0.favorite == nil }.map(\.name), ["Bob"])
        let rex = realm.objects(QPet.self).where { $0.name == "Rex" }.first!
        XCTAssertEqual(owners.where { $0.favorite == rex }.map(\.name), ["Ann"])
    }

    func testTypedAndStringQueriesCompose() {
        let r = realm.objects(QPet.self).where { $0.age > 1 }.where { $0.age < 5 }
        XCTAssertEqual(r.map(\.name).sorted(), ["Rex", "Ángel"])
        XCTAssertEqual(r.count, 2)
        XCTAssertEqual(r.sorted(by: \.age).map(\.name), ["Ángel", "Rex"])
        XCTAssertEqual(realm.objects(QPet.self).where { $0.name.in(["Rex"]) || $0.age.in([1]) }.count, 2)
    }

    func testEnumTypedQuery() throws {
        let realm = try Realm(configuration: memoryConfiguration([Task2.self]))
        try realm.write {
            realm.create(Task2.self, value: ["id": 1, "priority": Priority.low])
            realm.create(Task2.self, value: ["id": 2, "priority": Priority.high])
            realm.create(Task2.self, value: ["id": 3, "priority": Priority.high, "done": true])
        }
        XCTAssertEqual(realm.objects(Task2.self).where { $0.priority == .high }.map(\.id).sorted(), [2, 3])
        XCTAssertEqual(realm.objects(Task2.self).where { $0.priority == .high && !$0.done }.map(\.id), [2])
        XCTAssertEqual(realm.objects(Task2.self).where { $0.priority.in([.low, .high]) }.count, 3)
    }
}
