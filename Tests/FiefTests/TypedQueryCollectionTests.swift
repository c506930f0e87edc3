import Fief
import XCTest

/// Typed queries on lists and sets: comparisons on any element, `contains` and `containsAny(in:)`.
final class TypedQueryCollectionTests: KennelQueryTestCase {
    func testComparisonsMatchAnyElement() {
        check({ $0.scores == 5 }, "ANY scores == 5", ["A"])
        check({ $0.scores > 4 }, "ANY scores > 4", ["A"])
        check({ $0.scores <= 1 }, "ANY scores <= 1", ["A"])
        check({ $0.scores != 4 }, "ANY scores != 4", ["A"])
        check({ $0.dogs.age > 5 }, "ANY dogs.age > 5", ["A"])
        check({ $0.dogs.name.in(["Fido", "Rex"]) }, "ANY dogs.name IN {'Fido', 'Rex'}", ["A", "B"])
    }

    func testContainsAndContainsAny() {
        check({ $0.scores.contains(4) }, "4 IN scores", ["B"])
        check({ $0.scores.containsAny(in: [4, 9]) }, "ANY scores IN {4, 9}", ["A", "B"])
        check({ $0.scores.containsAny(in: [42]) }, "ANY scores IN {42}", [])
        check({ !$0.scores.containsAny(in: [1]) }, "NOT (ANY scores IN {1})", ["B", "C"])
        check({ $0.ratings.containsAny(in: [1.0, 4.0]) }, "ANY ratings IN {1.0, 4.0}", ["A", "C"])
        check({ $0.scores.containsAny(in: [4]) && $0.dogs.count == 1 }, "ANY scores IN {4} AND dogs.@count == 1", ["B"])
    }
}
