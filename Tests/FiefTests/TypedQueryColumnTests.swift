import Fief
import XCTest

/// Typed queries comparing two properties of the same object.
final class TypedQueryColumnTests: KennelQueryTestCase {
    func testPropertyToPropertyComparisons() {
        check({ $0.used > $0.capacity }, "used > capacity", ["A"])
        check({ $0.used == $0.capacity }, "used == capacity", ["B"])
        check({ $0.used <= $0.capacity }, "used <= capacity", ["B", "C"])
        check({ $0.used != $0.capacity }, "used != capacity", ["A", "C"])
        check({ $0.dogs.age.sum >= $0.capacity }, "dogs.@sum.age >= capacity", ["A"])
        check({ $0.scores.max < $0.capacity }, "scores.@max < capacity", ["A", "B"])
    }
}
