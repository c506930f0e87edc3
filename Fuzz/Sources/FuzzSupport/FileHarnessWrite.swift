import FiefStorage

/// What the writable pass of ``FileHarness`` wrote, to read back.
struct WrittenEntries {
    var entries: [(tree: String, key: [UInt8], value: [UInt8]?)] = []
    var droppedTree: String?
}

extension FileHarness {
    /// A small write transaction touching a new tree, an existing tree and the catalog. Returns
    /// what a valid store must hold afterwards, or nil when the write failed.
    static func write(_ store: Store, mustSucceed: Bool) -> WrittenEntries? {
        do {
            let txn = try store.beginWrite()
            defer { txn.abort() }
            var written = WrittenEntries()
            let names = try txn.treeNames()
            let tree = try txn.createTree(writeTree)
            var random = SplitMix(seed: 42)
            let values: [([UInt8], [UInt8])] = [
                (Array("small".utf8), [1, 2, 3]),
                (Array("compressible".utf8), (0..<3000).map { UInt8(truncatingIfNeeded: $0 / 100) }),
                (Array("random".utf8), random.bytes(1500)),
            ]
            for (key, value) in values {
                try tree.put(key, value)
                written.entries.append((writeTree, key, value))
            }
            if let other = names.first(where: { $0 != writeTree }), let existing = try txn.tree(other) {
                var cursor = existing.makeCursor()
                if try cursor.first() {
                    let key = cursor.key
                    try existing.delete(key)
                    try existing.put(key, [9, 9])
                    written.entries.append((other, key, [9, 9]))
                }
                if try cursor.last() {
                    let key = cursor.key
                    try existing.delete(key)
                    written.entries.removeAll { $0.tree == other && $0.key == key }
                    written.entries.append((other, key, nil))
                }
            }
            if names.count >= 2, let last = names.last, last != writeTree, last != names.first {
                try txn.dropTree(last)
                written.droppedTree = last
            }
            try txn.commit()
            return written
        } catch let error as StorageError {
            if mustSucceed { fail("writing to a valid store threw \(error)") }
            return nil
        } catch {
            fail("writing threw an error that is not a StorageError: \(error)")
        }
    }

    /// Checks that a valid store holds what ``write(_:mustSucceed:)`` wrote.
    static func checkWritten(_ store: Store, _ written: WrittenEntries) throws {
        try store.read { txn in
            for entry in written.entries {
                let value = try txn.tree(entry.tree)?.get(entry.key)
                check(value == entry.value, "after the write, tree '\(entry.tree)' key \(entry.key) reads \(value.map { "\($0.count) bytes" } ?? "nil")")
            }
            if let dropped = written.droppedTree {
                check(try txn.tree(dropped) == nil, "tree '\(dropped)' is still there after dropTree")
            }
        }
    }
}
