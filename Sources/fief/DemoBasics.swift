import FiefStorage

extension Demo {
    /// Step: creates the store file.
    func create() throws -> Store {
        section("Create a store")
        let (store, duration) = try timed { try Store(path: path) }
        say("created \(Demo.fileNames[0]): page size \(Formatting.count(store.pageSize)) bytes, "
            + "\(Formatting.bytes(try fileSize(path))) (just the two meta pages)  \(took(duration))")
        try expect(try store.read { try $0.treeNames() }.isEmpty, "a new store already has trees")
        return store
    }

    /// Step: writes ``entryCount`` entries in a single write transaction.
    func bulkInsert(_ store: Store) throws {
        section("Insert \(Formatting.count(Demo.entryCount)) entries in one transaction")
        let (_, duration) = try timed {
            try store.write { txn in
                let items = try txn.createTree(Demo.itemsTree)
                for i in 0..<Demo.entryCount { try items.put(Demo.key(i), Demo.value(i)) }
            }
        }
        say("tree '\(Demo.itemsTree)': keys \(Demo.text(Demo.key(0))) ... \(Demo.text(Demo.key(Demo.entryCount - 1))), "
            + "values like \(Demo.text(Demo.value(42)))")
        say("committed version \(store.latestVersion) (durably: synced to disk)  "
            + took(duration, items: Demo.entryCount, unit: "entries"))
        say("the file is now \(Formatting.bytes(try fileSize(path)))")
        let count = try store.read { try $0.tree(Demo.itemsTree)?.count }
        try expect(count == Demo.entryCount, "the tree holds \(count ?? 0) entries")
    }

    /// Step: random point lookups, and a key that was never written.
    func lookUp(_ store: Store) throws {
        section("Look entries up")
        let lookups = 10_000
        var random = DemoRandom(seed: 42)
        let (mismatches, duration) = try timed {
            try store.read { txn in
                let items = try txn.tree(Demo.itemsTree)!
                var mismatches = 0
                for _ in 0..<lookups {
                    let i = Int.random(in: 0..<Demo.entryCount, using: &random)
                    if try items.get(Demo.key(i)) != Demo.value(i) { mismatches += 1 }
                }
                return mismatches
            }
        }
        try expect(mismatches == 0, "\(mismatches) lookups returned a wrong value")
        say("\(Formatting.count(lookups)) random lookups, every value correct  "
            + took(duration, items: lookups, unit: "lookups"))
        let missing = Demo.key(Demo.entryCount)
        let found = try store.read { try $0.tree(Demo.itemsTree)!.get(missing) }
        try expect(found == nil, "\(Demo.text(missing)) was never written but was found")
        say("\(Demo.text(missing)), never written: not found")
    }

    /// Step: full cursor scans in both directions, then a short window each way.
    func scan(_ store: Store) throws {
        section("Scan with a cursor, both ways")
        try store.read { txn in
            let items = try txn.tree(Demo.itemsTree)!
            for reverse in [false, true] {
                let direction = reverse ? "backward" : "forward"
                let ((count, ordered), duration) = try timed { try fullScan(items, reverse: reverse) }
                try expect(count == Demo.entryCount && ordered, "a \(direction) scan saw \(count) entries, in order: \(ordered)")
                say("\(direction) over all \(Formatting.count(count)) entries, in order  \(took(duration))")
            }
            let forward = try window(items, from: 50_000, reverse: false)
            let backward = try window(items, from: 50_004, reverse: true)
            try expect(forward == backward.reversed(), "the two windows differ")
            say("forward from \(Demo.text(Demo.key(50_000))):  " + forward.map(Demo.text).joined(separator: " "))
            say("backward from \(Demo.text(Demo.key(50_004))): " + backward.map(Demo.text).joined(separator: " "))
        }
    }

    /// Walks a cursor over every entry of `tree`; returns how many it saw and whether each key
    /// came strictly after (or, in `reverse`, before) the previous one.
    private func fullScan(_ tree: Tree, reverse: Bool) throws -> (count: Int, ordered: Bool) {
        var cursor = tree.makeCursor()
        var count = 0
        var ordered = true
        var previous: [UInt8] = []
        var more = reverse ? try cursor.last() : try cursor.first()
        while more {
            let key = cursor.key
            let follows = reverse ? key.lexicographicallyPrecedes(previous) : previous.lexicographicallyPrecedes(key)
            if count > 0 && !follows { ordered = false }
            previous = key
            count += 1
            more = reverse ? try cursor.previous() : try cursor.next()
        }
        return (count, ordered)
    }

    /// The keys of up to five entries from entry `start` onward (or backward).
    private func window(_ tree: Tree, from start: Int, reverse: Bool) throws -> [[UInt8]] {
        var cursor = tree.makeCursor()
        var keys: [[UInt8]] = []
        var more = reverse ? try cursor.seek(atOrBefore: Demo.key(start)) : try cursor.seek(atOrAfter: Demo.key(start))
        while more && keys.count < 5 {
            keys.append(cursor.key)
            more = reverse ? try cursor.previous() : try cursor.next()
        }
        return keys
    }

    /// Step: deletes a range of keys by walking a cursor through it in a write transaction.
    func deleteRange(_ store: Store) throws {
        section("Delete a range")
        let (low, high) = (20_000, 30_000)
        let (deleted, duration) = try timed {
            try store.write { txn in
                let items = try txn.tree(Demo.itemsTree)!
                var cursor = items.makeCursor()
                var deleted = 0
                var more = try cursor.seek(atOrAfter: Demo.key(low))
                while more && cursor.key.lexicographicallyPrecedes(Demo.key(high)) {
                    if try items.delete(cursor.key) { deleted += 1 }
                    more = try cursor.next()
                }
                return deleted
            }
        }
        try expect(deleted == high - low, "deleted \(deleted) entries instead of \(high - low)")
        say("deleted \(Demo.text(Demo.key(low))) ..< \(Demo.text(Demo.key(high))): \(Formatting.count(deleted)) entries, "
            + "version \(store.latestVersion)  \(took(duration))")
        let (count, edges, gone) = try store.read { txn in
            let items = try txn.tree(Demo.itemsTree)!
            return (items.count, try items.contains(Demo.key(low - 1)) && items.contains(Demo.key(high)),
                    try items.contains(Demo.key((low + high) / 2)))
        }
        try expect(count == Demo.entryCount - deleted && edges && !gone, "the tree holds \(count) entries after the delete")
        say("the tree holds \(Formatting.count(count)) entries; \(Demo.text(Demo.key(low - 1))) and "
            + "\(Demo.text(Demo.key(high))) are still there")
    }
}
