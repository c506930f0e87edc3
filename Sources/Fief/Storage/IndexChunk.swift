/// The object keys one index entry lists for one value (FORMAT.md II.10, "Index trees").
///
/// An entry's key ends with the chunk's *start* (u64 big-endian), which is no greater than any
/// key in the chunk; its value lists the keys in ascending order as varints: the first one less
/// the start, then each one less the one before it. An empty value stands for exactly one key,
/// the start itself, which is also how files written before chunks (one entry per object)
/// read.
enum IndexChunk {
    /// The encoded size above which a chunk is split in two, keeping entries inline in their
    /// leaf and a change to one value's objects cheap however many objects share it.
    static let maximumBytes = 256

    /// The value that lists `keys` (ascending, not empty) under `start` (`≤ keys[0]`).
    static func encode(_ keys: ArraySlice<UInt64>, start: UInt64) -> [UInt8] {
        guard keys.count > 1 || keys.first != start else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(keys.count * 3)
        var previous = start
        for key in keys {
            CellCoding.appendVarint(key &- previous, to: &out)
            previous = key
        }
        return out
    }

    /// Appends the keys that `value` lists under `start` to `keys`; nil if the value is
    /// malformed (a truncated varint, a key past 2^64 − 1, or keys not strictly ascending).
    static func decode(_ value: UnsafeRawBufferPointer, start: UInt64, into keys: inout [UInt64]) -> Bool {
        guard !value.isEmpty else { keys.append(start); return true }
        var reader = ByteReader(value)
        var previous = start
        var first = true
        while reader.remaining > 0 {
            guard let delta = reader.varint(), first || delta > 0 else { return false }
            let (key, overflow) = previous.addingReportingOverflow(delta)
            guard !overflow else { return false }
            keys.append(key)
            previous = key
            first = false
        }
        return true
    }

    /// The value that lists the keys `value` lists under `start` and then `key`, when `key` is
    /// greater than all of them and the result fits ``maximumBytes``; nil otherwise, or when
    /// `value` is malformed. Objects inserted in key order take this path: the value is
    /// extended as it is, without decoding it into an array.
    static func appending(_ key: UInt64, to value: UnsafeRawBufferPointer, start: UInt64) -> [UInt8]? {
        guard let last = lastKey(value, start: start), key > last else { return nil }
        let delta = key - last
        let size = Swift.max(value.count, 1) + varintSize(delta)
        guard size <= maximumBytes else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(size)
        if value.isEmpty { out.append(0) } else { out.append(contentsOf: value) } // [start] is 0 then
        CellCoding.appendVarint(delta, to: &out)
        return out
    }

    /// The greatest key that `value` lists under `start`, without decoding the others into an
    /// array; nil if the value is malformed.
    static func lastKey(_ value: UnsafeRawBufferPointer, start: UInt64) -> UInt64? {
        var last = start
        var reader = ByteReader(value)
        var first = true
        while reader.remaining > 0 {
            guard let delta = reader.varint(), first || delta > 0 else { return nil }
            let (next, overflow) = last.addingReportingOverflow(delta)
            guard !overflow else { return nil }
            last = next
            first = false
        }
        return last
    }

    /// The encoded size of `keys` under `start`, without encoding them.
    static func size(_ keys: ArraySlice<UInt64>, start: UInt64) -> Int {
        guard keys.count > 1 || keys.first != start else { return 0 }
        var size = 0
        var previous = start
        for key in keys {
            size += varintSize(key &- previous)
            previous = key
        }
        return size
    }

    private static func varintSize(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }
}
