import CLZ4

/// A consistent view of the store, and for write transactions the only way to change it.
///
/// A read transaction sees the version that was newest when it began, however many commits
/// follow; it never blocks the writer. A write transaction sees its own changes; it is the only
/// writer until it commits or aborts. End every transaction: ``Store/read(_:)`` and
/// ``Store/write(_:)`` do it for you.
///
/// A transaction belongs to the thread or task that uses it; it is not `Sendable`.
///
/// ```swift
/// try store.write { txn in
///     let users = try txn.createTree("users")
///     try users.put(Array("alice".utf8), Array("admin".utf8))
/// }
/// let role = try store.read { try $0.tree("users")?.get(Array("alice".utf8)) }
/// ```
public final class Transaction {
    let env: Environment
    let snapshot: Snapshot
    let mapped: MappedPages
    /// Decrypts this transaction's reads of an encrypted store (`mapped` refers to it).
    let decryptor: PageDecryptor?
    /// Whether this transaction may change the store.
    public let isWritable: Bool
    private(set) var isOpen = true

    @exclusivity(unchecked) var trees: [TreeState] = []
    /// Where each of `trees` sits, by name, once there are more than `namesSearchedInOrder`:
    /// fewer are found by comparing names, cheaper than hashing them into a new dictionary in
    /// every transaction.
    @exclusivity(unchecked) private var treesByName: [String: Int]?
    private static let namesSearchedInOrder = 8

    // Write transactions only.
    @exclusivity(unchecked) var catalog: TreeState
    let dirty = DirtyPageTable()
    @exclusivity(unchecked) var allocator: PageAllocator
    let path = DescentPath()
    @exclusivity(unchecked) var mutationCount = 0
    @exclusivity(unchecked) var appendHint: AppendHint?
    let workspace: Workspace?

    /// The version this transaction reads (for a write transaction, the one it started from).
    public var version: UInt64 { snapshot.meta.txnID }

    /// For a write transaction, the version its commit creates (what ``Store/latestVersion``
    /// reads after it commits); nil for a read transaction.
    public var commitVersion: UInt64? { isWritable ? txnID : nil }

    /// The store's page size in bytes.
    public var pageSize: Int { env.pageSize }

    /// Tells the store that this transaction is about to read a large part of the file in
    /// order (a scan of a whole table, say). A store's memory map starts by reading only the
    /// pages a fault touches, which keeps opening a large cold file and reading a few records
    /// cheap; after this call, faults read around the faulted page again, for this and every
    /// later version, which suits scans. Only a hint: results never depend on it.
    ///
    /// ```swift
    /// txn.expectScan()
    /// try tree.forEach { key, value in … }
    /// ```
    public func expectScan() {
        snapshot.map.allowReadAround()
    }
    /// For a write transaction, the id its commit will have (0 for a read transaction).
    let txnID: UInt64

    init(env: Environment, writable: Bool) throws {
        self.env = env
        isWritable = writable
        if writable {
            if env.options.readOnly { throw StorageError.readOnly }
            env.writerGate.enter()
            do {
                try env.checkUsable()
                try env.acquireLeaseUse()
            } catch {
                env.writerGate.leave()
                throw error
            }
            do {
                snapshot = env.latestSnapshot
                allocator = try env.loadAllocator(snapshot)
                txnID = env.nextTxnID
            } catch {
                env.releaseLeaseUse()
                env.writerGate.leave()
                throw error
            }
            allocator.promote(upTo: env.reuseLimit, byTxn: txnID)
            workspace = Workspace(pageSize: env.pageSize)
        } else {
            snapshot = try env.beginRead()
            allocator = PageAllocator(pageCount: 0)
            txnID = 0
            workspace = nil
        }
        decryptor = env.makeDecryptor()
        mapped = env.reader(snapshot, decryptor: decryptor)
        catalog = TreeState(name: "", root: snapshot.meta.catalog, count: 0)
    }

    deinit {
        if isOpen { finish() }
    }

    /// Ends a read transaction, or rolls back a write transaction. Safe to call twice.
    public func abort() {
        guard isOpen else { return }
        finish()
    }

    func finish() {
        isOpen = false
        if isWritable {
            dirty.deallocateAll()
            env.releaseLeaseUse()
            env.writerGate.leave()
        } else {
            env.endRead(snapshot.meta.txnID)
        }
    }

    @inline(__always) func checkOpen() throws(StorageError) {
        if !isOpen { throw .transactionClosed }
    }

    // MARK: Trees

    /// The tree named `name`, or nil when it does not exist.
    public func tree(_ name: String) throws -> Tree? {
        try checkOpen()
        if let index = treeIndex(of: name) { return trees[index].dropped ? nil : Tree(txn: self, index: index) }
        guard let state = try loadTreeState(name) else { return nil }
        return Tree(txn: self, index: register(state))
    }

    /// The tree named `name`, created empty when missing. Write transactions only.
    @discardableResult
    public func createTree(_ name: String) throws -> Tree {
        guard isWritable else { throw StorageError.readOnly }
        if let existing = try tree(name) { return existing }
        guard name.utf8.count <= Layout.maximumKeySize(pageSize: env.pageSize) else {
            throw StorageError.keyTooLarge(length: name.utf8.count, maximum: Layout.maximumKeySize(pageSize: env.pageSize))
        }
        if let index = treeIndex(of: name) {
            trees[index] = TreeState(name: name, root: TreeRoot(), count: 0, changed: true)
            return Tree(txn: self, index: index)
        }
        return Tree(txn: self, index: register(TreeState(name: name, root: TreeRoot(), count: 0, changed: true)))
    }

    /// Deletes the tree named `name` and everything in it. Returns whether it existed.
    @discardableResult
    public func dropTree(_ name: String) throws -> Bool {
        guard isWritable else { throw StorageError.readOnly }
        guard let tree = try tree(name) else { return false }
        try freeTreePages(trees[tree.index].root)
        trees[tree.index].root = TreeRoot()
        trees[tree.index].count = 0
        trees[tree.index].dropped = true
        trees[tree.index].changed = true
        mutationCount += 1
        return true
    }

    /// Names of every tree, in byte order.
    public func treeNames() throws -> [String] {
        try checkOpen()
        var names = Set<String>()
        let catalogRoot = catalog.root.page
        try scanTree(catalog.root, from: nil, reverse: false) { key, _ in
            // Names are written from Swift strings, so a name that is not UTF-8 is damage.
            guard let name = String(validating: key, as: UTF8.self) else {
                throw StorageError.corruptPage(page: catalogRoot, reason: "a tree name in the catalog is not valid UTF-8")
            }
            names.insert(name)
            return true
        }
        for state in trees {
            if state.dropped { names.remove(state.name) } else { names.insert(state.name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    private func register(_ state: TreeState) -> Int {
        trees.append(state)
        let index = trees.count - 1
        if treesByName != nil {
            treesByName![state.name] = index
        } else if trees.count > Self.namesSearchedInOrder {
            treesByName = Dictionary(uniqueKeysWithValues: trees.indices.map { (trees[$0].name, $0) })
        }
        return index
    }

    /// The position in `trees` of the tree named `name`, if this transaction opened it.
    private func treeIndex(of name: String) -> Int? {
        if let treesByName { return treesByName[name] }
        return trees.firstIndex { $0.name == name }
    }

    private func loadTreeState(_ name: String) throws -> TreeState? {
        let key = Array(name.utf8)
        let descriptor: [UInt8]? = try key.withUnsafeBytes { key in
            try withValue(in: catalog.root, key: key) { Array($0) }
        }
        guard let descriptor else { return nil }
        guard descriptor.count == TreeState.descriptorSize else {
            throw StorageError.corruptPage(page: catalog.root.page, reason: "catalog entry for '\(name)' has \(descriptor.count) bytes")
        }
        let state = descriptor.withUnsafeBytes { TreeState.decode(name: name, $0.baseAddress!) }
        guard state.root.height <= UInt32(Layout.maximumTreeHeight), (state.root.page == 0) == (state.root.height == 0),
              state.count < (UInt64(1) << 48) else {
            throw StorageError.corruptPage(page: catalog.root.page, reason: "catalog entry for '\(name)' has an impossible root")
        }
        return state
    }

    // MARK: Reading

    /// Calls `body` with the value stored under `key` in the tree rooted at `root`.
    func withValue<R>(in root: TreeRoot, key: UnsafeRawBufferPointer,
                      _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R? {
        if isWritable {
            return try withValue(WriterPages(txn: self), root, key, body)
        }
        return try withValue(mapped, root, key, body)
    }

    /// Whether values can be read in place for the rest of the transaction: a read transaction
    /// of an unencrypted store. An encrypted store's pages are read from decrypted buffers that
    /// the shared cache may evict (and free) while the transaction goes on.
    var supportsStableValues: Bool { !isWritable && decryptor == nil }

    /// For a read transaction of an unencrypted store, the value under `key` when it can be read
    /// in place for the rest of the transaction (inline or plain overflow, in the map this
    /// transaction keeps alive); nil when absent, when reading it needs a temporary buffer, or
    /// when the store is encrypted.
    func stableValue(in root: TreeRoot, key: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer? {
        guard supportsStableValues, let (node, index) = try TreeSearch.find(mapped, root, key) else { return nil }
        switch node.valueKind(index) {
        case .inline, .overflow: return try TreeSearch.withValue(mapped, node, index) { $0 }
        case .overflowLZ4: return nil
        }
    }

    /// Starts reading, together, the overflow runs of the entries whose keys begin with
    /// `prefix` in the leaf where `prefix` belongs, when at least two of them were not read
    /// through this map yet (one alone is read as fast by touching it). Read transactions of
    /// unencrypted stores only.
    func prefetchValues(in root: TreeRoot, prefix: UnsafeRawBufferPointer) throws {
        guard supportsStableValues, let leaf = try TreeSearch.leaf(mapped, root, prefix) else { return }
        let first = leaf.lowerBound(prefix).index
        var end = first
        var unread = 0
        while end < leaf.count, Self.key(leaf.leafKey(end), startsWith: prefix) {
            if leaf.valueKind(end) != .inline, !mapped.isCheckedRun(leaf.overflowReference(end).page) { unread += 1 }
            end += 1
        }
        guard unread >= 2 else { return }
        for index in first..<end where leaf.valueKind(index) != .inline {
            let (page, stored) = leaf.overflowReference(index)
            mapped.startReading(run: page, dataLength: stored)
        }
    }

    /// Whether `key` begins with the bytes of `prefix` (compared as keys are, ``compareKeys``).
    private static func key(_ key: UnsafeRawBufferPointer, startsWith prefix: UnsafeRawBufferPointer) -> Bool {
        key.count >= prefix.count && compareKeys(UnsafeRawBufferPointer(rebasing: key[..<prefix.count]), prefix) == 0
    }

    @inline(__always)
    private func withValue<S: PageSource, R>(_ source: S, _ root: TreeRoot, _ key: UnsafeRawBufferPointer,
                                             _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R? {
        guard let (node, index) = try TreeSearch.find(source, root, key) else { return nil }
        return try TreeSearch.withValue(source, node, index, body)
    }

    /// Calls `body` with the entry whose key is the greatest `≤ key`, or returns nil when there
    /// is none.
    func withFloorEntry<R>(in root: TreeRoot, key: UnsafeRawBufferPointer,
                           _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> R) throws -> R? {
        if isWritable {
            return try withFloorEntry(WriterPages(txn: self), root, key, body)
        }
        return try withFloorEntry(mapped, root, key, body)
    }

    private func withFloorEntry<S: PageSource, R>(_ source: S, _ root: TreeRoot, _ key: UnsafeRawBufferPointer,
                                                  _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> R) throws -> R? {
        if let (leaf, index) = try TreeSearch.floorInLeaf(source, root, key) {
            let entryKey = leaf.leafKey(index)
            return try TreeSearch.withValue(source, leaf, index) { try body(entryKey, $0) }
        }
        // The entry, if any, ends an earlier leaf: step back to it.
        var result: R?
        try TreeSearch.scan(source, root, from: key, reverse: true) { k, v in
            result = try body(k, v)
            return false
        }
        return result
    }

    /// Visits entries in key order (or reverse) starting at the first key >= `from` (or <=, in
    /// reverse); `body` returns false to stop.
    func scanTree(_ root: TreeRoot, from: UnsafeRawBufferPointer?, reverse: Bool, readValues: Bool = true,
                  _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Bool) throws {
        if isWritable {
            try TreeSearch.scan(WriterPages(txn: self), root, from: from, reverse: reverse, readValues: readValues, body)
        } else {
            try TreeSearch.scan(mapped, root, from: from, reverse: reverse, readValues: readValues, body)
        }
    }
}

/// A tree's root and entry count as this transaction sees them.
struct TreeState {
    var name: String
    var root: TreeRoot
    var count: UInt64
    var changed = false
    var dropped = false

    /// Catalog value: u64 root page, u32 height, u32 flags (0), u64 entry count.
    static let descriptorSize = 24

    static func decode(name: String, _ p: UnsafeRawPointer) -> TreeState {
        TreeState(name: name, root: TreeRoot(page: p.u64(0), height: p.u32(8)), count: p.u64(16))
    }

    func encode(into p: UnsafeMutableRawPointer) {
        p.setU64(0, root.page)
        p.setU32(8, root.height)
        p.setU32(12, 0)
        p.setU64(16, count)
    }
}

/// One step of a descent: a branch page and the child slot taken.
struct PathStep {
    var page: UInt64
    var index: Int
}

/// A page or run owned by a write transaction until it is written at commit.
struct DirtyPage {
    let pointer: UnsafeMutableRawPointer
    let pages: Int

    init(pageSize: Int, pages: Int) {
        pointer = .allocate(byteCount: pageSize * pages, alignment: 4096)
        self.pages = pages
    }

    func deallocate() { pointer.deallocate() }
}

/// Pages read by a write transaction: its own dirty pages first, then the committed map.
struct WriterPages: PageSource {
    unowned(unsafe) let txn: Transaction

    var pageSize: Int { txn.mapped.pageSize }

    @inline(__always)
    func node(_ number: UInt64) throws(StorageError) -> Node {
        if let page = txn.dirty[number] { return Node(page.pointer, pageSize: pageSize) }
        return try txn.mapped.node(number)
    }

    func run(_ number: UInt64, type: PageType, dataLength: Int) throws(StorageError) -> PageBytes {
        if let page = txn.dirty[number] {
            // Only a damaged reference can name one of this transaction's pages that is not the
            // run it expects (say, a node it just copied): refuse it rather than misuse the page.
            let pointer = UnsafeRawPointer(page.pointer)
            guard pointer.u8(Layout.typeOffset) == type.rawValue, pointer.u64(Layout.runLengthOffset) == UInt64(dataLength),
                  page.pages == PageCheck.runPages(dataLength: dataLength, pageSize: pageSize) else {
                throw .corruptPage(page: number, reason: "a reference to a \(type) run of \(dataLength) bytes names another kind of page")
            }
            return PageBytes(pointer: pointer, owner: nil)
        }
        return try txn.mapped.run(number, type: type, dataLength: dataLength)
    }
}

/// Scratch memory a write transaction reuses for page edits, splits and merges.
final class Workspace {
    let pageSize: Int
    /// One page for compaction.
    let scratch: UnsafeMutableRawPointer
    /// Room for the cells of two pages plus one new cell, while they are redistributed.
    let arena: UnsafeMutableRawPointer
    var cells: [(offset: Int, size: Int)] = []
    /// A cell under construction.
    let cell: UnsafeMutableRawPointer

    init(pageSize: Int) {
        self.pageSize = pageSize
        scratch = .allocate(byteCount: pageSize, alignment: 16)
        arena = .allocate(byteCount: 3 * pageSize, alignment: 16)
        cell = .allocate(byteCount: pageSize, alignment: 16)
    }

    deinit {
        scratch.deallocate()
        arena.deallocate()
        cell.deallocate()
    }
}
