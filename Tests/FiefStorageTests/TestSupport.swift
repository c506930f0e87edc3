import Foundation
@testable import FiefStorage

/// A fresh temporary directory, removed by the caller's `defer`.
func makeTemporaryDirectory(_ name: String = #function) -> String {
    let path = NSTemporaryDirectory() + "fief-tests-\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func removeDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// Big-endian bytes of an integer, so numeric order matches key order.
func key(_ n: Int, width: Int = 8) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: n >> (8 * (width - 1 - $0))) }
}

/// Deterministic pseudo-random numbers (SplitMix64) so failures reproduce.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
