import FiefStorage

/// The workload of the multi-process tests (Tests/FiefStorageTests/MultiProcessTests.swift):
/// several processes commit to one store at once, each as its own *worker* `w`.
///
/// A transaction of worker `w` whose count was `c` appends item `c`, deletes item `c − 20`, sets
/// its count to `c + 1` and adds 1 to the total. So in every version, for every worker, its items
/// are exactly `max(0, c − 20) ..< c` with their fixed values, and the total is the sum of the
/// counts. A lost update, a torn commit, or a reader whose pages were reused breaks one of these.
public enum SharedWorkload {
    /// The tree every worker writes.
    public static let tree = "shared"
    /// How many items a worker keeps.
    public static let window: UInt64 = 20

    /// What a check found wrong.
    public struct Violation: Error, CustomStringConvertible {
        public let description: String
    }

    static func countKey(_ worker: Int) -> [UInt8] { Array("count-\(worker)".utf8) }
    static let totalKey = Array("total".utf8)

    static func itemKey(_ worker: Int, _ n: UInt64) -> [UInt8] {
        let digits = String(n)
        return Array("item-\(worker)-\(String(repeating: "0", count: max(0, 10 - digits.count)))\(digits)".utf8)
    }

    /// Item `n` of worker `w`: sizes vary, and every 16th is large enough for an overflow run.
    static func itemValue(_ worker: Int, _ n: UInt64) -> [UInt8] {
        let length = n % 16 == 0 ? 6_000 : 40 + Int(n % 7) * 50
        var state = UInt64(worker) &* 0x9E37_79B9_7F4A_7C15 &+ n
        return (0..<length).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    static func decode(_ bytes: [UInt8]?) -> UInt64 {
        guard let bytes, bytes.count == 8 else { return 0 }
        return bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    static func encode(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// Worker `worker`'s next transaction, left uncommitted in `txn`. Returns its new count.
    public static func writeNext(_ txn: Transaction, worker: Int) throws -> UInt64 {
        let tree = try txn.createTree(tree)
        let count = decode(try tree.get(countKey(worker)))
        try tree.put(itemKey(worker, count), itemValue(worker, count))
        if count >= window { _ = try tree.delete(itemKey(worker, count - window)) }
        try tree.put(countKey(worker), encode(count + 1))
        try tree.put(totalKey, encode(decode(try tree.get(totalKey)) + 1))
        return count + 1
    }

    /// Checks the invariants in the version `txn` reads; returns every worker's count.
    public static func check(_ txn: Transaction) throws -> [Int: UInt64] {
        guard let tree = try txn.tree(tree) else { return [:] }
        var counts: [Int: UInt64] = [:]
        var items: [Int: [UInt64]] = [:]
        var total: UInt64 = 0
        var cursor = tree.makeCursor()
        var more = try cursor.first()
        while more {
            let key = cursor.key, value = try cursor.value()
            let text = String(decoding: key, as: UTF8.self)
            let parts = text.split(separator: "-")
            if text == "total" {
                total = decode(value)
            } else if parts.count == 2, parts[0] == "count", let worker = Int(parts[1]) {
                counts[worker] = decode(value)
            } else if parts.count == 3, parts[0] == "item", let worker = Int(parts[1]), let n = UInt64(parts[2]) {
                guard value == itemValue(worker, n) else { throw Violation(description: "\(text) holds the wrong bytes") }
                items[worker, default: []].append(n)
            } else {
                throw Violation(description: "unexpected key \(text)")
            }
            more = try cursor.next()
        }
        guard total == counts.values.reduce(0, +) else {
            throw Violation(description: "total \(total) is not the sum of the counts \(counts.sorted { $0.key < $1.key })")
        }
        for (worker, count) in counts {
            let expected = Array((count >= window ? count - window : 0)..<count)
            guard items[worker, default: []] == expected else {
                throw Violation(description: "worker \(worker) with count \(count) has items \(items[worker, default: []])")
            }
        }
        guard Set(items.keys).isSubset(of: counts.keys) else { throw Violation(description: "items of a worker without a count") }
        return counts
    }
}
