import Fief
import XCTest

/// Typed queries on the stored value of enums (`rawValue`) and custom-persisted types
/// (`persistableValue`).
final class TypedQueryRawValueTests: KennelQueryTestCase {
    func testEnumRawValues() {
        check({ $0.mood.rawValue.starts(with: "gr") }, "mood BEGINSWITH 'gr'", ["B"])
        check({ $0.mood.rawValue == "sleepy" }, "mood == 'sleepy'", ["C"])
        check({ $0.mood.persistableValue == "happy" }, "mood == 'happy'", ["A"])
        check({ $0.oldMood.rawValue == nil }, "oldMood == nil", ["A"])
        check({ $0.oldMood.rawValue.contains("app") }, "oldMood CONTAINS 'app'", ["C"])
        check({ $0.moods.rawValue.containsAny(in: ["sleepy", "grumpy"]) }, "ANY moods IN {'sleepy', 'grumpy'}", ["A", "B"])
        check({ $0.moods.rawValue.contains("happy") }, "'happy' IN moods", ["A"])
        check({ $0.moods.persistableValue.containsAny(in: ["grumpy"]) }, "ANY moods IN {'grumpy'}", ["B"])
        check({ $0.moodByDay.rawValue["mon"] == "grumpy" }, "moodByDay.mon == 'grumpy'", ["B"])
        check({ $0.maybeMoods.rawValue == nil }, "ANY maybeMoods == nil", ["A"])
        check({ $0.maybeMoods.rawValue.containsAny(in: ["grumpy"]) }, "ANY maybeMoods IN {'grumpy'}", ["B"])
    }

    func testCustomPersistableValues() {
        check({ $0.temperature.persistableValue > 20.0 }, "temperature > 20.0", ["B", "C"])
        check({ $0.temperature.persistableValue.contains(18.0...25.0) }, "temperature BETWEEN {18.0, 25.0}", ["A", "B"])
        check({ $0.temperature == Celsius(25) }, "temperature == 25.0", ["B"])
        check({ $0.readings.persistableValue.max > 30.0 }, "readings.@max > 30.0", ["A"])
        check({ $0.readings.persistableValue.containsAny(in: [22.0]) }, "ANY readings IN {22.0}", ["B"])
    }
}
