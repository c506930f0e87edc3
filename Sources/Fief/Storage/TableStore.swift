import FiefStorage

/// One class's objects seen through one transaction: locating, reading, inserting, updating,
/// deleting and scanning rows of its clusters (FORMAT.md, "Object storage").
struct TableStore {
    let binding: TableBinding
    let txn: Transaction
    let session: WriteSession?

    /// Most rows a cluster holds: enough for a fixed 8-byte column to fill one page.
    var clusterCapacity: Int { max(16, (txn.pageSize - 64) / 8) }

    func tree() throws -> Tree? { try txn.tree(binding.clusterTree) }

    private func writableTree() throws -> Tree {
        if let tree = try txn.tree(binding.clusterTree) { return tree }
        return try txn.createTree(binding.clusterTree)
    }

    private var cache: [UInt64: MutableCluster]? { session?.clusters[binding.className] }

    // MARK: Locating

    /// The start of the cluster that does or would hold `key`, and the next cluster's start.
    func clusterStart(for key: UInt64) throws -> (start: UInt64, next: UInt64?)? {
        guard let tree = try tree() else { return nil }
        var cursor = tree.makeCursor()
        guard try cursor.seek(atOrBefore: ClusterKey.make(key, 0xFFFF)) else { return nil }
        let start = cursor.key.withUnsafeBytes { ClusterKey.start($0) } ?? 0
        var next: UInt64?
        if try cursor.seek(atOrAfter: ClusterKey.make(start &+ 1, 0)), start != UInt64.max {
            next = cursor.key.withUnsafeBytes { ClusterKey.start($0) }
        }
        return (start, next)
    }

    /// The cluster start and row of an existing object.
    func locate(_ key: UInt64) throws -> (start: UInt64, row: Int)? {
        guard let (start, _) = try clusterStart(for: key) else { return nil }
        if let cluster = cache?[start] { return cluster.row(of: key).map { (start, $0) } }
        guard let tree = try tree() else { return nil }
        let row = try ClusterKey.make(start, 0).withUnsafeBytes { k in
            try tree.withValue(forKey: k) { ColumnChunk.row(of: key, inKeys: $0) }
        }
        return row.flatMap { $0 }.map { (start, $0) }
    }

    func exists(_ key: UInt64) throws -> Bool { try locate(key) != nil }

    /// One property of the object at a known location.
    func read(start: UInt64, row: Int, _ column: ColumnBinding) throws -> StoredValue {
        if let cluster = cache?[start] {
            if let values = cluster.columns[column.column] { return values[row] }
        }
        guard let tree = try tree() else { return column.defaultValue }
        let value = try ClusterKey.make(start, column.column).withUnsafeBytes { k in
            try tree.withValue(forKey: k) { ColumnChunk.value($0, row: row, type: column.type, collection: column.collection) }
        }
        return value ?? column.defaultValue
    }

    func read(_ key: UInt64, _ column: ColumnBinding) throws -> StoredValue? {
        guard let (start, row) = try locate(key) else { return nil }
        return try read(start: start, row: row, column)
    }

    // MARK: Mutable clusters

    private func loadCluster(_ start: UInt64) throws -> MutableCluster {
        guard let session else { throw RealmError.notInWriteTransaction }
        if let cluster = session.clusters[binding.className]?[start] { return cluster }
        if session.clusterCount >= WriteSession.cacheLimit { try TableStore.flush(session) }
        var keys: [UInt64] = []
        if let tree = try tree() {
            keys = try ClusterKey.make(start, 0).withUnsafeBytes { k in
                try tree.withValue(forKey: k) { ColumnChunk.keys($0) }
            } ?? []
        }
        let cluster = MutableCluster(start: start, keys: keys)
        session.clusters[binding.className, default: [:]][start] = cluster
        session.clusterCount += 1
        return cluster
    }

    private func loadColumn(_ cluster: MutableCluster, _ column: ColumnBinding) throws -> [StoredValue] {
        if let values = cluster.columns[column.column] { return values }
        var values: [StoredValue]?
        if let tree = try tree() {
            values = try ClusterKey.make(cluster.start, column.column).withUnsafeBytes { k in
                try tree.withValue(forKey: k) { ColumnChunk.decodeAll($0, type: column.type, collection: column.collection) }
            }
        }
        let loaded = values ?? Array(repeating: column.defaultValue, count: cluster.keys.count)
        cluster.columns[column.column] = loaded
        cluster.columnKinds[column.column] = (column.type, column.collection)
        return loaded
    }

    // MARK: Writing

    /// Adds a new object with `values` (one per entry of `binding.columns`; backlinks ignored).
    func insert(_ key: UInt64, _ values: [StoredValue]) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        let tree = try writableTree()
        var placement: (start: UInt64, next: UInt64?)
        if let hint = session.appendHint[binding.className], key >= hint.start, hint.next.map({ key < $0 }) ?? true {
            placement = hint
        } else if let found = try clusterStart(for: key) {
            placement = found
        } else {
            // Before every existing cluster (or the first object): a new cluster at `key`.
            try createCluster(key, tree: tree)
            placement = (key, try firstStart(after: key))
        }
        var cluster = try loadCluster(placement.start)
        if cluster.keys.count >= clusterCapacity {
            if let last = cluster.keys.last, key > last {
                try createCluster(key, tree: tree)
                placement = (key, placement.next)
                cluster = try loadCluster(key)
            } else {
                let (lower, upper) = try split(cluster, tree: tree)
                if key >= upper.start {
                    placement = (upper.start, placement.next)
                    cluster = upper
                } else {
                    placement = (lower.start, upper.start)
                    cluster = lower
                }
            }
        }
        session.appendHint[binding.className] = placement
        let row = cluster.insertionRow(of: key)
        if row < cluster.keys.count && cluster.keys[row] == key { throw RealmError.internalError("object key \(key) already exists") }
        for c in binding.columns where c.property.isStored {
            var column = try loadColumn(cluster, c)
            cluster.columns[c.column] = nil
            column.insert(values[c.position], at: row)
            cluster.columns[c.column] = column
            cluster.dirtyColumns.insert(c.column)
        }
        cluster.keys.insert(key, at: row)
        cluster.keysDirty = true
        for c in binding.columns where c.indexTree != nil {
            try IndexStore(txn: txn, column: c).add(values[c.position], key)
        }
    }

    private func firstStart(after key: UInt64) throws -> UInt64? {
        guard let tree = try tree() else { return nil }
        var cursor = tree.makeCursor()
        guard key != UInt64.max, try cursor.seek(atOrAfter: ClusterKey.make(key + 1, 0)) else { return nil }
        return cursor.key.withUnsafeBytes { ClusterKey.start($0) }
    }

    /// Registers a new empty cluster: its key chunk goes to the tree at once so lookups find it.
    private func createCluster(_ start: UInt64, tree: Tree) throws {
        try tree.put(ClusterKey.make(start, 0), ColumnChunk.encode([], type: nil, collection: .none), compressible: false)
        let cluster = MutableCluster(start: start, keys: [])
        cluster.keysDirty = true
        session!.clusters[binding.className, default: [:]][start] = cluster
        session!.clusterCount += 1
    }

    /// Splits a full cluster in two halves.
    private func split(_ cluster: MutableCluster, tree: Tree) throws -> (MutableCluster, MutableCluster) {
        for c in binding.columns where c.property.isStored { _ = try loadColumn(cluster, c) }
        let mid = cluster.keys.count / 2
        let upperStart = cluster.keys[mid]
        try createCluster(upperStart, tree: tree)
        let upper = session!.clusters[binding.className]![upperStart]!
        upper.keys = Array(cluster.keys[mid...])
        cluster.keys.removeSubrange(mid...)
        cluster.keysDirty = true
        for c in binding.columns where c.property.isStored {
            let values = cluster.columns[c.column]!
            upper.columns[c.column] = Array(values[mid...])
            upper.columnKinds[c.column] = (c.type, c.collection)
            cluster.columns[c.column] = Array(values[..<mid])
            cluster.dirtyColumns.insert(c.column)
            upper.dirtyColumns.insert(c.column)
        }
        session!.appendHint[binding.className] = nil
        return (cluster, upper)
    }

    /// Sets one property of an existing object. Returns the previous value.
    @discardableResult
    func update(_ key: UInt64, _ column: ColumnBinding, _ value: StoredValue) throws -> StoredValue {
        guard let (start, _) = try locate(key) else { throw RealmError.objectDeleted(binding.className) }
        let cluster = try loadCluster(start)
        guard let row = cluster.row(of: key) else { throw RealmError.objectDeleted(binding.className) }
        var values = try loadColumn(cluster, column)
        cluster.columns[column.column] = nil
        let old = values[row]
        values[row] = value
        cluster.columns[column.column] = values
        cluster.dirtyColumns.insert(column.column)
        if column.indexTree != nil && old != value {
            let index = IndexStore(txn: txn, column: column)
            try index.remove(old, key)
            try index.add(value, key)
        }
        return old
    }

    /// Removes an object's row. Returns its values (per `binding.columns`), or nil if absent.
    @discardableResult
    func delete(_ key: UInt64) throws -> [StoredValue]? {
        guard let (start, _) = try locate(key) else { return nil }
        let cluster = try loadCluster(start)
        guard let row = cluster.row(of: key) else { return nil }
        var old = Array(repeating: StoredValue.null, count: binding.columns.count)
        for c in binding.columns where c.property.isStored {
            var values = try loadColumn(cluster, c)
            cluster.columns[c.column] = nil
            old[c.position] = values.remove(at: row)
            cluster.columns[c.column] = values
            cluster.dirtyColumns.insert(c.column)
        }
        cluster.keys.remove(at: row)
        cluster.keysDirty = true
        session!.appendHint[binding.className] = nil
        for c in binding.columns where c.indexTree != nil {
            try IndexStore(txn: txn, column: c).remove(old[c.position], key)
        }
        return old
    }

    // MARK: Write-back

    /// Writes every changed cluster back to its tree and empties the cache.
    static func flush(_ session: WriteSession) throws {
        for (className, clusters) in session.clusters {
            guard let tree = try session.txn.tree("c." + className) else { continue }
            for start in clusters.keys.sorted() {
                let cluster = clusters[start]!
                if cluster.keys.isEmpty {
                    var doomed: [[UInt8]] = []
                    try tree.forEach(from: ClusterKey.make(start, 0)) { k, _ in
                        guard ClusterKey.start(k) == start else { return false }
                        doomed.append(Array(k))
                        return true
                    }
                    for k in doomed { try tree.delete(k) }
                    continue
                }
                if cluster.keysDirty {
                    let keys = cluster.keys.map { StoredValue.int(Int64(bitPattern: $0)) }
                    try tree.put(ClusterKey.make(start, 0), ColumnChunk.encode(keys, type: nil, collection: .none), compressible: false)
                }
                for column in cluster.dirtyColumns.sorted() {
                    guard let values = cluster.columns[column], let meta = cluster.columnKinds[column] else { continue }
                    try tree.put(ClusterKey.make(start, column),
                                 ColumnChunk.encode(values, type: meta.type, collection: meta.collection), compressible: false)
                }
            }
        }
        session.clusters = [:]
        session.clusterCount = 0
        session.appendHint = [:]
    }

    // MARK: Scanning

    /// Every cluster start, in key order.
    func clusterStarts() throws -> [UInt64] {
        guard let tree = try tree() else { return [] }
        var starts: [UInt64] = []
        try tree.forEach { k, _ in
            if k.count == 10 && ClusterKey.column(k) == 0, let s = ClusterKey.start(k) { starts.append(s) }
            return true
        }
        return starts
    }

    /// Calls `body` with each non-empty cluster's rows for `columns`, in key order.
    func forEachCluster(_ columns: [ColumnBinding], _ body: (ClusterRows) throws -> Bool) throws {
        guard let tree = try tree() else { return }
        for start in try clusterStarts() {
            if let cluster = cache?[start] {
                var sources: [ClusterRows.Source] = []
                for c in columns {
                    sources.append(c.property.isStored ? .values(try loadColumn(cluster, c)) : .missing(.null))
                }
                let rows = ClusterRows(start: start, count: cluster.keys.count,
                                       keySource: .values(cluster.keys.map { .int(Int64(bitPattern: $0)) }),
                                       columns: columns, sources: sources)
                if rows.count > 0, try !body(rows) { return }
                continue
            }
            let keepGoing = try ClusterKey.make(start, 0).withUnsafeBytes { k in
                try tree.withValue(forKey: k) { keyChunk -> Bool in
                    guard let layout = ColumnChunk.Layout(keyChunk), layout.count > 0 else { return true }
                    return try withChunks(tree, start, columns, 0, []) { sources in
                        try body(ClusterRows(start: start, count: layout.count, keySource: .chunk(keyChunk, layout),
                                             columns: columns, sources: sources))
                    }
                } ?? true
            }
            if !keepGoing { return }
        }
    }

    private func withChunks(_ tree: Tree, _ start: UInt64, _ columns: [ColumnBinding], _ i: Int,
                            _ acc: [ClusterRows.Source], _ body: ([ClusterRows.Source]) throws -> Bool) throws -> Bool {
        if i == columns.count { return try body(acc) }
        let column = columns[i]
        guard column.property.isStored else { return try withChunks(tree, start, columns, i + 1, acc + [.missing(.null)], body) }
        let found = try ClusterKey.make(start, column.column).withUnsafeBytes { k in
            try tree.withValue(forKey: k) { chunk -> Bool in
                guard let layout = ColumnChunk.Layout(chunk) else { return try withChunks(tree, start, columns, i + 1, acc + [.missing(column.defaultValue)], body) }
                return try withChunks(tree, start, columns, i + 1, acc + [.chunk(chunk, layout)], body)
            }
        }
        if let found { return found }
        return try withChunks(tree, start, columns, i + 1, acc + [.missing(column.defaultValue)], body)
    }

    /// Every object key, in order.
    func allKeys() throws -> [UInt64] {
        var keys: [UInt64] = []
        try forEachCluster([]) { rows in
            for r in 0..<rows.count { keys.append(rows.key(r)) }
            return true
        }
        return keys
    }
}
