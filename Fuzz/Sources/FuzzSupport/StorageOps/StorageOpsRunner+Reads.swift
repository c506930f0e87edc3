import FiefStorage

/// Reading operations, long-lived readers and whole-store checks.
extension StorageOpsRunner {
    /// Runs `body` in the transaction `context` selects, with the model it must match.
    func withContext(_ context: UInt8, _ body: (Transaction, StoreModel, String) throws -> Void) {
        let selector = context & 3
        if selector == 0, let writer {
            must("read in the write transaction") { try body(writer, pending, "write transaction") }
        } else if selector >= 2, !readers.isEmpty {
            let index = Int(context >> 2) % readers.count
            let reader = readers[index]
            must("read in reader \(index)") { try body(reader.txn, reader.model, "reader \(index) at version \(reader.version)") }
        } else {
            must("read in a fresh transaction") {
                try store!.read { txn in
                    expect(txn.version == version, "fresh read at version \(txn.version), expected \(version)")
                    try body(txn, committed, "fresh read")
                }
            }
        }
    }

    /// The tree in `txn`, checked to exist exactly when the model has it.
    func tree(_ txn: Transaction, _ name: String, _ model: StoreModel, _ label: String) throws -> (Tree, TreeModel)? {
        let tree = try txn.tree(name)
        expect((tree == nil) == (model.trees[name] == nil), "\(label): tree '\(name)' exists: \(tree != nil), model: \(model.trees[name] != nil)")
        guard let tree, let treeModel = model.trees[name] else { return nil }
        expect(tree.count == treeModel.count, "\(label): tree '\(name)' count \(tree.count), model \(treeModel.count)")
        return (tree, treeModel)
    }

    func get(_ name: String, _ spec: KeySpec, _ context: UInt8) {
        withContext(context) { txn, model, label in
            guard let (tree, treeModel) = try tree(txn, name, model, label) else { return }
            let key = resolve(spec, in: treeModel)
            let value = try tree.get(key)
            expect(value == treeModel.entries[key], "\(label): get(\(key)) in '\(name)' gave \(value?.count ?? -1) bytes, model \(treeModel.entries[key]?.count ?? -1)")
            expect(try tree.contains(key) == (value != nil), "\(label): contains(\(key)) disagrees with get")
        }
    }

    func scan(_ name: String, _ from: KeySpec?, _ reverse: Bool, _ limit: UInt8, _ context: UInt8) {
        withContext(context) { txn, model, label in
            guard let (tree, treeModel) = try tree(txn, name, model, label) else { return }
            let start = from.map { resolve($0, in: treeModel) }
            let maximum = limit == 0 ? Int.max : Int(limit)
            var expected: [[UInt8]] = []
            if reverse {
                var i = (start.map { treeModel.upperBound($0) } ?? treeModel.count) - 1
                while i >= 0 && expected.count < maximum { expected.append(treeModel.keys[i]); i -= 1 }
            } else {
                var i = start.map { treeModel.lowerBound($0) } ?? 0
                while i < treeModel.count && expected.count < maximum { expected.append(treeModel.keys[i]); i += 1 }
            }
            var seen = 0
            try tree.forEach(from: start, reverse: reverse) { key, value in
                expect(seen < expected.count, "\(label): forEach in '\(name)' from \(start.map { "\($0)" } ?? "nil") reverse \(reverse) visits more than \(expected.count) entries")
                expect(Array(key) == expected[seen], "\(label): forEach in '\(name)' entry \(seen) is \(Array(key)), model \(expected[seen])")
                expect(Array(value) == treeModel.entries[expected[seen]]!, "\(label): forEach in '\(name)' value of \(expected[seen]) differs")
                seen += 1
                return seen < maximum
            }
            expect(seen == expected.count, "\(label): forEach in '\(name)' from \(start.map { "\($0)" } ?? "nil") reverse \(reverse) visited \(seen), model \(expected.count)")
        }
    }

    func cursorWalk(_ name: String, _ from: KeySpec, _ moves: UInt16, _ context: UInt8) {
        withContext(context) { txn, model, label in
            guard let (tree, treeModel) = try tree(txn, name, model, label) else { return }
            let key = resolve(from, in: treeModel)
            var cursor = tree.makeCursor()
            let n = treeModel.count
            var index: Int?
            let found: Bool
            switch (moves & 7) % 5 {
            case 0: found = try cursor.first(); index = n > 0 ? 0 : nil
            case 1: found = try cursor.last(); index = n > 0 ? n - 1 : nil
            case 2:
                found = try cursor.seek(key)
                let lower = treeModel.lowerBound(key)
                index = lower < n ? lower : nil
                expect(found == (index.map { treeModel.keys[$0] == key } ?? false), "\(label): seek(\(key)) in '\(name)' returned \(found)")
            case 3:
                found = try cursor.seek(atOrAfter: key)
                let lower = treeModel.lowerBound(key)
                index = lower < n ? lower : nil
            default:
                found = try cursor.seek(atOrBefore: key)
                let upper = treeModel.upperBound(key)
                index = upper > 0 ? upper - 1 : nil
            }
            if (moves & 7) % 5 != 2 { expect(found == (index != nil), "\(label): positioning a cursor in '\(name)' returned \(found)") }
            var step = 0
            while true {
                expect(cursor.isPositioned == (index != nil), "\(label): cursor in '\(name)' positioned \(cursor.isPositioned), model \(index != nil) after \(step) moves")
                guard let current = index else { break }
                let expectedKey = treeModel.keys[current]
                expect(cursor.key == expectedKey, "\(label): cursor in '\(name)' is on \(cursor.key), model \(expectedKey) after \(step) moves")
                expect(try cursor.value() == treeModel.entries[expectedKey]!, "\(label): cursor value of \(expectedKey) in '\(name)' differs")
                guard step < 13 else { break }
                let forward = (moves >> (3 + UInt16(step))) & 1 != 0
                let moved = try forward ? cursor.next() : cursor.previous()
                let next = forward ? current + 1 : current - 1
                index = next >= 0 && next < n ? next : nil
                expect(moved == (index != nil), "\(label): cursor \(forward ? "next" : "previous") in '\(name)' returned \(moved) from \(expectedKey)")
                step += 1
            }
        }
    }

    /// A cursor in the write transaction that deletes and inserts as it moves: after any change
    /// `next()` must land on the first key after the cursor's key and `previous()` on the last
    /// key before it.
    func cursorEdit(_ name: String, _ from: KeySpec, _ steps: UInt8, _ edits: UInt16, _ valueSpec: ValueSpec) {
        let txn = ensureWriter()
        guard let tree = must("tree '\(name)'", { try txn.tree(name) }) else {
            expect(pending.trees[name] == nil, "tree '\(name)' is missing in the write transaction")
            return
        }
        let start = resolve(from, in: pending.trees[name])
        var cursor = tree.makeCursor()
        let found = must("seek") { try cursor.seek(atOrAfter: start) }
        var model = pending.trees[name]!
        let lower = model.lowerBound(start)
        var current: [UInt8]? = lower < model.count ? model.keys[lower] : nil
        expect(found == (current != nil), "write cursor seek(atOrAfter: \(start)) in '\(name)' returned \(found)")
        for step in 0..<Int(steps % 33) {
            guard let key = current else { break }
            expect(cursor.key == key, "write cursor in '\(name)' is on \(cursor.key), model \(key) at step \(step)")
            expect(must("cursor value") { try cursor.value() } == model.entries[key]!, "write cursor value of \(key) in '\(name)' differs")
            let action = (edits >> UInt16(2 * (step % 8))) & 3
            if action == 2 {
                let removed = must("delete at cursor") { try tree.delete(key) }
                expect(removed && model.delete(key), "delete of the cursor's key \(key) in '\(name)' returned \(removed)")
            } else if action == 3 && key.count < maximumKeySize {
                let inserted = key + [UInt8(truncatingIfNeeded: step)]
                let value = makeValue(valueSpec, salt: step)
                must("insert after cursor") { try tree.put(inserted, value) }
                model.put(inserted, value)
            }
            pending.trees[name] = model
            let backward = action == 1
            let moved = must("move write cursor") { try backward ? cursor.previous() : cursor.next() }
            let next = backward ? model.lowerBound(key) - 1 : model.upperBound(key)
            current = next >= 0 && next < model.count ? model.keys[next] : nil
            expect(moved == (current != nil), "write cursor \(backward ? "previous" : "next") from \(key) in '\(name)' returned \(moved), model \(current.map { "\($0)" } ?? "none")")
        }
        expect(tree.count == model.count, "tree '\(name)' count \(tree.count), model \(model.count)")
    }
}
