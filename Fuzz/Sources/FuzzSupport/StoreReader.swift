import FiefStorage

/// Everything one read of a store produced, in a compact form (values as digests).
public struct StoreDump: Equatable, Sendable {
    /// One tree as read.
    public struct TreeDump: Equatable, Sendable {
        public var name: String
        /// The count the tree's descriptor claims.
        public var count: Int
        public var keys: [[UInt8]]
        public var valueDigests: [UInt64]
    }

    public var trees: [TreeDump] = []
    /// Whether the step budget ran out (a damaged file can make a scan exponentially long).
    public var truncated = false
    /// The first disagreement between the ways of reading, or nil.
    public var inconsistency: String?
}

/// Reads a whole store every way the public API allows: forEach both ways, a cursor both ways,
/// point lookups and seeks, all within a step budget.
public enum StoreReader {
    /// Entries visited per ``readAll(_:)`` at most, across all trees and all scans.
    public static let stepBudget = 200_000

    /// Reads every entry of every tree. Throws the first error the store throws.
    public static func readAll(_ store: Store) throws -> StoreDump {
        try store.read { txn in
            var dump = StoreDump()
            var budget = stepBudget
            for name in try txn.treeNames() {
                guard let tree = try txn.tree(name) else {
                    dump.note("treeNames lists '\(name)' but tree(_:) finds nothing")
                    continue
                }
                dump.trees.append(try readTree(tree, budget: &budget, dump: &dump))
                if budget <= 0 { dump.truncated = true; break }
            }
            return dump
        }
    }

    private static func readTree(_ tree: Tree, budget: inout Int, dump: inout StoreDump) throws -> StoreDump.TreeDump {
        var result = StoreDump.TreeDump(name: tree.name, count: tree.count, keys: [], valueDigests: [])
        try tree.forEach { key, value in
            result.keys.append(Array(key))
            result.valueDigests.append(digest(value))
            budget -= 1
            return budget > 0
        }
        guard budget > 0 else { return result }
        var reverse: [[UInt8]] = []
        try tree.forEach(reverse: true) { key, _ in
            reverse.append(Array(key))
            budget -= 1
            return budget > 0
        }
        guard budget > 0 else { return result }
        let name = tree.name
        if reverse.reversed() != result.keys { dump.note("tree '\(name)': reverse forEach differs from forward") }
        if result.keys.count != result.count {
            dump.note("tree '\(name)': \(result.keys.count) entries but count says \(result.count)")
        }
        var cursor = tree.makeCursor()
        var forward: [[UInt8]] = []
        var more = try cursor.first()
        while more && budget > 0 {
            forward.append(cursor.key)
            if forward.count <= result.valueDigests.count, try cursor.withValue(digest) != result.valueDigests[forward.count - 1] {
                dump.note("tree '\(name)': cursor value differs from forEach at entry \(forward.count - 1)")
            }
            budget -= 1
            more = try cursor.next()
        }
        if forward != result.keys { dump.note("tree '\(name)': cursor forward differs from forEach") }
        var backward: [[UInt8]] = []
        more = try cursor.last()
        while more && budget > 0 {
            backward.append(cursor.key)
            budget -= 1
            more = try cursor.previous()
        }
        if backward.reversed() != result.keys { dump.note("tree '\(name)': cursor backward differs from forEach") }
        try checkLookups(tree, result, budget: &budget, dump: &dump)
        return result
    }

    /// Point lookups and seeks for every key read (and just beside it).
    private static func checkLookups(_ tree: Tree, _ read: StoreDump.TreeDump, budget: inout Int,
                                     dump: inout StoreDump) throws {
        var cursor = tree.makeCursor()
        for (i, key) in read.keys.enumerated() where budget > 0 {
            budget -= 4
            let value = try tree.get(key).map { $0.withUnsafeBytes(digest) }
            if value != read.valueDigests[i] { dump.note("tree '\(read.name)': get differs at entry \(i)") }
            if try !tree.contains(key) { dump.note("tree '\(read.name)': contains is false for entry \(i)") }
            if try !cursor.seek(key) || cursor.key != key { dump.note("tree '\(read.name)': seek misses entry \(i)") }
            // Just after `key` (key + [0]) the next entry, if any, is i + 1.
            let after = key + [0]
            let next = i + 1 < read.keys.count ? read.keys[i + 1] : nil
            let found = try cursor.seek(atOrAfter: after)
            if found != (next != nil) || (found && cursor.key != next) {
                dump.note("tree '\(read.name)': seek(atOrAfter:) after entry \(i) is wrong")
            }
            let back = try cursor.seek(atOrBefore: after)
            let before = next == after ? after : key
            if !back || cursor.key != before { dump.note("tree '\(read.name)': seek(atOrBefore:) misses entry \(i)") }
        }
    }

    /// FNV-1a over the bytes and the length.
    public static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash ^ UInt64(bytes.count)
    }
}

extension StoreDump {
    mutating func note(_ problem: String) {
        if inconsistency == nil { inconsistency = problem }
    }
}
