/// A hybrid logical clock: timestamps that follow physical time but never run backwards and
/// always exceed every timestamp the clock has seen, so a write made after seeing another is
/// ordered after it even when the two devices' clocks disagree.
///
/// A timestamp is one `UInt64`: milliseconds since 2020-01-01 UTC in the high 48 bits and a
/// logical counter in the low 16 (FORMAT.md, part II, "Sync history"). The clock holds no
/// source of time itself: callers pass the physical time, so it is deterministic under test.
///
/// ```swift
/// var clock = HybridLogicalClock()
/// let t1 = clock.tick(physicalMilliseconds: now)          // a local write
/// clock.observe(remoteTimestamp)                            // a download
/// let t2 = clock.tick(physicalMilliseconds: now)          // t2 > remoteTimestamp
/// ```
@_spi(Sync) public struct HybridLogicalClock: Hashable, Sendable {
    /// The newest timestamp this clock has issued or seen.
    public private(set) var latest: UInt64

    /// Milliseconds between the Unix epoch and 2020-01-01 UTC, the clock's epoch.
    public static let epochOffsetMilliseconds: UInt64 = 1_577_836_800_000

    public init(latest: UInt64 = 0) { self.latest = latest }

    /// The physical part of a timestamp, in milliseconds since the clock's epoch.
    public static func milliseconds(of timestamp: UInt64) -> UInt64 { timestamp >> 16 }

    /// A timestamp for physical time `milliseconds` (since the clock's epoch) and counter 0.
    public static func timestamp(milliseconds: UInt64) -> UInt64 { min(milliseconds, (1 << 48) - 1) << 16 }

    /// Milliseconds since the clock's epoch for a Unix time in seconds.
    public static func milliseconds(unixTime: Double) -> UInt64 {
        let ms = unixTime * 1000
        guard ms.isFinite, ms > Double(epochOffsetMilliseconds) else { return 0 }
        return UInt64(ms) - epochOffsetMilliseconds
    }

    /// Issues a timestamp for a local event: the physical time if it is ahead of everything seen,
    /// otherwise one more than the latest timestamp.
    public mutating func tick(physicalMilliseconds: UInt64) -> UInt64 {
        let physical = Self.timestamp(milliseconds: physicalMilliseconds)
        latest = physical > latest ? physical : latest &+ 1
        return latest
    }

    /// Takes in a timestamp from another device, so that later local events order after it.
    public mutating func observe(_ timestamp: UInt64) {
        if timestamp > latest { latest = timestamp }
    }
}
