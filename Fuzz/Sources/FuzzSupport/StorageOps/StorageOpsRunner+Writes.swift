import FiefStorage

/// Operations in the write transaction, and commit/abort/reopen.
extension StorageOpsRunner {
    /// The write transaction, begun (with the model of the newest version) when none is open.
    func ensureWriter() -> Transaction {
        if let writer { return writer }
        let txn = must("beginWrite") { try store!.beginWrite() }
        expect(txn.version == version, "write transaction starts at version \(txn.version), expected \(version)")
        writer = txn
        pending = committed
        return txn
    }

    /// The tree in the write transaction, created when missing (in the model too).
    func writerTree(_ name: String) -> Tree {
        let txn = ensureWriter()
        let tree = must("open or create tree '\(name)'") { try txn.tree(name) ?? txn.createTree(name) }
        expect(tree.maximumKeySize == maximumKeySize, "maximumKeySize \(tree.maximumKeySize), expected \(maximumKeySize)")
        if pending.trees[name] == nil { pending.trees[name] = TreeModel() }
        return tree
    }

    func put(_ name: String, _ spec: KeySpec, _ valueSpec: ValueSpec) {
        let tree = writerTree(name)
        let key = resolve(spec, in: pending.trees[name])
        let value = makeValue(valueSpec)
        do {
            try tree.put(key, value)
            expect(key.count <= maximumKeySize, "put accepted a \(key.count)-byte key (maximum \(maximumKeySize))")
            pending.trees[name]!.put(key, value)
        } catch StorageError.keyTooLarge(let length, let maximum) {
            expect(key.count > maximumKeySize && length == key.count && maximum == maximumKeySize,
                   "put of a \(key.count)-byte key threw keyTooLarge(\(length), \(maximum))")
        } catch {
            mismatch("put of \(key.count)-byte key, \(value.count)-byte value into '\(name)' threw \(error)")
        }
        expect(tree.count == pending.trees[name]!.count, "tree '\(name)' count \(tree.count), model \(pending.trees[name]!.count)")
    }

    func delete(_ name: String, _ spec: KeySpec) {
        let txn = ensureWriter()
        let tree = must("tree '\(name)'") { try txn.tree(name) }
        expect((tree == nil) == (pending.trees[name] == nil), "tree '\(name)' exists: \(tree != nil), model: \(pending.trees[name] != nil)")
        guard let tree else { return }
        let key = resolve(spec, in: pending.trees[name])
        let removed = must("delete from '\(name)'") { try tree.delete(key) }
        let expected = pending.trees[name]!.delete(key)
        expect(removed == expected, "delete of \(key) from '\(name)' returned \(removed), model \(expected)")
        expect(tree.count == pending.trees[name]!.count, "tree '\(name)' count \(tree.count), model \(pending.trees[name]!.count)")
    }

    func floorUpdate(_ name: String, _ spec: KeySpec, _ choice: UInt8, _ valueSpec: ValueSpec) {
        let tree = writerTree(name)
        let key = resolve(spec, in: pending.trees[name])
        let value = makeValue(valueSpec)
        let model = pending.trees[name]!
        let floorIndex = model.upperBound(key) - 1
        let floor = floorIndex >= 0 ? model.keys[floorIndex] : nil
        var shown: (key: [UInt8]?, value: [UInt8]?)?
        do {
            try key.withUnsafeBytes { probe in
                try tree.updateFloorEntry(probe) { floorKey, floorValue -> FloorUpdate in
                    shown = (floorKey.map { Array($0) }, floorValue.map { Array($0) })
                    switch choice % 3 {
                    case 0: return .keep
                    case 1 where floorKey != nil: return .replaceValue(value)
                    default: return .insert(value)
                    }
                }
            }
            expect(key.count <= maximumKeySize, "updateFloorEntry accepted a \(key.count)-byte key (maximum \(maximumKeySize))")
            expect(shown?.key == floor && shown?.value == floor.flatMap { model.entries[$0] },
                   "updateFloorEntry at \(key) in '\(name)' showed \(String(describing: shown?.key)), model's floor \(String(describing: floor))")
            switch choice % 3 {
            case 0: break
            case 1 where floor != nil: pending.trees[name]!.put(floor!, value)
            default: pending.trees[name]!.put(key, value)
            }
        } catch StorageError.keyTooLarge(let length, let maximum) {
            expect(key.count > maximumKeySize && length == key.count && maximum == maximumKeySize && shown == nil,
                   "updateFloorEntry with a \(key.count)-byte key threw keyTooLarge(\(length), \(maximum))")
        } catch {
            mismatch("updateFloorEntry at a \(key.count)-byte key in '\(name)' threw \(error)")
        }
        expect(tree.count == pending.trees[name]!.count, "tree '\(name)' count \(tree.count), model \(pending.trees[name]!.count)")
    }

    func bulkPut(_ name: String, _ first: UInt16, _ count: UInt8, _ valueSpec: ValueSpec) {
        let tree = writerTree(name)
        for i in 0..<Int(count) {
            let n = first &+ UInt16(i)
            let key = [UInt8(n >> 8), UInt8(n & 0xFF)]
            let value = makeValue(valueSpec, salt: i)
            must("bulk put into '\(name)'") { try tree.put(key, value) }
            pending.trees[name]!.put(key, value)
        }
        expect(tree.count == pending.trees[name]!.count, "tree '\(name)' count \(tree.count), model \(pending.trees[name]!.count)")
    }

    func bulkDelete(_ name: String, _ start: UInt8, _ count: UInt8, _ step: UInt8) {
        let txn = ensureWriter()
        guard let model = pending.trees[name], model.count > 0 else { return }
        let tree = must("tree '\(name)'") { try txn.tree(name) }
        guard let tree else { mismatch("tree '\(name)' is missing") }
        let keys = model.keys
        let stride = Int(step & 3) + 1
        var index = Int(start) % keys.count
        for _ in 0..<Int(count) where index < keys.count {
            let removed = must("bulk delete from '\(name)'") { try tree.delete(keys[index]) }
            expect(removed, "bulk delete of \(keys[index]) from '\(name)' found nothing")
            pending.trees[name]!.delete(keys[index])
            index += stride
        }
        expect(tree.count == pending.trees[name]!.count, "tree '\(name)' count \(tree.count), model \(pending.trees[name]!.count)")
    }

    func createTree(_ operand: UInt8) {
        let txn = ensureWriter()
        let tooLong = operand & 0x80 != 0
        let name = tooLong ? String(repeating: "n", count: maximumKeySize + 1) : self.name(operand)
        do {
            let tree = try txn.createTree(name)
            expect(!tooLong, "createTree accepted a \(name.utf8.count)-byte name")
            if pending.trees[name] == nil { pending.trees[name] = TreeModel() }
            expect(tree.count == pending.trees[name]!.count, "createTree('\(name)') count \(tree.count), model \(pending.trees[name]!.count)")
        } catch StorageError.keyTooLarge {
            expect(tooLong, "createTree('\(name)') threw keyTooLarge")
        } catch {
            mismatch("createTree of a \(name.utf8.count)-byte name threw \(error)")
        }
    }

    func dropTree(_ name: String) {
        let txn = ensureWriter()
        let dropped = must("dropTree('\(name)')") { try txn.dropTree(name) }
        let expected = pending.trees.removeValue(forKey: name) != nil
        expect(dropped == expected, "dropTree('\(name)') returned \(dropped), model \(expected)")
        expect(must("tree('\(name)') after drop") { try txn.tree(name) } == nil, "tree '\(name)' still there after dropTree")
    }

    /// Commits. Transaction ids are unique but not consecutive: an attempted commit spends its
    /// id even when it fails, and reopening skips ahead, so the model learns the next id from
    /// what the store reports and predicts the version cap from it once known.
    func commit() {
        let txn = ensureWriter()
        writer = nil
        let oldest = readers.map(\.version).min()
        let cap = options.maximumActiveVersions
        let predictedFailure = nextID.flatMap { id in oldest.map { id - min($0, id) + 1 > cap } }
        var refused = false
        do {
            try txn.commit()
            let id = store!.latestVersion
            expect(id > version, "commit published version \(id), not after \(version)")
            if let expected = nextID { expect(id == expected, "commit published version \(id), expected \(expected)") }
            if let oldest { expect(id - oldest + 1 <= cap, "commit succeeded with \(id - oldest + 1) active versions (maximum \(cap))") }
            committed = pending
            version = id
            nextID = id + 1
        } catch StorageError.tooManyActiveVersions(let active, let maximum) {
            refused = true
            guard let oldest else { mismatch("commit threw tooManyActiveVersions(\(active), \(maximum)) with no reader open") }
            expect(active > cap && maximum == cap, "commit threw tooManyActiveVersions(\(active), \(maximum)), maximum is \(cap)")
            let id = oldest + active - 1
            expect(id > version, "a refused commit used id \(id), not after \(version)")
            if let expected = nextID { expect(id == expected, "a refused commit used id \(id), expected \(expected)") }
            nextID = id + 1
        } catch {
            mismatch("commit threw \(error)")
        }
        if let predictedFailure {
            expect(predictedFailure == refused, "commit \(predictedFailure ? "should have been refused" : "was refused") (cap \(cap), oldest reader \(oldest.map { "\($0)" } ?? "none"))")
        }
        expect(store!.latestVersion == version, "latestVersion \(store!.latestVersion), expected \(version)")
        must("read after commit") {
            try store!.read { txn in try checkShape(txn, committed, "after commit") }
        }
    }

    func abort() {
        writer?.abort()
        writer = nil
    }

    /// Drops every transaction and handle and opens the file again (read-only once first, when
    /// asked); everything committed must be there.
    func reopen(readOnlyFirst: Bool) {
        abort()
        for reader in readers { reader.txn.abort() }
        readers.removeAll()
        store = nil
        if readOnlyFirst {
            var readOnly = options
            readOnly.readOnly = true
            let handle = must("open read-only") { try Store(path: path, options: readOnly) }
            expect(handle.latestVersion == version, "read-only reopen at version \(handle.latestVersion), expected \(version)")
            must("read after read-only reopen") { try handle.read { try checkAll($0, committed, "read-only reopen") } }
            expectReadOnly(handle)
        }
        store = must("reopen") { try Store(path: path, options: options) }
        nextID = nil // reopening skips ids ahead by an amount the model cannot know
        expect(store!.latestVersion == version, "reopened at version \(store!.latestVersion), expected \(version)")
        must("read after reopen") { try store!.read { try checkAll($0, committed, "reopen") } }
    }

    /// A read-only handle refuses to write.
    func expectReadOnly(_ handle: Store) {
        expect(handle.isReadOnly, "a read-only handle says it is writable")
        do {
            _ = try handle.beginWrite()
            mismatch("beginWrite on a read-only handle succeeded")
        } catch StorageError.readOnly {
        } catch {
            mismatch("beginWrite on a read-only handle threw \(error)")
        }
    }
}
