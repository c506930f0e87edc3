@testable import Fief
import XCTest

final class ClusterDirectoryTests: XCTestCase {
    private func reference(_ key: UInt64, _ starts: [UInt64]) -> Int {
        starts.firstIndex { $0 > key } ?? starts.count
    }

    /// The binary search agrees with a linear scan, for starts spread evenly,
    /// unevenly, near the top of the key space (integer primary keys flip the sign bit), and
    /// for keys below, on, between and above the starts.
    func testFirstIndexAboveAgreesWithAScan() {
        var rng = SplitMix64(state: 0xC105_7E85)
        for round in 0..<300 {
            let count = Int.random(in: 0..<600, using: &rng)
            let base: UInt64 = [0, 1 << 63, UInt64.max - (1 << 40)][round % 3]
            var starts: [UInt64] = []
            var next = base &+ UInt64.random(in: 0..<1_000, using: &rng)
            for _ in 0..<count {
                starts.append(next)
                // Even gaps, gaps that grow, or a few huge jumps.
                let gap: UInt64 = switch round % 4 {
                case 0: 500
                case 1: UInt64.random(in: 1..<2_000, using: &rng)
                case 2: UInt64(starts.count) * UInt64(starts.count) + 1
                default: Int.random(in: 0..<20, using: &rng) == 0 ? 1 << 30 : 7
                }
                guard next <= UInt64.max - gap else { break }
                next += gap
            }
            var probes: [UInt64] = [0, UInt64.max, base]
            for start in starts.prefix(50) + starts.suffix(50) { probes += [start, start &- 1, start &+ 1] }
            for _ in 0..<200 {
                if let first = starts.first, let last = starts.last, first < last {
                    probes.append(UInt64.random(in: first...last, using: &rng))
                }
                probes.append(UInt64.random(in: 0...UInt64.max, using: &rng))
            }
            for key in probes {
                XCTAssertEqual(ClusterDirectory.firstIndex(above: key, in: starts), reference(key, starts),
                               "key \(key), \(starts.count) starts, round \(round)")
            }
        }
    }
}
