import Fief
import Foundation
import XCTest

/// `StringOptions` with every string comparison of typed queries, on required and optional
/// strings, checked against the same query written in the query language.
final class StringOptionsQueryTests: XCTestCase {
    var realm: Realm!

    override func setUpWithError() throws { realm = try makePetRealm() }
    override func tearDown() { realm = nil }

    func pets(_ query: (Query<QPet>) -> Query<Bool>) -> [String] {
        realm.objects(QPet.self).where(query).map(\.name).sorted()
    }

    func pets(_ format: String) -> [String] {
        realm.objects(QPet.self).filter(format).map(\.name).sorted()
    }

    func testOptionValues() {
        XCTAssertEqual(StringOptions.caseInsensitive.rawValue, 1)
        XCTAssertEqual(StringOptions.diacriticInsensitive.rawValue, 2)
        XCTAssertEqual(StringOptions(rawValue: 3), [.caseInsensitive, .diacriticInsensitive])
        XCTAssertTrue(StringOptions([]).isEmpty)
    }

    func testEqualsAndNotEqualsWithOptions() {
        XCTAssertEqual(pets { $0.name.equals("angel") }, [])
        XCTAssertEqual(pets { $0.name.equals("Angel", options: .diacriticInsensitive) }, ["Ángel"])
        XCTAssertEqual(pets { $0.name.equals("angel", options: .caseInsensitive) }, [])
        XCTAssertEqual(pets { $0.name.equals("angel", options: [.caseInsensitive, .diacriticInsensitive]) }, ["Ángel"])
        XCTAssertEqual(pets { $0.name.notEquals("rex") }, ["Bella", "Max", "Rex", "alfie", "Ángel"])
        XCTAssertEqual(pets { $0.name.notEquals("rex", options: .caseInsensitive) }, ["Bella", "Max", "alfie", "Ángel"])
        XCTAssertEqual(pets { $0.name.notEquals("ANGEL", options: [.caseInsensitive, .diacriticInsensitive]) },
                       ["Bella", "Max", "Rex", "alfie"])
        XCTAssertEqual(pets { $0.name.notEquals("ANGEL", options: [.caseInsensitive, .diacriticInsensitive]) },
                       pets("name !=[cd] 'ANGEL'"))
    }

    func testDiacriticInsensitiveAlone() {
        XCTAssertEqual(pets { $0.name.starts(with: "An", options: .diacriticInsensitive) }, ["Ángel"])
        XCTAssertEqual(pets { $0.name.starts(with: "an", options: .diacriticInsensitive) }, [])
        XCTAssertEqual(pets { $0.name.contains("nge", options: .diacriticInsensitive) }, ["Ángel"])
        XCTAssertEqual(pets { $0.name.ends(with: "EL", options: .caseInsensitive) }, ["Ángel"])
        XCTAssertEqual(pets { $0.name.starts(with: "An", options: .diacriticInsensitive) }, pets("name BEGINSWITH[d] 'An'"))
    }

    func testOptionalStringComparisons() {
        // breeds: Labrador, Beagle, nil, Boxer, chihuahua
        XCTAssertEqual(pets { $0.breed.ends(with: "R", options: .caseInsensitive) }, ["Rex", "alfie"])
        XCTAssertEqual(pets { $0.breed.ends(with: "R") }, [])
        XCTAssertEqual(pets { $0.breed.equals("BEAGLE", options: .caseInsensitive) }, ["Bella"])
        XCTAssertEqual(pets { $0.breed.equals(nil) }, ["Max"])
        XCTAssertEqual(pets { $0.breed.notEquals("beagle", options: .caseInsensitive) }, ["Max", "Rex", "alfie", "Ángel"])
        XCTAssertEqual(pets { $0.breed.notEquals(nil) }, ["Bella", "Rex", "alfie", "Ángel"])
        XCTAssertEqual(pets { $0.breed.like("b*") }, [])
        XCTAssertEqual(pets { $0.breed.like("b*", caseInsensitive: true) }, ["Bella", "alfie"])
        XCTAssertEqual(pets { $0.breed.contains("HUA", options: .caseInsensitive) }, ["Ángel"])
    }

    func testOperatorsReadAsRealmSwiftDeclaresThem() {
        // The operators take unlabelled operands, as RealmSwift's do; used through a
        // function reference, the same shapes type-check.
        let equal: (Query<Int>, Int) -> Query<Bool> = (==)
        let notEqual: (Query<Int>, Int) -> Query<Bool> = (!=)
        let not: (Query<Bool>) -> Query<Bool> = (!)
        XCTAssertEqual(pets { equal($0.age, 3) }, ["Rex"])
        XCTAssertEqual(pets { not(notEqual($0.age, 3)) }, ["Rex"])
        XCTAssertEqual(pets { $0.age.in([3, 7]) }, ["Rex", "alfie"])
    }
}
