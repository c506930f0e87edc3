#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An order-independent summary of a set of entries: how many, how many value bytes, and the
/// wrapping sum of a hash of each key bound to its value.
///
/// Every workload that reads folds what it read into a digest and compares it with the digest of
/// what the store should hold, so an engine that skipped work, lost a write or returned a value
/// under the wrong key is caught. All engines pay the same hashing cost per entry.
struct Digest: Equatable, Codable, Sendable, CustomStringConvertible {
    var count = 0
    var valueBytes = 0
    var hash: UInt64 = 0

    /// Adds one entry.
    @inline(__always)
    mutating func add(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        count += 1
        valueBytes += value.count
        hash &+= SplitMix64.mix(Self.hash(key) &* 0x9E37_79B9_7F4A_7C15 ^ Self.hash(value))
    }

    /// A 64-bit hash of `bytes` (word-at-a-time multiply-xor, then a final mix).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = UInt64(bytes.count) &* 0xFF51_AFD7_ED55_8CCD
        var offset = 0
        while offset + 8 <= bytes.count {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 32
            offset += 8
        }
        while offset < bytes.count {
            h = (h ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        return SplitMix64.mix(h)
    }

    var description: String {
        "\(count) entries, \(valueBytes) value bytes, hash \(String(hash, radix: 16))"
    }
}

/// What a full ordered scan saw: the digest of its entries and whether keys strictly ascended.
struct ScanSummary: Equatable, Sendable, CustomStringConvertible {
    var digest = Digest()
    var inOrder = true

    var description: String { "\(digest)\(inOrder ? "" : ", keys out of order")" }
}

/// Builds a ``ScanSummary`` entry by entry, checking that each key sorts after the previous one
/// (bytewise, shorter first on a common prefix: the order all three engines use for blobs).
struct ScanAccumulator {
    private(set) var summary = ScanSummary()
    private var previous: [UInt8] = []

    init() {
        previous.reserveCapacity(64)
    }

    @inline(__always)
    mutating func visit(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        if summary.digest.count > 0 && !Self.ascends(previous, key) { summary.inOrder = false }
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: key)
        summary.digest.add(key: key, value: value)
    }

    private static func ascends(_ earlier: [UInt8], _ later: UnsafeRawBufferPointer) -> Bool {
        let common = min(earlier.count, later.count)
        let order = earlier.withUnsafeBytes { memcmp($0.baseAddress!, later.baseAddress!, common) }
        return order < 0 || (order == 0 && earlier.count < later.count)
    }
}
