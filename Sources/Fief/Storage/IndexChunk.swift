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

    /// Appends the keys that `value` lists under `start` to `keys`; false if the value is
    /// malformed (a truncated varint, a key past 2^64 − 1, or keys not strictly ascending).
    static func decode(_ value: UnsafeRawBufferPointer, start: UInt64, into keys: inout [UInt64]) -> Bool {
        walk(value, start: start) { keys.append($0) }
    }

    /// What adding a key does to a chunk, found in one pass over its value.
    enum Append {
        /// The key goes after the last one: the chunk's new value.
        case extended([UInt8])
        /// The key goes after the last one, but the chunk is full: the key starts the next chunk.
        case startsNext
        /// The key is not after the last one: the chunk must be decoded and rewritten.
        case inside
        /// The value is malformed.
        case malformed
    }

    /// Adds `key` at the end of the chunk `value` lists under `start` when it goes there,
    /// without decoding the value into an array (objects inserted in key order take this path).
    static func append(_ key: UInt64, to value: UnsafeRawBufferPointer, start: UInt64) -> Append {
        var last = start
        guard walk(value, start: start, { last = $0 }) else { return .malformed }
        guard key > last else { return .inside }
        let delta = key - last
        let size = Swift.max(value.count, 1) + varintSize(delta)
        guard size <= maximumBytes else { return .startsNext }
        var out: [UInt8] = []
        out.reserveCapacity(size)
        if value.isEmpty { out.append(0) } else { out.append(contentsOf: value) } // [start] is 0 then
        CellCoding.appendVarint(delta, to: &out)
        return .extended(out)
    }

    /// Calls `body` with each key `value` lists under `start`, in order; false if the value is
    /// malformed.
    @inline(__always)
    private static func walk(_ value: UnsafeRawBufferPointer, start: UInt64, _ body: (UInt64) -> Void) -> Bool {
        guard !value.isEmpty else { body(start); return true }
        var reader = ByteReader(value)
        var previous = start
        var first = true
        while reader.remaining > 0 {
            guard let delta = reader.varint(), first || delta > 0 else { return false }
            let (key, overflow) = previous.addingReportingOverflow(delta)
            guard !overflow else { return false }
            body(key)
            previous = key
            first = false
        }
        return true
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
