import FiefStorage
import Foundation

/// An index of one property: a tree whose keys are the encoded value followed by the object
/// key (8 bytes big-endian), with empty values (FORMAT.md, "Index trees"). Equality lookups
/// seek to the value's prefix. Values longer than the key limit are indexed by a prefix and
/// the candidates re-checked by the caller.
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
        var out: [UInt8] = []
        switch value {
        case .null: out = [0]
        case .bool(let b): out = [1, b ? 1 : 0]
        case .int(let i): out = [2] + ClusterKey.bigEndian(UInt64(bitPattern: i) ^ (1 << 63))
        case .string(let s):
            out.reserveCapacity(min(s.utf8.count, maximumValueBytes) + 11)
            out.append(3)
            var s = s // withUTF8 makes a bridged string contiguous first
            s.withUTF8 { appendTerminated(UnsafeBufferPointer(rebasing: $0.prefix(maximumValueBytes)), to: &out) }
        case .date(let d): out = [4] + ClusterKey.bigEndian(d.timeIntervalSinceReferenceDate.bitPattern)
        case .objectId(let o): out = [5] + o.bytes
        case .uuid(let u): out = [6] + withUnsafeBytes(of: u.uuid) { Array($0) }
        default: CellCoding.appendTagged(value, to: &out); out = [7] + terminated(Array(out.prefix(maximumValueBytes)))
        }
        return out
    }

    /// Escapes 0x00 as 0x00 0xFF and appends 0x00 0x00, so no encoded value is a prefix of
    /// another and entries of one value are contiguous in the tree.
    private static func terminated(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 2)
        bytes.withUnsafeBufferPointer { appendTerminated($0, to: &out) }
        return out
    }

    private static func appendTerminated(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if !bytes.contains(0) {
            out.append(contentsOf: bytes) // most strings: no zero byte to escape, one copy
        } else {
            for b in bytes {
                out.append(b)
                if b == 0 { out.append(0xFF) }
            }
        }
        out.append(0)
        out.append(0)
    }

    private func tree(create: Bool) throws -> Tree? {
        guard let name = column.indexTree else { return nil }
        if let cached = directory?.indexTrees[column.column] { return cached }
        var tree = try txn.tree(name)
        if tree == nil && create { tree = try txn.createTree(name) }
        if let tree { directory?.indexTrees[column.column] = tree }
        return tree
    }

    func add(_ value: StoredValue, _ key: UInt64) throws {
        guard let tree = try tree(create: true) else { return }
        try tree.put(Self.encode(value, limit: tree.maximumKeySize - 8) + ClusterKey.bigEndian(key), [])
    }

    func remove(_ value: StoredValue, _ key: UInt64) throws {
        guard let tree = try tree(create: false) else { return }
        try tree.delete(Self.encode(value, limit: tree.maximumKeySize - 8) + ClusterKey.bigEndian(key))
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
        try tree.forEach(from: prefix) { k, _ in
            guard k.count == prefix.count + 8,
                  prefix.withUnsafeBytes({ p in memcmp(p.baseAddress!, k.baseAddress!, prefix.count) == 0 }) else { return false }
            var key: UInt64 = 0
            for i in 0..<8 { key = key << 8 | UInt64(k[prefix.count + i]) }
            keys.append(key)
            return true
        }
        let exact = switch value {
        case .null, .bool, .int, .objectId, .uuid: true
        case .string(let s): s.utf8.count <= Self.maximumValueBytes && prefix.count < limit
        default: false
        }
        return (keys, exact)
    }
}
