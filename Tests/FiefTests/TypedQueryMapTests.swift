import Fief
import XCTest

/// Typed queries on maps: keys, values, a value by key, aggregates and membership.
final class TypedQueryMapTests: KennelQueryTestCase {
    func testKeysAndValues() {
        check({ $0.stock.keys == "balls" }, "ANY stock.@keys == 'balls'", ["A"])
        check({ $0.stock.keys.starts(with: "bo") }, "stock.@keys BEGINSWITH 'bo'", ["A", "B"])
        check({ $0.stock.values > 5 }, "ANY stock.@values > 5", ["A"])
        check({ $0.stock.values == 0 }, "stock.@values == 0", ["B"])
    }

    func testValueByKey() {
        check({ $0.stock["bones"] == 0 }, "stock.bones == 0", ["B"])
        check({ $0.stock["bones"] > 1 }, "stock.bones > 1", ["A"])
        check({ $0.stock["balls"] >= 10 && $0.stock["bones"] == 3 }, "stock.balls >= 10 AND stock.bones == 3", ["A"])
        check({ $0.stock["nothing"] == 0 }, "stock.nothing == 0", [])
    }

    func testAggregatesAndMembership() {
        check({ $0.stock.sum >= 13 }, "stock.@sum >= 13", ["A"])
        check({ $0.stock.max < 5 }, "stock.@max < 5", ["B"])
        check({ $0.stock.min == 3 }, "stock.@min == 3", ["A"])
        check({ $0.stock.avg > 6 }, "stock.@avg > 6", ["A"])
        check({ $0.stock.count == 0 }, "stock.@count == 0", ["C"])
        check({ $0.stock.contains(3) }, "3 IN stock", ["A"])
        check({ $0.stock.containsAny(in: [0, 10]) }, "ANY stock IN {0, 10}", ["A", "B"])
    }
}
