import Fief
import XCTest

/// Typed subquery counts: `(predicate over a collection).count`.
final class TypedQuerySubqueryTests: KennelQueryTestCase {
    func testCountsObjectsMatchingTheWholePredicate() {
        check({ ($0.dogs.age > 0).count >= 2 }, "SUBQUERY(dogs, $d, $d.age > 0).@count >= 2", ["A"])
        check({ $0.dogs.name.starts(with: "F").count == 1 }, "SUBQUERY(dogs, $d, $d.name BEGINSWITH 'F').@count == 1", ["B"])
        check({ ($0.dogs.age > 2).count == 0 }, "SUBQUERY(dogs, $d, $d.age > 2).@count == 0", ["B", "C"])
        // One dog must match both conditions; without count each may match a different dog.
        check({ ($0.dogs.age < 5 && $0.dogs.weight >= 20).count > 0 },
              "SUBQUERY(dogs, $d, $d.age < 5 AND $d.weight >= 20).@count > 0", [])
        check({ $0.dogs.age < 5 && $0.dogs.weight >= 20 }, "ANY dogs.age < 5 AND ANY dogs.weight >= 20", ["A"])
        check({ (!($0.dogs.age < 5) || $0.dogs.weight < 6).count == 2 },
              "SUBQUERY(dogs, $d, NOT $d.age < 5 OR $d.weight < 6).@count == 2", [])
    }

    func testArgumentsOfSeveralParts() {
        check({ $0.name != "Z" && ($0.dogs.age > 2).count >= 1 && $0.capacity > 1 },
              "name != 'Z' AND SUBQUERY(dogs, $d, $d.age > 2).@count >= 1 AND capacity > 1", ["A"])
        check({ ($0.dogs.weight > 5).count < ($0.dogs.age > 0).count },
              "SUBQUERY(dogs, $d, $d.weight > 5).@count < SUBQUERY(dogs, $e, $e.age > 0).@count", ["B"])
        check({ $0.capacity > ($0.dogs.age > 0).count }, "capacity > SUBQUERY(dogs, $d, $d.age > 0).@count", ["A", "B", "C"])
    }

    func testCollectionAfterAToOneLink() throws {
        let realm = try makePetRealm()
        let owners = realm.objects(QOwner.self)
        XCTAssertEqual(owners.where { ($0.favorite.owners.age > 30).count == 1 }.map(\.name), ["Ann"])
        XCTAssertEqual(owners.filter("SUBQUERY(favorite.owners, $o, $o.age > 30).@count == 1").map(\.name), ["Ann"])
        XCTAssertEqual(realm.objects(QPet.self).where { ($0.owners.age < 30).count == 1 }.map(\.name).sorted(), ["Max", "Rex", "alfie"])
    }
}
