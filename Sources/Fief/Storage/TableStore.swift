import FiefStorage

/// One class's objects seen through one transaction: locating, reading, inserting, updating,
/// deleting and scanning rows of its clusters (FORMAT.md, "Object storage").
final class TableStore {
    let binding: TableBinding
    let txn: Transaction
    let session: WriteSession?
    let directory: ClusterDirectory
    /// Whether a cluster's chunks are all looked up when it is first pinned, so that a pinned
    /// cluster never changes after (a frozen realm's readers use them from several threads).
    let pinsWholeClusters: Bool
    /// ``clusterCapacity(pageSize:)`` for the transaction's page size, read once (each
    /// insert checks it).
    private let rowsPerCluster: Int

    /// Most rows a cluster holds: enough for a fixed 8-byte column to fill one page.
    static func clusterCapacity(pageSize: Int) -> Int { max(16, (pageSize - 64) / 8) }

    /// Builds the store. The cluster starts of the version the transaction reads are taken
    /// from `known` (the coordinator keeps them for recent versions); otherwise a write
    /// transaction reads them from the tree at once, and a read transaction when it first needs
    /// them all (then records them in `known`).
    init(binding: TableBinding, txn: Transaction, session: WriteSession?, known: DirectoryCache?,
         pinsWholeClusters: Bool = false) throws {
        self.binding = binding
        self.txn = txn
        self.session = session
        self.pinsWholeClusters = pinsWholeClusters
        rowsPerCluster = Self.clusterCapacity(pageSize: txn.pageSize)
        // A write transaction that already changed this class's clusters reads them afresh.
        let unchanged = !(session?.modifiedTables.contains(binding.tableID) ?? false)
        if unchanged, let starts = known?.starts(binding.className, version: txn.version) {
            directory = ClusterDirectory(starts: starts)
        } else if session != nil {
            let starts = try Self.loadStarts(txn, binding.clusterTree)
            if unchanged { known?.store(binding.className, version: txn.version, starts: starts) }
            directory = ClusterDirectory(starts: starts)
        } else {
            directory = ClusterDirectory { [binding] in
                // Needing every start means a scan or many lookups: most of the class will be
                // read, so let the map read around faults (see `Transaction.expectScan`).
                txn.expectScan()
                let starts = try Self.loadStarts(txn, binding.clusterTree)
                known?.store(binding.className, version: txn.version, starts: starts)
                return starts
            }
        }
    }

    func tree() throws -> Tree? {
        if directory.treeLoaded { return directory.tree }
        directory.tree = try txn.tree(binding.clusterTree)
        directory.treeLoaded = true
        return directory.tree
    }

    private func writableTree() throws -> Tree {
        if let tree = try tree() { return tree }
        let tree = try txn.createTree(binding.clusterTree)
        directory.tree = tree
        return tree
    }

    /// The cluster starting at `start` if this write transaction decoded it.
    private func cached(_ start: UInt64) -> MutableCluster? { session?.clusters[binding.tableID, start] }

    private static func loadStarts(_ txn: Transaction, _ name: String) throws -> [UInt64] {
        guard let tree = try txn.tree(name) else { return [] }
        var starts: [UInt64] = []
        // Keys only: the column chunks (often large values outside the leaves) are not read.
        try tree.forEachKey { k in
            if k.count == 10 && ClusterKey.column(k) == 0, let s = ClusterKey.start(k) { starts.append(s) }
            return true
        }
        return starts
    }

    // MARK: Pinned chunks (read transactions)

    /// The chunk of `column` in cluster `start`, in place for the rest of the transaction;
    /// `.some(nil)` when the cluster has no such chunk; nil when chunks cannot be pinned (write
    /// transactions, compressed values): read through the tree then.
    private func pinnedChunk(_ start: UInt64, _ column: UInt16) throws -> (UnsafeRawBufferPointer, ColumnChunk.Layout)?? {
        guard session == nil, let tree = try tree(), tree.supportsStableValues else { return nil }
        let cluster: PinnedCluster
        if let existing = directory.pinned[start] {
            if let known = existing.chunk(column) { return known }
            cluster = existing
        } else {
            guard let pinned = try pinNewCluster(start) else { return nil }
            if let known = pinned.chunk(column) { return known }
            cluster = pinned
        }
        // A whole cluster's chunk not pinned is one that cannot be: read it through the tree.
        guard !pinsWholeClusters, let found = try Self.stableChunk(tree, start, column) else { return nil }
        cluster.set(column, found)
        return .some(found)
    }

    /// The pinned chunks of cluster `start` (nil in write transactions, or when chunks cannot
    /// be pinned). When the store pins whole clusters, every column's chunk is looked up now.
    @inline(__always)
    func pinnedCluster(_ start: UInt64) throws -> PinnedCluster? {
        if let existing = directory.pinned[start] { return existing }
        return try pinNewCluster(start)
    }

    /// Pins cluster `start`, not pinned yet (kept out of line: the lookup above is on every read).
    @inline(never)
    private func pinNewCluster(_ start: UInt64) throws -> PinnedCluster? {
        guard session == nil, let tree = try tree(), tree.supportsStableValues else { return nil }
        // While the starts are not read, the transaction reads only a few objects, likely the
        // first reads of a file not in memory: start reading every chunk of the cluster that
        // lies outside the tree's pages at once, rather than waiting for each column in turn.
        if directory.loadedStarts == nil {
            try ClusterKey.withPrefix(start) { try tree.prefetchValues(withPrefix: $0) }
        }
        let cluster = PinnedCluster()
        if pinsWholeClusters {
            for column in [0] + binding.columns.filter(\.property.isStored).map(\.column) {
                if let found = try Self.stableChunk(tree, start, column) { cluster.set(column, found) }
            }
        }
        directory.pinned.set(cluster, for: start)
        return cluster
    }

    /// Chunk `column` of cluster `start` in place in the map: `.some(nil)` when the cluster has
    /// no such chunk, nil when it is stored in a way that needs a temporary buffer.
    private static func stableChunk(_ tree: Tree, _ start: UInt64, _ column: UInt16) throws
        -> (UnsafeRawBufferPointer, ColumnChunk.Layout)?? {
        guard let bytes = try ClusterKey.with(start, column, { try tree.stableValue(forKey: $0) }) else {
            let present = try ClusterKey.with(start, column) { try tree.withValue(forKey: $0) { _ in true } } ?? false
            return present ? nil : .some(nil)
        }
        guard let layout = ColumnChunk.Layout(bytes) else { return nil }
        return .some((bytes, layout))
    }

    // MARK: Locating

    /// The cluster start and row of an existing object. Inlined for the bulk load's case (an
    /// added object's primary-key check: a call and its retains cost about 50 instructions an
    /// object); ``locateInTree(_:)`` does the rest.
    @inline(__always)
    func locate(_ key: UInt64) throws -> (start: UInt64, row: Int)? {
        // In a write transaction, a key in the range of the cluster the last insert used (the
        // primary-key check of the next insert, in a bulk load) is looked up there directly.
        if let session, let hint = session.appendHint(binding.tableID, covering: key) {
            return hint.cluster.row(of: key).map { (hint.cluster.start, $0) }
        }
        return try locateInTree(key)
    }

    /// ``locate(_:)`` through the cluster directory.
    private func locateInTree(_ key: UInt64) throws -> (start: UInt64, row: Int)? {
        guard let tree = try tree(), let start = try directory.clusterStart(containing: key, in: tree) else { return nil }
        if let cluster = cached(start) { return cluster.row(of: key).map { (start, $0) } }
        if let pinned = try pinnedChunk(start, 0) {
            guard let (keys, _) = pinned else { return nil }
            return ColumnChunk.row(of: key, inKeys: keys).map { (start, $0) }
        }
        let row = try ClusterKey.with(start, 0) { k in
            try tree.withValue(forKey: k) { ColumnChunk.row(of: key, inKeys: $0) }
        }
        return row.flatMap { $0 }.map { (start, $0) }
    }

    func exists(_ key: UInt64) throws -> Bool { try locate(key) != nil }

    /// One property of the object at a known location.
    func read(start: UInt64, row: Int, _ column: ColumnBinding) throws -> StoredValue {
        if let cluster = cached(start), let value = cluster.value(column.column, row) { return value }
        guard column.property.isStored else { return column.defaultValue }
        if let pinned = try pinnedChunk(start, column.column) {
            guard let (chunk, layout) = pinned else { return column.defaultValue }
            return ColumnChunk.value(chunk, layout, row: row, type: column.type, collection: column.collection)
        }
        guard let tree = try tree() else { return column.defaultValue }
        let value = try ClusterKey.with(start, column.column) { k in
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
        if let cluster = session.clusters[binding.tableID, start] { return cluster }
        try Self.flushIfOverLimits(session)
        session.noteLoad(binding.tableID, start)
        var keys: [UInt64] = []
        if let tree = try tree() {
            keys = try ClusterKey.with(start, 0) { k in
                try tree.withValue(forKey: k) { ColumnChunk.keys($0) }
            } ?? []
        }
        let cluster = MutableCluster(start: start, keys: keys, treeName: binding.clusterTree)
        session.clusters.insert(cluster, table: binding.tableID, start: start)
        session.clusterCount += 1
        return cluster
    }

    /// Makes sure column `c` of `cluster` is decoded.
    private func loadColumn(_ cluster: MutableCluster, _ c: ColumnBinding) throws {
        if cluster.has(c.column) { return }
        var values: ColumnValues?
        if let tree = try tree() {
            values = try ClusterKey.with(cluster.start, c.column) { k in
                try tree.withValue(forKey: k) { ColumnChunk.decodeColumn($0, type: c.type, collection: c.collection) }
            }
        }
        if let decoded = values, decoded.count != cluster.keys.count {
            throw RealmError.internalError("cluster \(cluster.start) of \(binding.className): column \(c.property.name) has \(decoded.count) rows, keys have \(cluster.keys.count)")
        }
        let filled = values ?? ColumnValues(Array(repeating: c.defaultValue, count: cluster.keys.count), type: c.type, collection: c.collection)
        cluster.set(c.column, MutableCluster.Column(values: filled, type: c.type, collection: c.collection))
        session?.cachedValues += cluster.keys.count
    }

    // MARK: Writing

    /// Adds a new object with `values` (one per entry of `binding.columns`; backlinks ignored).
    func insert(_ key: UInt64, _ values: [StoredValue]) throws {
        try values.withUnsafeBufferPointer { try insert(key, from: CopiedRow(values: $0)) }
    }

    /// Adds a new object whose values (one per entry of `binding.columns`; backlinks ignored)
    /// come from `source`.
    func insert<Source: NewRowSource>(_ key: UInt64, from source: Source) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        try insert(key, from: source, in: session)
    }

    /// ``insert(_:from:)`` in `session`, the store's write session, which the caller holds
    /// (reading it again costs a retain and a release an object).
    func insert<Source: NewRowSource>(_ key: UInt64, from source: Source, in session: WriteSession) throws {
        assert(session === self.session, "insert(_:from:in:) with another write session")
        let (cluster, row) = try placeNewRow(key, source, session)
        cluster.insertRow(key, at: row, from: source, binding.storedSlots)
        noteInserted(key, session)
    }

    /// Finds (or makes) the cluster a new object `key` goes to, with every column of its row
    /// loaded, and adds its indexed values to their indexes; returns the cluster and the row
    /// the object takes there. `session` is the store's own, read once by the caller.
    @inline(__always)
    private func placeNewRow<Source: NewRowSource>(_ key: UInt64, _ source: Source,
                                                   _ session: WriteSession) throws -> (MutableCluster, Int) {
        var cluster: MutableCluster
        var next: UInt64?
        // Whether the hint must be set again: not while a bulk load stays in the hinted cluster
        // (setting it costs a retain, a uniqueness check and two releases an object).
        var placementChanged = true
        // A cluster a bulk load opens past a full one: it will most likely fill up too.
        var opensBulkCluster = false
        if let hint = session.appendHint(binding.tableID, covering: key) {
            // A bulk load: the cluster the last insert used (the tree exists).
            (cluster, next) = (hint.cluster, hint.next)
            placementChanged = false
        } else {
            let tree = try writableTree()
            let placement: (start: UInt64, next: UInt64?)
            if let found = try directory.cluster(containing: key) {
                placement = found
            } else {
                // No cluster starts at or below `key`: the leftmost cluster starts at 0, so keys
                // arriving in descending order fill it instead of making one cluster each.
                try createCluster(0, tree: tree, session)
                placement = (0, try directory.start(after: 0))
            }
            cluster = try loadCluster(placement.start)
            next = placement.next
        }
        if cluster.keys.count >= rowsPerCluster {
            placementChanged = true
            let tree = try writableTree()
            if let last = cluster.keys.last, key > last {
                // A bulk load leaves the full cluster behind: it goes to the tree now, while its
                // columns are still in the processor's cache, and the memory it frees holds the
                // next cluster's. The cache may be written back here too (it is not while a
                // cluster is being split).
                if session.writesBackFullClusters { try writeBack(cluster, to: tree, session) }
                try Self.flushIfOverLimits(session)
                try createCluster(key, tree: tree, session)
                cluster = try loadCluster(key)
                opensBulkCluster = true
            } else {
                let upper = try split(cluster, tree: tree, session)
                if key >= upper.start { cluster = upper } else { next = upper.start }
            }
        }
        if placementChanged { session.setAppendHint(AppendHint(cluster: cluster, next: next), binding.tableID) }
        session.mutations &+= 1
        let row = cluster.insertionRow(of: key)
        if row < cluster.keys.count && cluster.keys[row] == key { throw RealmError.internalError("object key \(key) already exists") }
        if !cluster.hasRowColumns(of: binding) {
            for slot in binding.storedSlots where !cluster.has(slot.column) { try loadColumn(cluster, binding.columns[slot.position]) }
        }
        // Room for a full cluster at once: growing each column by doubling copied every value
        // about once more (55 instructions an object in O14's bulk insert).
        if opensBulkCluster { cluster.reserveCapacity(rowsPerCluster) }
        // Checked first: a `for` over the empty array still makes its iterator, a retain and a
        // release (43 instructions an object in O14's bulk insert).
        if !binding.indexedColumns.isEmpty {
            for c in binding.indexedColumns {
                try IndexStore(txn: txn, column: c, directory: directory).add(source.value(c.position), key)
            }
        }
        return (cluster, row)
    }

    /// Records a new object's row, once it is in its cluster.
    @inline(__always)
    private func noteInserted(_ key: UInt64, _ session: WriteSession) {
        session.cachedValues += binding.storedSlots.count
        session.undoLog?.created(binding.className, key)
        // A key deleted earlier in the transaction names this new object now: links to it stay.
        if !session.deleted.isEmpty, session.deleted[binding.className]?.remove(key) != nil,
           session.deleted[binding.className]?.isEmpty == true {
            session.deleted[binding.className] = nil
        }
    }

    /// Registers a new empty cluster: its key chunk goes to the tree at once so scans find it.
    private func createCluster(_ start: UInt64, tree: Tree, _ session: WriteSession) throws {
        try tree.put(ClusterKey.make(start, 0), ColumnChunk.encodeKeys([]), compressible: false)
        let cluster = MutableCluster(start: start, keys: [], treeName: binding.clusterTree)
        cluster.keysDirty = true
        session.clusters.insert(cluster, table: binding.tableID, start: start)
        session.clusterCount += 1
        session.modifiedTables.insert(binding.tableID)
        directory.insert(start)
    }

    /// Splits a full cluster in two halves; returns the upper half.
    private func split(_ cluster: MutableCluster, tree: Tree, _ session: WriteSession) throws -> MutableCluster {
        for c in binding.columns where c.property.isStored { try loadColumn(cluster, c) }
        let mid = cluster.keys.count / 2
        let upperStart = cluster.keys[mid]
        try createCluster(upperStart, tree: tree, session)
        let upper = session.clusters[binding.tableID, upperStart]!
        upper.keys = Array(cluster.keys[mid...])
        cluster.keys.removeSubrange(mid...)
        cluster.keysDirty = true
        for number in cluster.loadedColumns {
            let column = cluster.columns[Int(number)]!
            let upperValues = cluster.modify(number) { $0.split(at: mid) }
            upper.set(number, MutableCluster.Column(values: upperValues, type: column.type, collection: column.collection, dirty: true))
        }
        session.setAppendHint(nil, binding.tableID)
        return upper
    }

    /// Sets one property of an existing object. Returns the previous value.
    @discardableResult
    func update(_ key: UInt64, _ column: ColumnBinding, _ value: StoredValue) throws -> StoredValue {
        guard let (start, _) = try directory.cluster(containing: key) else { throw RealmError.objectDeleted(binding.className) }
        let cluster = try loadCluster(start)
        guard let row = cluster.row(of: key) else { throw RealmError.objectDeleted(binding.className) }
        session?.mutations &+= 1
        try loadColumn(cluster, column)
        let old = cluster.modify(column.column) { $0.replace(at: row, with: value) }
        if column.indexTree != nil && old != value {
            let index = IndexStore(txn: txn, column: column, directory: directory)
            try index.remove(old, key)
            try index.add(value, key)
        }
        session?.undoLog?.updated(binding.className, key, column.property.columnName, old: old)
        return old
    }

    /// Removes an object's row. Returns its values (per `binding.columns`), or nil if absent.
    @discardableResult
    func delete(_ key: UInt64) throws -> [StoredValue]? {
        guard let session, let (start, _) = try directory.cluster(containing: key) else { return nil }
        let cluster = try loadCluster(start)
        guard let row = cluster.row(of: key) else { return nil }
        session.mutations &+= 1
        var old = Array(repeating: StoredValue.null, count: binding.columns.count)
        for c in binding.columns where c.property.isStored { try loadColumn(cluster, c) }
        for c in binding.columns where c.property.isStored { old[c.position] = cluster.value(c.column, row)! }
        // Every loaded column loses the row, including columns of another schema version.
        for number in cluster.loadedColumns { cluster.modify(number) { $0.remove(at: row) } }
        cluster.keys.remove(at: row)
        cluster.keysDirty = true
        session.setAppendHint(nil, binding.tableID)
        for c in binding.indexedColumns {
            try IndexStore(txn: txn, column: c, directory: directory).remove(old[c.position], key)
        }
        if session.undoLog != nil {
            var row: [String: StoredValue] = [:]
            for c in binding.columns where c.property.isStored { row[c.property.columnName] = old[c.position] }
            session.undoLog!.deleted(binding.className, key, row: row)
        }
        return old
    }

    // MARK: Write-back

    /// Writes the cache back when it holds ``WriteSession/cacheLimit`` clusters or
    /// ``WriteSession/valueLimit`` values.
    private static func flushIfOverLimits(_ session: WriteSession) throws {
        if session.cachedValues >= session.valueLimit, session.growValueLimitIfRevisiting(),
           session.cachedValues < session.valueLimit, session.clusterCount < WriteSession.cacheLimit {
            return
        }
        if session.clusterCount >= WriteSession.cacheLimit || session.cachedValues >= session.valueLimit {
            try flush(session)
        }
    }

    /// Writes every changed cluster back to its tree and empties the cache. Empty clusters
    /// are removed (from the tree and from the cached directories).
    static func flush(_ session: WriteSession) throws {
        let byTable = session.clusters.byTable
        for (tableID, clusters) in byTable {
            guard let any = clusters.first, let tree = try session.txn.tree(any.treeName) else { continue }
            for cluster in clusters {
                if cluster.keys.isEmpty {
                    let start = cluster.start
                    var doomed: [[UInt8]] = []
                    try tree.forEach(from: ClusterKey.make(start, 0)) { k, _ in
                        guard ClusterKey.start(k) == start else { return false }
                        doomed.append(Array(k))
                        return true
                    }
                    for k in doomed { try tree.delete(k) }
                    session.removedClusters[tableID, default: []].append(start)
                    session.modifiedTables.insert(tableID)
                    continue
                }
                try write(cluster, to: tree)
            }
        }
        session.noteWriteBack(byTable)
        session.clusters.removeAll()
        session.clusterCount = 0
        session.cachedValues = 0
        session.writeBacks += 1
        session.clearAppendHints()
    }

    /// Writes one full cluster a bulk load leaves behind back to the tree and drops it from the
    /// cache (the insert that leaves it sets the class's append hint to the next cluster).
    private func writeBack(_ cluster: MutableCluster, to tree: Tree, _ session: WriteSession) throws {
        try Self.write(cluster, to: tree)
        session.clusters.remove(table: binding.tableID, start: cluster.start)
        session.clusterCount -= 1
        session.cachedValues = max(0, session.cachedValues - cluster.loadedColumns.count * cluster.keys.count)
        session.noteFullClusterWrittenBack(binding.tableID, cluster.start)
    }

    /// Puts a cluster's keys, when they changed, and each changed column into `tree`.
    private static func write(_ cluster: MutableCluster, to tree: Tree) throws {
        let start = cluster.start
        if cluster.keysDirty {
            try tree.put(ClusterKey.make(start, 0), ColumnChunk.encodeKeys(cluster.keys), compressible: false)
        }
        for number in cluster.loadedColumns {
            let column = cluster.columns[Int(number)]!
            guard column.dirty else { continue }
            try tree.put(ClusterKey.make(start, number),
                         ColumnChunk.encode(column.values, type: column.type, collection: column.collection), compressible: false)
        }
    }

    // MARK: Scanning

    /// Calls `body` with each non-empty cluster's rows for `columns`, in key order.
    func forEachCluster(_ columns: [ColumnBinding], _ body: (ClusterRows) throws -> Bool) throws {
        guard let tree = try tree() else { return }
        var visited = 0
        for start in try directory.starts() {
            // A scan past its first cluster reads most of the table: let the map read around.
            visited += 1
            if visited == 2 { txn.expectScan() }
            if let cluster = cached(start) {
                var sources: [ClusterRows.Source] = []
                for c in columns {
                    if c.property.isStored {
                        try loadColumn(cluster, c)
                        sources.append(.values(cluster.values(c.column)!))
                    } else {
                        sources.append(.missing(.null))
                    }
                }
                let rows = ClusterRows(start: start, count: cluster.keys.count, keySource: .keys(cluster.keys),
                                       columns: columns, sources: sources)
                if rows.count > 0, try !body(rows) { return }
                continue
            }
            // Read transactions: chunks pinned in place (looked up once per transaction).
            if let keys = try pinnedChunk(start, 0) {
                guard let (keyChunk, keyLayout) = keys, keyLayout.count > 0 else { continue }
                var sources: [ClusterRows.Source] = []
                sources.reserveCapacity(columns.count)
                var pinnable = true
                for c in columns {
                    guard c.property.isStored else { sources.append(.missing(.null)); continue }
                    guard let chunk = try pinnedChunk(start, c.column) else { pinnable = false; break }
                    if let (bytes, layout) = chunk { sources.append(.chunk(bytes, layout)) } else { sources.append(.missing(c.defaultValue)) }
                }
                if pinnable {
                    if try !body(ClusterRows(start: start, count: keyLayout.count, keySource: .chunk(keyChunk, keyLayout),
                                             columns: columns, sources: sources)) { return }
                    continue
                }
            }
            let keepGoing = try ClusterKey.with(start, 0) { k in
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
        let found = try ClusterKey.with(start, column.column) { k in
            try tree.withValue(forKey: k) { chunk -> Bool in
                guard let layout = ColumnChunk.Layout(chunk) else {
                    return try withChunks(tree, start, columns, i + 1, acc + [.missing(column.defaultValue)], body)
                }
                return try withChunks(tree, start, columns, i + 1, acc + [.chunk(chunk, layout)], body)
            }
        }
        if let found { return found }
        return try withChunks(tree, start, columns, i + 1, acc + [.missing(column.defaultValue)], body)
    }

    /// The object keys that can still be read, cluster by cluster, and the clusters whose key
    /// chunk cannot (a damaged page): their first key, the next cluster's, and the error.
    /// Reads the file only (no write transaction's changes). For salvage.
    func readableKeys() throws -> (keys: [UInt64], lost: [(start: UInt64, next: UInt64?, error: any Error)]) {
        var keys: [UInt64] = []
        var lost: [(start: UInt64, next: UInt64?, error: any Error)] = []
        guard let tree = try tree() else { return ([], []) }
        let starts = try directory.starts()
        for (i, start) in starts.enumerated() {
            do {
                let cluster: [UInt64] = try ClusterKey.with(start, 0) { k in
                    try tree.withValue(forKey: k) { chunk in
                        guard let layout = ColumnChunk.Layout(chunk) else { return [] }
                        let rows = ClusterRows(start: start, count: layout.count, keySource: .chunk(chunk, layout), columns: [], sources: [])
                        return (0..<layout.count).map(rows.key)
                    }
                } ?? []
                keys.append(contentsOf: cluster)
            } catch {
                lost.append((start, i + 1 < starts.count ? starts[i + 1] : nil, error))
            }
        }
        return (keys, lost)
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
