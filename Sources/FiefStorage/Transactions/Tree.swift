/// A named B+tree of byte-string keys and values, seen through one transaction.
///
/// Keys are ordered bytewise (shorter first on a common prefix). Keys may be up to
/// ``maximumKeySize`` bytes; values up to 4 GiB (large ones are stored in overflow pages,
/// LZ4-compressed when that saves space).
///
/// A `Tree` is valid until its transaction ends.
///
/// ```swift
/// try store.write { txn in
///     let scores = try txn.createTree("scores")
///     try scores.put(Array("bob".utf8), [42])
///     _ = try scores.delete(Array("carol".utf8))
/// }
/// ```
public struct Tree {
    let txn: Transaction
    let index: Int

    /// The tree's name.
    public var name: String { txn.trees[index].name }

    /// The number of entries.
    public var count: Int { Int(txn.trees[index].count) }

    /// The longest key this store accepts (it depends on the page size: 997 bytes for 4 KiB).
    public var maximumKeySize: Int { Layout.maximumKeySize(pageSize: txn.env.pageSize) }

    private var root: TreeRoot { txn.trees[index].root }

    // MARK: Reading

    /// Calls `body` with the bytes stored under `key`, or returns nil when the key is absent.
    /// The buffer points into the file's map where possible (no copy) and is valid only inside
    /// `body`.
    public func withValue<R>(forKey key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R? {
        try txn.checkOpen()
        return try txn.withValue(in: root, key: key, body)
    }

    /// Whether ``stableValue(forKey:)`` can return values in this transaction: it is a read
    /// transaction, whose map stays valid until it ends, of an unencrypted store (an encrypted
    /// store's values live in decrypted buffers that may be evicted while the transaction goes on).
    public var supportsStableValues: Bool { txn.supportsStableValues }

    /// In a read transaction of an unencrypted store, the bytes stored under `key` as a buffer
    /// that stays valid until the transaction ends, when they can be read in place (the value is
    /// not compressed). Returns nil when the key is absent, in a write transaction, in an
    /// encrypted store, or when the value needs a temporary buffer: use
    /// ``withValue(forKey:_:)`` then. Lets callers that read the same
    /// values again and again (column chunks) skip the tree descent.
    public func stableValue(forKey key: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer? {
        try txn.checkOpen()
        return try txn.stableValue(in: root, key: key)
    }

    /// Asks the operating system to start reading, all at once, the large values (those kept
    /// outside the tree's own pages) stored under keys that begin with `prefix`, as far as they
    /// share the leaf where `prefix` belongs. On a file that is not in memory yet, reading those
    /// values next then waits for one round of disk reads instead of one per value. It checks
    /// nothing and reads no value; it does nothing in a write transaction, in an encrypted
    /// store, or when at most one of the values is still to be read.
    ///
    /// ```swift
    /// // About to read every column of one record stored as keys "rec42/name", "rec42/photo", ...
    /// try Array("rec42/".utf8).withUnsafeBytes { try records.prefetchValues(withPrefix: $0) }
    /// ```
    public func prefetchValues(withPrefix prefix: UnsafeRawBufferPointer) throws {
        try txn.checkOpen()
        try txn.prefetchValues(in: root, prefix: prefix)
    }

    /// The value stored under `key`, copied, or nil.
    public func get(_ key: [UInt8]) throws -> [UInt8]? {
        try key.withUnsafeBytes { key in try withValue(forKey: key) { Array($0) } }
    }

    /// Whether `key` is present.
    public func contains(_ key: [UInt8]) throws -> Bool {
        try key.withUnsafeBytes { key in try withValue(forKey: key) { _ in true } } ?? false
    }

    /// Calls `body` with the entry whose key is the greatest key `≤ key` (the key and its
    /// value, valid only inside `body`), or returns nil when every key is greater. One descent
    /// of the tree, like ``withValue(forKey:_:)``, when the entry is in the leaf where `key`
    /// belongs. Do not change the tree from inside `body`.
    ///
    /// ```swift
    /// // The latest reading at or before noon, in a tree keyed by big-endian timestamps.
    /// let noon: [UInt8] = … // the timestamp, big-endian
    /// let reading = try noon.withUnsafeBytes { try readings.withFloorEntry($0) { _, value in Array(value) } }
    /// ```
    public func withFloorEntry<R>(_ key: UnsafeRawBufferPointer,
                                  _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> R) throws -> R? {
        try txn.checkOpen()
        let before = txn.mutationCount
        defer { precondition(txn.mutationCount == before, "the tree was changed during withFloorEntry") }
        return try txn.withFloorEntry(in: root, key: key, body)
    }

    /// Visits entries in key order starting at the first key >= `start` (or, with `reverse`,
    /// in descending order from the last key <= `start`). Return false from `body` to stop.
    /// Do not change the tree from inside `body`.
    public func forEach(from start: [UInt8]? = nil, reverse: Bool = false,
                       _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Bool) throws {
        try txn.checkOpen()
        let before = txn.mutationCount
        let txn = self.txn
        // The scan reads pages in place: stop at once if the body changed the tree under it.
        try withoutActuallyEscaping(body) { body in
            let guarded = { (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws -> Bool in
                let keepGoing = try body(key, value)
                precondition(txn.mutationCount == before, "the tree was changed during forEach; use a Cursor instead")
                return keepGoing
            }
            if let start {
                try start.withUnsafeBytes { try txn.scanTree(root, from: $0, reverse: reverse, guarded) }
            } else {
                try txn.scanTree(root, from: nil, reverse: reverse, guarded)
            }
        }
    }

    /// Visits keys in order starting at the first key >= `start`, without reading values stored
    /// outside the leaves (large values): listing keys reads only the tree's own pages. Return
    /// false from `body` to stop. Do not change the tree from inside `body`.
    public func forEachKey(from start: [UInt8]? = nil, _ body: (_ key: UnsafeRawBufferPointer) throws -> Bool) throws {
        try txn.checkOpen()
        let before = txn.mutationCount
        let txn = self.txn
        try withoutActuallyEscaping(body) { body in
            let guarded = { (key: UnsafeRawBufferPointer, _: UnsafeRawBufferPointer) throws -> Bool in
                let keepGoing = try body(key)
                precondition(txn.mutationCount == before, "the tree was changed during forEachKey; use a Cursor instead")
                return keepGoing
            }
            if let start {
                try start.withUnsafeBytes { try txn.scanTree(root, from: $0, reverse: false, readValues: false, guarded) }
            } else {
                try txn.scanTree(root, from: nil, reverse: false, readValues: false, guarded)
            }
        }
    }

    /// A cursor over this tree, not yet positioned.
    public func makeCursor() -> Cursor { Cursor(tree: self) }

    // MARK: Writing

    /// Stores `value` under `key`, replacing any previous value.
    ///
    /// Pass `compressible: false` for values that are read often and in place (for example
    /// column chunks scanned by queries): they are then never LZ4-compressed, so reading them
    /// never decompresses into a heap buffer.
    public func put(_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer, compressible: Bool = true) throws {
        try checkWritable()
        try txn.put(&txn.trees[index], tree: index, key: key, value: value, compressible: compressible)
    }

    /// Stores `value` under `key`, replacing any previous value.
    public func put(_ key: [UInt8], _ value: [UInt8], compressible: Bool = true) throws {
        try key.withUnsafeBytes { key in try value.withUnsafeBytes { try put(key, $0, compressible: compressible) } }
    }

    /// Reads the entry whose key is the greatest `≤ key` and changes the tree as `body`
    /// decides from it: `body` gets that entry's key and value (both nil when every key is
    /// greater), valid only inside `body`, and must not change the tree itself. Where the entry
    /// is in the leaf `key` belongs to, the read and the write share one descent, which makes
    /// this cheaper than ``withFloorEntry(_:_:)`` followed by ``put(_:_:compressible:)``.
    ///
    /// ```swift
    /// // Count events per hour, in a tree keyed by big-endian hour numbers.
    /// try hour.withUnsafeBytes { key in
    ///     try counts.updateFloorEntry(key) { floorKey, value in
    ///         guard let floorKey, floorKey.elementsEqual(key), let value else { return .insert([1]) }
    ///         return .replaceValue([value[0] &+ 1])
    ///     }
    /// }
    /// ```
    public func updateFloorEntry(_ key: UnsafeRawBufferPointer,
                                 _ body: (_ floorKey: UnsafeRawBufferPointer?, _ value: UnsafeRawBufferPointer?) throws -> FloorUpdate) throws {
        try checkWritable()
        let before = txn.mutationCount
        let guarded = { (k: UnsafeRawBufferPointer?, v: UnsafeRawBufferPointer?) throws -> FloorUpdate in
            let update = try body(k, v)
            precondition(txn.mutationCount == before, "the tree was changed during updateFloorEntry")
            return update
        }
        try txn.updateFloor(&txn.trees[index], tree: index, key: key, guarded)
    }

    /// Removes `key`. Returns whether it was present.
    @discardableResult
    public func delete(_ key: UnsafeRawBufferPointer) throws -> Bool {
        try checkWritable()
        return try txn.delete(&txn.trees[index], key: key)
    }

    /// Removes `key`. Returns whether it was present.
    @discardableResult
    public func delete(_ key: [UInt8]) throws -> Bool {
        try key.withUnsafeBytes { try delete($0) }
    }

    private func checkWritable() throws {
        try txn.checkOpen()
        guard txn.isWritable else { throw StorageError.readOnly }
        guard !txn.trees[index].dropped else { throw StorageError.noSuchTree(name: name) }
    }

    var currentRoot: TreeRoot { root }
}

/// What ``Tree/updateFloorEntry(_:_:)`` does after reading the entry at or before a key.
public enum FloorUpdate: Equatable, Sendable {
    /// Change nothing.
    case keep
    /// Store this value under the entry's key (there must be an entry).
    case replaceValue([UInt8])
    /// Store this value under the key that was looked up (replacing the entry if it has that key).
    case insert([UInt8])
}
