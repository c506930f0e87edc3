/// SplitMix64: a tiny deterministic pseudo-random generator (Steele, Lea and Flood, 2014).
///
/// Every key, value and order in the benchmark comes from it with a fixed seed, so each engine
/// receives exactly the same data in exactly the same order, run after run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 pseudo-random bits.
    @inline(__always)
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A number in `0..<bound` (multiply-shift reduction; its bias is negligible for the bounds
    /// used here, all far below 2^64).
    @inline(__always)
    mutating func next(below bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// The SplitMix64 finalizer: a bijective 64-bit mixing function, also used as a hash.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The indices `0..<count` in a pseudo-random order (Fisher–Yates), fixed by `seed`.
    static func permutation(count: Int, seed: UInt64) -> [Int] {
        var order = Array(0..<count)
        var random = SplitMix64(seed: seed)
        var i = count - 1
        while i > 0 {
            order.swapAt(i, random.next(below: i + 1))
            i -= 1
        }
        return order
    }
}
