import Fief
import XCTest

/// Typed queries on `min`, `max`, `avg`, `sum` and `count` of collections of values and of a
/// property of linked objects.
final class TypedQueryAggregateTests: KennelQueryTestCase {
    func testAggregatesOfValues() {
        check({ $0.scores.min >= 4 }, "scores.@min >= 4", ["B"])
        check({ $0.scores.max == 9 }, "scores.@max == 9", ["A"])
        check({ $0.scores.sum > 10 }, "scores.@sum > 10", ["A"])
        check({ $0.scores.sum == 0 }, "scores.@sum == 0", ["C"])
        check({ $0.scores.avg == 5 }, "scores.@avg == 5", ["A"])
        check({ $0.ratings.avg > 3 }, "ratings.@avg > 3", ["A"])
        check({ $0.ratings.min < 2 }, "ratings.@min < 2", ["C"])
        check({ $0.scores.count == 0 }, "scores.@count == 0", ["C"])
    }

    func testAggregatesOfLinkedObjects() {
        check({ $0.dogs.age.avg > 3 }, "dogs.@avg.age > 3", ["A"])
        check({ $0.dogs.weight.sum >= 20 }, "dogs.@sum.weight >= 20", ["A"])
        check({ $0.dogs.age.min == 1 }, "dogs.@min.age == 1", ["B"])
        check({ $0.dogs.age.max < 5 }, "dogs.@max.age < 5", ["B"])
        check({ $0.dogs.count == 0 }, "dogs.@count == 0", ["C"])
        check({ $0.dogs.age.sum == 0 }, "dogs.@sum.age == 0", ["C"])
    }

    func testAggregatesCombine() {
        check({ $0.dogs.age.avg > 3 || $0.scores.min == 4 }, "dogs.@avg.age > 3 OR scores.@min == 4", ["A", "B"])
        check({ !($0.dogs.weight.max > 10) }, "NOT dogs.@max.weight > 10", ["B", "C"])
    }

    func testAggregatesThroughLinkingObjectsAndToOneLinks() throws {
        let realm = try makePetRealm()
        func pets(_ typed: (Query<QPet>) -> Query<Bool>, _ string: String) -> [[String]] {
            let all = realm.objects(QPet.self)
            return [all.where(typed).map(\.name).sorted(), all.filter(string).map(\.name).sorted()]
        }
        func owners(_ typed: (Query<QOwner>) -> Query<Bool>, _ string: String) -> [[String]] {
            let all = realm.objects(QOwner.self)
            return [all.where(typed).map(\.name).sorted(), all.filter(string).map(\.name).sorted()]
        }
        XCTAssertEqual(pets({ $0.owners.age.max >= 40 }, "owners.@max.age >= 40"), [["Bella", "Rex"], ["Bella", "Rex"]])
        XCTAssertEqual(pets({ $0.owners.age.avg < 30 }, "owners.@avg.age < 30"), [["Max", "alfie"], ["Max", "alfie"]])
        // The aggregate follows the collection, after the to-one link: favorite.owners.@min.age.
        XCTAssertEqual(owners({ $0.favorite.owners.age.min == 25 }, "favorite.owners.@min.age == 25"), [["Ann"], ["Ann"]])
        XCTAssertEqual(owners({ $0.pets.age.sum > 10 }, "pets.@sum.age > 10"), [["Bob"], ["Bob"]])
        XCTAssertEqual(owners({ $0.pets.weight.avg > 15 }, "pets.@avg.weight > 15"), [["Ann", "Bob"], ["Ann", "Bob"]])
    }
}
