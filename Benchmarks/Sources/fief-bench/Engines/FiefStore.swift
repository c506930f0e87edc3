import FiefStorage

/// A FiefStorage store holding the benchmark's one tree.
final class FiefStore: KVStore {
    private var store: Store?
    private let path: String

    init(path: String, options: StorageOptions) throws {
        self.path = path
        store = try Store(path: path, options: options)
    }

    /// Creates the benchmark tree (committed, so the store is ready for readers).
    func createTree() throws {
        try open().write { txn in
            try txn.createTree(FiefEngine.treeName)
        }
    }

    func putInOneTransaction(_ puts: PutList, _ range: Range<Int>) throws {
        try open().write { txn in
            let tree = try txn.createTree(FiefEngine.treeName)
            for j in range {
                try tree.put(puts.key(j), puts.value(j))
            }
        }
    }

    func putEachInOwnTransaction(_ puts: PutList, _ range: Range<Int>) throws {
        let store = try open()
        for j in range {
            try store.write { txn in
                try txn.createTree(FiefEngine.treeName).put(puts.key(j), puts.value(j))
            }
        }
    }

    func get(_ keys: RecordArena, order: [Int]) throws -> Digest {
        try open().read { txn in
            let tree = try Self.tree(in: txn)
            var digest = Digest()
            for index in order {
                let key = keys[index]
                try tree.withValue(forKey: key) { digest.add(key: key, value: $0) }
            }
            return digest
        }
    }

    func scan() throws -> ScanSummary {
        try open().read { try Self.scan($0) }
    }

    func beginLongLivedReader() throws -> any LongLivedReader {
        FiefReader(txn: try open().beginRead())
    }

    /// Drops the only handle, which closes the file (FiefStorage has no explicit close).
    func close() throws {
        store = nil
    }

    private func open() throws -> Store {
        guard let store else { throw BenchError.engine(name: "Fief", operation: "use", message: "\(path) is closed") }
        return store
    }

    fileprivate static func tree(in txn: Transaction) throws -> Tree {
        guard let tree = try txn.tree(FiefEngine.treeName) else {
            throw BenchError.engine(name: "Fief", operation: "tree(\"\(FiefEngine.treeName)\")", message: "the tree is missing")
        }
        return tree
    }

    fileprivate static func scan(_ txn: Transaction) throws -> ScanSummary {
        var accumulator = ScanAccumulator()
        try tree(in: txn).forEach { key, value in
            accumulator.visit(key: key, value: value)
            return true
        }
        return accumulator.summary
    }
}

/// A FiefStorage read transaction kept open.
private final class FiefReader: LongLivedReader {
    private let txn: Transaction

    init(txn: Transaction) {
        self.txn = txn
    }

    func scan() throws -> ScanSummary {
        try FiefStore.scan(txn)
    }

    func end() throws {
        txn.abort()
    }
}
