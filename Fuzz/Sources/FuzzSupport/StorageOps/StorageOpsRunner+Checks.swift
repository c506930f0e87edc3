import FiefStorage

/// Long-lived readers, verification and whole-store comparisons.
extension StorageOpsRunner {
    func openReader() {
        if readers.count >= StorageOpsRunner.maximumReaders { readers.removeFirst().txn.abort() }
        let txn = must("beginRead") { try store!.beginRead() }
        expect(txn.version == version, "reader opened at version \(txn.version), expected \(version)")
        readers.append(Reader(txn: txn, model: committed, version: version))
    }

    func checkReader(_ operand: UInt8) {
        guard !readers.isEmpty else { return }
        let index = Int(operand) % readers.count
        let reader = readers[index]
        expect(reader.txn.version == reader.version, "reader \(index) moved from version \(reader.version) to \(reader.txn.version)")
        must("check reader \(index)") { try checkAll(reader.txn, reader.model, "reader \(index) at version \(reader.version) (newest \(version))") }
    }

    func closeReader(_ operand: UInt8) {
        guard !readers.isEmpty else { return }
        readers.remove(at: Int(operand) % readers.count).txn.abort()
    }

    /// verify(), info() and a second, read-only handle all agree with the model; so does the
    /// write transaction, when one is open.
    func verify() {
        let store = store!
        let report = must("verify") { try store.verify() }
        expect(report.isValid, "verify() found problems:\n\(report)")
        expect(report.version == version, "verify() checked version \(report.version), expected \(version)")
        let expected = committed.sortedNames.map { "\($0)=\(committed.trees[$0]!.count)" }
        let verified = report.trees.sorted { byteOrder($0.name, $1.name) }.map { "\($0.name)=\($0.entries)" }
        expect(verified == expected, "verify() reports trees \(verified), model \(expected)")
        let info = must("info") { try store.info() }
        expect(info.version == version && info.pageSize == options.pageSize,
               "info() says version \(info.version), page size \(info.pageSize)")
        let listed = info.trees.map { "\($0.name)=\($0.entries)" }
        expect(listed == expected, "info() lists trees \(listed), model \(expected)")
        var readOnly = options
        readOnly.readOnly = true
        let handle = must("open a read-only handle") { try Store(path: path, options: readOnly) }
        expect(handle.latestVersion == version, "read-only handle at version \(handle.latestVersion), expected \(version)")
        expectReadOnly(handle)
        if let writer { must("check the write transaction") { try checkAll(writer, pending, "write transaction") } }
    }

    /// Tree names and counts match.
    func checkShape(_ txn: Transaction, _ model: StoreModel, _ label: String) throws {
        let names = try txn.treeNames()
        expect(names == model.sortedNames, "\(label): trees \(names), model \(model.sortedNames)")
        for name in names { _ = try tree(txn, name, model, label) }
    }

    /// Every entry of every tree matches, read forward and backward.
    func checkAll(_ txn: Transaction, _ model: StoreModel, _ label: String) throws {
        try checkShape(txn, model, label)
        for name in model.sortedNames {
            guard let (tree, treeModel) = try tree(txn, name, model, label) else { continue }
            var index = 0
            try tree.forEach { key, value in
                expect(index < treeModel.count, "\(label): tree '\(name)' has more than \(treeModel.count) entries")
                let expectedKey = treeModel.keys[index]
                expect(Array(key) == expectedKey, "\(label): tree '\(name)' entry \(index) is \(Array(key)), model \(expectedKey)")
                expect(Array(value) == treeModel.entries[expectedKey]!, "\(label): tree '\(name)' value of \(expectedKey) differs")
                index += 1
                return true
            }
            expect(index == treeModel.count, "\(label): tree '\(name)' has \(index) entries, model \(treeModel.count)")
            index = treeModel.count
            try tree.forEach(reverse: true) { key, _ in
                index -= 1
                expect(index >= 0 && Array(key) == treeModel.keys[index], "\(label): tree '\(name)' reverse entry is \(Array(key)), model \(index >= 0 ? "\(treeModel.keys[index])" : "none")")
                return true
            }
            expect(index == 0, "\(label): tree '\(name)' reverse scan stopped \(index) entries early")
        }
    }
}
