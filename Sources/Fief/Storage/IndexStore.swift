import FiefStorage
import Foundation

/// An index of one property: a tree whose keys are the encoded value followed by a chunk start
/// (8 bytes big-endian), each entry listing the keys of objects with that value from its start
/// on (``IndexChunk``; FORMAT.md, "Index trees"). A value shared by a few objects takes one
/// entry; one shared by many is split into chunks of ``IndexChunk/maximumBytes``. Equality
/// lookups seek to the value's prefix. Values longer than the key limit are indexed by a prefix
/// and the candidates re-checked by the caller.
struct IndexStore {
    let txn: Transaction
    let column: ColumnBinding
    /// Caches the index tree handle for the rest of the transaction, when given.
    var directory: ClusterDirectory? = nil

    /// The longest encoded value kept whole in an index key.
    static let maximumValueBytes = 200

    /// The index key prefix for `value`, at most `limit` bytes (long values are cut: lookups
    /// re-check the candidates' values).
    static func encode(_ value: StoredValue, limit: Int) -> [UInt8] {
        let out = encode(value)
        return out.count <= limit ? out : Array(out.prefix(limit))
    }

    static func encode(_ value: StoredValue) -> [UInt8] {
        switch value {
        case .null: return [0]
        case .bool(let b): return [1, b ? 1 : 0]
        case .int(let i): return [2] + ClusterKey.bigEndian(UInt64(bitPattern: i) ^ (1 << 63))
        case .string(var s): // withUTF8 makes a bridged string contiguous first
            return s.withUTF8 { utf8 in
                withTerminated(tag: 3, UnsafeBufferPointer(rebasing: utf8.prefix(maximumValueBytes)), spare: 0) { buffer, count in
                    Array(UnsafeBufferPointer(rebasing: buffer[..<count]))
                }
            }
        case .date(let d): return [4] + ClusterKey.bigEndian(d.timeIntervalSinceReferenceDate.bitPattern)
        case .objectId(let o): return [5] + o.bytes
        case .uuid(let u): return [6] + withUnsafeBytes(of: u.uuid) { Array($0) }
        default:
            var tagged: [UInt8] = []
            CellCoding.appendTagged(value, to: &tagged)
            return Array(tagged.prefix(maximumValueBytes)).withUnsafeBufferPointer { bytes in
                withTerminated(tag: 7, bytes, spare: 0) { buffer, count in Array(UnsafeBufferPointer(rebasing: buffer[..<count])) }
            }
        }
    }

    /// Calls `body` with a stack buffer holding `tag`, then `bytes` with each 0x00 escaped as
    /// 0x00 0xFF, then 0x00 0x00 (so no encoded value is a prefix of another, and the entries of
    /// one value are contiguous in the tree), and the count of those bytes; `spare` more bytes
    /// are free after them.
    private static func withTerminated<Result>(tag: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, spare: Int,
                                               _ body: (UnsafeMutableBufferPointer<UInt8>, Int) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * bytes.count + 3 + spare) { buffer in
            buffer[0] = tag
            var count = 1
            if let base = bytes.baseAddress, memchr(base, 0, bytes.count) == nil {
                // Most values have no zero byte to escape: one copy.
                UnsafeMutableRawPointer(buffer.baseAddress! + 1).copyMemory(from: base, byteCount: bytes.count)
                count += bytes.count
            } else {
                for byte in bytes {
                    buffer[count] = byte
                    count += 1
                    if byte == 0 {
                        buffer[count] = 0xFF
                        count += 1
                    }
                }
            }
            buffer[count] = 0
            buffer[count + 1] = 0
            return try body(buffer, count + 2)
        }
    }

    private func tree(create: Bool) throws -> Tree? {
        guard let name = column.indexTree else { return nil }
        if let cached = directory?.indexTrees[column.column] { return cached }
        var tree = try txn.tree(name)
        if tree == nil && create { tree = try txn.createTree(name) }
        if let tree { directory?.indexTrees[column.column] = tree }
        return tree
    }

    /// Records that object `key` has `value`: the key joins the chunk of `value` whose start is
    /// the greatest not above it, or starts a chunk of its own.
    func add(_ value: StoredValue, _ key: UInt64) throws {
        guard let tree = try tree(create: true) else { return }
        // One descent finds the chunk and writes it back; a key after the chunk's last (objects
        // inserted in key order) extends its value without decoding it into an array.
        var step = AddStep.done
        try Self.withEntry(value, key: key, limit: tree.maximumKeySize - 8) { probe, prefixCount in
            try tree.updateFloorEntry(probe) { k, v -> FloorUpdate in
                guard let k, let v, let start = Self.chunkStart(k, probe: probe, prefixCount: prefixCount) else { return .insert([]) }
                switch IndexChunk.append(key, to: v, start: start) {
                case .extended(let value): return .replaceValue(value)
                // A full chunk and a key after its last: the key starts the next chunk, which
                // leaves the full one as it is (chunks filled in key order stay full).
                case .startsNext: return .insert([])
                case .malformed: step = .malformed(start)
                case .inside:
                    var keys: [UInt64] = []
                    step = IndexChunk.decode(v, start: start, into: &keys)
                        ? .rewrite(start, keys, prefix: Array(probe.prefix(prefixCount))) : .malformed(start)
                }
                return .keep
            }
        }
        switch step {
        case .done:
            return
        case .rewrite(let start, var keys, let prefix):
            var position = keys.count
            while position > 0 && keys[position - 1] > key { position -= 1 }
            if position > 0 && keys[position - 1] == key { return }
            keys.insert(key, at: position)
            try write(tree, prefix: prefix, start: start, keys: keys[...])
        case .malformed(let start):
            throw corruptEntry(start)
        }
    }

    /// Calls `body` with the index entry of object `key` with `value` (the encoded value, cut to
    /// `limit` bytes, then the key big-endian) and the encoded value's length. A string is
    /// encoded on the stack: an insert into a class with an indexed string allocates nothing
    /// for its index entry.
    static func withEntry<Result>(_ value: StoredValue, key: UInt64, limit: Int,
                                  _ body: (UnsafeRawBufferPointer, Int) throws -> Result) rethrows -> Result {
        guard case .string(var string) = value else {
            var entry = encode(value, limit: limit)
            let prefixCount = entry.count
            withUnsafeBytes(of: key.bigEndian) { entry.append(contentsOf: $0) }
            return try entry.withUnsafeBytes { try body($0, prefixCount) }
        }
        return try string.withUTF8 { utf8 in
            try withTerminated(tag: 3, UnsafeBufferPointer(rebasing: utf8.prefix(maximumValueBytes)), spare: 8) { buffer, count in
                let prefixCount = min(count, limit)
                withUnsafeBytes(of: key.bigEndian) { keyBytes in
                    for i in 0..<8 { buffer[prefixCount + i] = keyBytes[i] }
                }
                return try body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<(prefixCount + 8)])), prefixCount)
            }
        }
    }

    /// What is left to do after adding a key, decided while reading the chunk it belongs to.
    private enum AddStep {
        /// Nothing: the key started a chunk of its own or was appended to its chunk.
        case done
        /// The chunk at this start, decoded, takes the key among its keys; the entry's encoded
        /// value is `prefix`.
        case rewrite(UInt64, [UInt64], prefix: [UInt8])
        /// The chunk at this start cannot be decoded.
        case malformed(UInt64)
    }

    /// Records that object `key` no longer has `value`.
    func remove(_ value: StoredValue, _ key: UInt64) throws {
        guard let tree = try tree(create: false) else { return }
        var entry = Self.encode(value, limit: tree.maximumKeySize - 8)
        let prefixCount = entry.count
        withUnsafeBytes(of: key.bigEndian) { entry.append(contentsOf: $0) }
        let chunk = try entry.withUnsafeBytes { probe in
            try tree.withFloorEntry(probe) { k, v -> (start: UInt64, keys: [UInt64]?)? in
                guard let start = Self.chunkStart(k, probe: probe, prefixCount: prefixCount) else { return nil }
                var keys: [UInt64] = []
                return (start, IndexChunk.decode(v, start: start, into: &keys) ? keys : nil)
            }
        } ?? nil
        guard let chunk else { return }
        guard var keys = chunk.keys else { throw corruptEntry(chunk.start) }
        guard let position = keys.firstIndex(of: key) else { return }
        keys.remove(at: position)
        try write(tree, prefix: Array(entry.prefix(prefixCount)), start: chunk.start, keys: keys[...])
    }

    /// Stores `keys` as the chunk at `start`, split in halves (the upper half under its first
    /// key) until each half's encoding fits ``IndexChunk/maximumBytes``; no keys removes the
    /// chunk's entry.
    private func write(_ tree: Tree, prefix: [UInt8], start: UInt64, keys: ArraySlice<UInt64>) throws {
        var entry = prefix
        withUnsafeBytes(of: start.bigEndian) { entry.append(contentsOf: $0) }
        if keys.isEmpty {
            try tree.delete(entry)
            return
        }
        if keys.count < 2 || IndexChunk.size(keys, start: start) <= IndexChunk.maximumBytes {
            try tree.put(entry, IndexChunk.encode(keys, start: start))
            return
        }
        let middle = keys.startIndex + keys.count / 2
        try write(tree, prefix: prefix, start: start, keys: keys[..<middle])
        try write(tree, prefix: prefix, start: keys[middle], keys: keys[middle...])
    }

    /// The start of the chunk whose entry key is `k`, if that entry belongs to the value whose
    /// encoding is the first `prefixCount` bytes of `probe` (that prefix, then 8 bytes).
    private static func chunkStart(_ k: UnsafeRawBufferPointer, probe: UnsafeRawBufferPointer, prefixCount: Int) -> UInt64? {
        guard k.count == prefixCount + 8, memcmp(probe.baseAddress!, k.baseAddress!, prefixCount) == 0 else { return nil }
        return UInt64(bigEndian: k.loadUnaligned(fromByteOffset: prefixCount, as: UInt64.self))
    }

    private func corruptEntry(_ start: UInt64) -> RealmError {
        .internalError("corrupt index entry in tree \(column.indexTree ?? "?"): the keys listed for the chunk at \(start) "
                       + "are truncated, out of order or past 2^64 − 1")
    }

    /// The keys of objects whose value encodes like `value`, in key order, and whether that
    /// means equal: `exact` is false where the index key holds only a prefix of the value (long
    /// strings and values, which the caller re-checks) or the encoding is not one-to-one
    /// (floating-point and other tagged values).
    func keys(equalTo value: StoredValue) throws -> (keys: [UInt64], exact: Bool) {
        guard let tree = try tree(create: false) else { return ([], true) }
        let limit = tree.maximumKeySize - 8
        let prefix = Self.encode(value, limit: limit)
        var keys: [UInt64] = []
        keys.reserveCapacity(8) // most values name a few objects: one allocation, no regrowth
        var malformedStart: UInt64?
        try prefix.withUnsafeBytes { probe in
            try tree.forEach(from: prefix) { k, v in
                guard let start = Self.chunkStart(k, probe: probe, prefixCount: prefix.count) else { return false }
                guard IndexChunk.decode(v, start: start, into: &keys) else { malformedStart = start; return false }
                return true
            }
        }
        if let malformedStart { throw corruptEntry(malformedStart) }
        let exact = switch value {
        case .null, .bool, .int, .objectId, .uuid: true
        case .string(let s): s.utf8.count <= Self.maximumValueBytes && prefix.count < limit
        default: false
        }
        return (keys, exact)
    }
}
