import XCTest
@testable import FiefStorage

/// Long random sequences of puts, deletes, scans, aborts and reopens, checked step by step against
/// an in-memory model, with `verify()` proving the tree structure and free-space accounting.
final class DifferentialTests: XCTestCase {
    typealias Model = [String: [[UInt8]: [UInt8]]]

    func testRandomOperationsMatchModel512() throws {
        try runDifferential(seed: 1, pageSize: 512, transactions: 1500)
    }

    func testRandomOperationsMatchModel4096() throws {
        try runDifferential(seed: 2, pageSize: 4096, transactions: 200)
    }

    func testRandomOperationsRelaxedDurability() throws {
        try runDifferential(seed: 3, pageSize: 1024, transactions: 200, durability: .relaxed(interval: 0.001))
    }

    func testRandomOperationsEncrypted512() throws {
        try runDifferential(seed: 5, pageSize: 512, transactions: 400, encrypted: true)
    }

    func testRandomOperationsEncryptedRelaxed4096() throws {
        try runDifferential(seed: 6, pageSize: 4096, transactions: 120, durability: .relaxed(interval: 0.001), encrypted: true)
    }

    func testInMemoryStore() throws {
        try runDifferential(seed: 4, pageSize: 512, transactions: 100, inMemory: true)
    }

    private func runDifferential(seed: UInt64, pageSize: Int, transactions: Int,
                                 durability: Durability = .full, inMemory: Bool = false, encrypted: Bool = false) throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/diff.fief"
        var options = StorageOptions()
        options.pageSize = pageSize
        options.durability = durability
        if encrypted { options.encryptionKey = (0..<64).map { UInt8($0) } }
        func open() throws -> Store {
            inMemory ? try Store(inMemoryIdentifier: "diff-\(seed)", options: options) : try Store(path: path, options: options)
        }
        var rng = SeededRandom(seed: seed)
        var store = try open()
        var model: Model = [:]
        let treeNames = ["alpha", "beta", "gamma"]

        for step in 0..<transactions {
            let context = "seed \(seed) step \(step)"
            let txn = try store.beginWrite()
            var next = model
            let operations = Int.random(in: 1...60, using: &rng)
            for _ in 0..<operations {
                let name = treeNames.randomElement(using: &rng)!
                let tree = try txn.createTree(name)
                let k = randomKey(&rng)
                switch Int.random(in: 0..<100, using: &rng) {
                case 0..<55:
                    let v = randomValue(&rng, pageSize: pageSize)
                    try tree.put(k, v)
                    next[name, default: [:]][k] = v
                case 55..<85:
                    let existed = try tree.delete(k)
                    XCTAssertEqual(existed, next[name]?[k] != nil, context)
                    next[name]?[k] = nil
                case 85..<95:
                    XCTAssertEqual(try tree.get(k), next[name]?[k], context)
                case 95..<98:
                    try checkRange(tree, next[name] ?? [:], from: k, reverse: Bool.random(using: &rng), context)
                default:
                    if Int.random(in: 0..<4, using: &rng) == 0 {
                        try txn.dropTree(name)
                        next[name] = nil
                    }
                }
            }
            if Int.random(in: 0..<10, using: &rng) == 0 {
                txn.abort()
            } else {
                try txn.commit()
                model = next
            }
            if !inMemory && Int.random(in: 0..<15, using: &rng) == 0 {
                store = try open()
            }
            if step % 10 == 0 || step == transactions - 1 {
                try checkAll(store, model, context)
                let report = try store.verify()
                XCTAssertTrue(report.isValid, "\(context): \(report)")
            }
        }
    }

    private func randomKey(_ rng: inout SeededRandom) -> [UInt8] {
        let n = Int.random(in: 0..<2000, using: &rng)
        var k = key(n, width: 4)
        // Occasional long keys and shared prefixes exercise separators and cell sizes.
        if n % 7 == 0 { k += [UInt8](repeating: UInt8(n % 251), count: Int.random(in: 0..<40, using: &rng)) }
        return k
    }

    private func randomValue(_ rng: inout SeededRandom, pageSize: Int) -> [UInt8] {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: return [UInt8](repeating: 7, count: Int.random(in: pageSize...(pageSize * 6), using: &rng)) // compressible overflow
        case 1: return (0..<Int.random(in: pageSize...(pageSize * 3), using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case 2: return []
        default: return (0..<Int.random(in: 1...80, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        }
    }

    private func checkRange(_ tree: Tree, _ model: [[UInt8]: [UInt8]], from start: [UInt8], reverse: Bool, _ context: String) throws {
        let sorted = model.keys.sorted { $0.lexicographicallyPrecedes($1) }
        let expected = reverse
            ? Array(sorted.filter { !start.lexicographicallyPrecedes($0) }.reversed().prefix(20))
            : Array(sorted.filter { !$0.lexicographicallyPrecedes(start) }.prefix(20))
        var seen: [[UInt8]] = []
        try tree.forEach(from: start, reverse: reverse) { k, v in
            XCTAssertEqual(Array(v), model[Array(k)], context)
            seen.append(Array(k))
            return seen.count < 20
        }
        XCTAssertEqual(seen, expected, "\(context): range from \(start) reverse \(reverse)")
        // The cursor must walk the same way.
        var cursor = tree.makeCursor()
        var walked: [[UInt8]] = []
        var more = try reverse ? cursor.seek(atOrBefore: start) : cursor.seek(atOrAfter: start)
        while more && walked.count < 20 {
            walked.append(cursor.key)
            more = try reverse ? cursor.previous() : cursor.next()
        }
        XCTAssertEqual(walked, expected, "\(context): cursor from \(start) reverse \(reverse)")
    }

    private func checkAll(_ store: Store, _ model: Model, _ context: String) throws {
        try store.read { txn in
            XCTAssertEqual(try txn.treeNames(), model.keys.filter { _ in true }.sorted(), context)
            for (name, entries) in model {
                guard let tree = try txn.tree(name) else { return XCTFail("\(context): tree \(name) missing") }
                XCTAssertEqual(tree.count, entries.count, "\(context): count of \(name)")
                var forward: [[UInt8]] = []
                try tree.forEach { k, v in
                    XCTAssertEqual(Array(v), entries[Array(k)], context)
                    forward.append(Array(k))
                    return true
                }
                XCTAssertEqual(forward, entries.keys.sorted { $0.lexicographicallyPrecedes($1) }, "\(context): order of \(name)")
                var backward: [[UInt8]] = []
                try tree.forEach(reverse: true) { k, _ in backward.append(Array(k)); return true }
                XCTAssertEqual(backward, forward.reversed(), context)
            }
        }
    }
}
