/// How benchmark keys and values are derived from their index, identically for every engine.
///
/// A key is 16 bytes: the index as a big-endian 64-bit integer, then 8 bytes of a hash of the
/// index. Key order is therefore index order, so "sequential" means ascending keys, and the hash
/// half keeps keys from being trivially compressible. A value is a pseudo-random byte string
/// chosen by an index and a *generation*, so an update can give a key a new, known value.
enum RecordFormat {
    /// Bytes in every key.
    static let keySize = 16
    /// Bytes in every value of the main data set.
    static let valueSize = 100

    private static let keySalt: UInt64 = 0x6B65_795F_7361_6C74
    private static let valueSalt: UInt64 = 0x7661_6C75_655F_7321

    /// Writes key `index` into `bytes` (16 bytes).
    static func writeKey(_ index: Int, into bytes: UnsafeMutableRawBufferPointer) {
        precondition(bytes.count == keySize)
        bytes.storeBytes(of: UInt64(index).bigEndian, toByteOffset: 0, as: UInt64.self)
        bytes.storeBytes(of: SplitMix64.mix(UInt64(index) ^ keySalt).bigEndian, toByteOffset: 8, as: UInt64.self)
    }

    /// Fills `bytes` with the value of (`index`, `generation`).
    static func writeValue(index: Int, generation: UInt64, into bytes: UnsafeMutableRawBufferPointer) {
        var random = SplitMix64(seed: SplitMix64.mix(UInt64(index) ^ valueSalt) ^ SplitMix64.mix(generation &+ valueSalt))
        var offset = 0
        while offset + 8 <= bytes.count {
            bytes.storeBytes(of: random.next(), toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        var tail = random.next()
        while offset < bytes.count {
            bytes[offset] = UInt8(truncatingIfNeeded: tail)
            tail >>= 8
            offset += 1
        }
    }

    /// An arena of the keys with the given indices, record `i` holding key `indices[i]`.
    static func keys<Indices: Collection<Int>>(_ indices: Indices) -> RecordArena {
        let list = Array(indices)
        return RecordArena(recordSize: keySize, count: list.count) { writeKey(list[$0], into: $1) }
    }
}
