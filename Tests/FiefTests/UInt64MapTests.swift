@testable import Fief
import XCTest

/// `UInt64Map` agrees with `Dictionary` through random additions, replacements and removals,
/// including removals in the middle of long probe runs (few slots, keys that collide).
final class UInt64MapTests: XCTestCase {
    func testRandomOperationsAgreeWithDictionary() {
        var rng = SplitMix64(state: 0x0164_3A9B)
        for keySpace in [8, 40, 1_000] as [UInt64] {
            var map = UInt64Map<Int>()
            var model: [UInt64: Int] = [:]
            for step in 0..<20_000 {
                let key = UInt64.random(in: 0..<keySpace, using: &rng) &* 0x1_0000_0001
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    XCTAssertEqual(map.remove(key), model.removeValue(forKey: key), "removing \(key) at step \(step)")
                } else {
                    map.set(step, for: key)
                    model[key] = step
                }
                XCTAssertEqual(map.count, model.count)
                if step % 97 == 0 {
                    for probe in 0..<keySpace {
                        let k = probe &* 0x1_0000_0001
                        XCTAssertEqual(map[k], model[k], "key \(k) at step \(step)")
                    }
                    XCTAssertEqual(Set(map.keys), Set(model.keys))
                }
            }
        }
    }

    func testRemovingAnAbsentKeyChangesNothing() {
        var map = UInt64Map<String>()
        XCTAssertNil(map.remove(3))
        map.set("a", for: 3)
        XCTAssertNil(map.remove(4))
        XCTAssertEqual(map[3], "a")
        XCTAssertEqual(map.remove(3), "a")
        XCTAssertEqual(map.count, 0)
        XCTAssertNil(map[3])
    }
}
