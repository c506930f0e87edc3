/// Reads fuzzer bytes front to back. Past the end every read yields zeros, so decoding never
/// fails; ``isExhausted`` tells the caller to stop.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been consumed.
    public var isExhausted: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next two bytes as a little-endian integer.
    public mutating func u16() -> UInt16 {
        UInt16(byte()) | UInt16(byte()) << 8
    }

    /// The next `count` bytes, zero-padded past the end.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in byte() }
    }
}

/// SplitMix64: deterministic pseudo-random bytes for values, so inputs replay exactly.
public struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` pseudo-random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count + 8)
        while out.count < count {
            let word = next()
            for shift in stride(from: 0, to: 64, by: 8) where out.count < count {
                out.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return out
    }
}
