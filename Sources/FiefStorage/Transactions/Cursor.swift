/// A position in a ``Tree`` that moves in key order both ways.
///
/// ```swift
/// var cursor = tree.makeCursor()
/// var more = try cursor.seek(atOrAfter: Array("m".utf8))
/// while more {
///     print(cursor.key, try cursor.value())
///     more = try cursor.next()
/// }
/// ```
///
/// In a write transaction a cursor stays usable across changes to its tree: after a change it
/// finds its place again by key (if its entry was deleted, `next()` moves to the entry after
/// the deleted key).
public struct Cursor {
    private let tree: Tree
    private var path = CursorPath()
    private var positioned = false
    private var savedKey: [UInt8] = []
    private var seenMutation: Int

    init(tree: Tree) {
        self.tree = tree
        seenMutation = tree.txn.mutationCount
    }

    /// Whether the cursor is on an entry.
    public var isPositioned: Bool { positioned }

    /// Moves to the first entry. Returns false when the tree is empty.
    public mutating func first() throws -> Bool { try position(nil, reverse: false) }

    /// Moves to the last entry. Returns false when the tree is empty.
    public mutating func last() throws -> Bool { try position(nil, reverse: true) }

    /// Moves to `key` exactly. Returns false (and leaves the cursor on the next key, if any) when
    /// `key` is absent.
    public mutating func seek(_ key: [UInt8]) throws -> Bool {
        guard try seek(atOrAfter: key) else { return false }
        return self.key == key
    }

    /// Moves to the first key >= `key`. Returns false when there is none.
    public mutating func seek(atOrAfter key: [UInt8]) throws -> Bool {
        try key.withUnsafeBytes { try position($0, reverse: false) }
    }

    /// Moves to the last key <= `key`. Returns false when there is none.
    public mutating func seek(atOrBefore key: [UInt8]) throws -> Bool {
        try key.withUnsafeBytes { try position($0, reverse: true) }
    }

    /// Moves to the next entry. Returns false past the last one.
    public mutating func next() throws -> Bool {
        guard positioned else { return false }
        switch try refind() {
        case .successor: return remember(true)
        case .empty: return false
        case .same, .predecessor: break
        }
        return try remember(move { (path: inout CursorPath, source, root) throws(StorageError) in try path.advance(source, root) })
    }

    /// Moves to the previous entry. Returns false before the first one.
    public mutating func previous() throws -> Bool {
        guard positioned else { return false }
        switch try refind() {
        case .predecessor: return remember(true)
        case .empty: return false
        case .same, .successor: break
        }
        return try remember(move { (path: inout CursorPath, source, root) throws(StorageError) in try path.retreat(source, root) })
    }

    /// The current key, copied. Empty when not positioned.
    public var key: [UInt8] {
        guard positioned else { return [] }
        if tree.txn.isWritable { return savedKey }
        return (try? withEntry { key, _ in Array(key) }) ?? []
    }

    /// The current value, copied.
    public func value() throws -> [UInt8] {
        try withValue { Array($0) }
    }

    /// Calls `body` with the current value in place.
    public func withValue<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        try withEntry { _, value in try body(value) }
    }

    /// Calls `body` with the current key and value in place.
    public func withEntry<R>(_ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> R) throws -> R {
        try tree.txn.checkOpen()
        guard positioned else { throw StorageError.invalidOption("the cursor is not on an entry") }
        precondition(tree.txn.mutationCount == seenMutation, "the tree changed; move the cursor before reading")
        if tree.txn.isWritable { return try entry(WriterPages(txn: tree.txn), body) }
        return try entry(tree.txn.mapped, body)
    }

    private func entry<S: PageSource, R>(_ source: S, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> R) throws -> R {
        let leaf = try source.node(path.leafPage)
        return try TreeSearch.withValue(source, leaf, path.leafIndex) { try body(leaf.key(path.leafIndex), $0) }
    }

    // MARK: Positioning

    private mutating func position(_ key: UnsafeRawBufferPointer?, reverse: Bool) throws -> Bool {
        try tree.txn.checkOpen()
        seenMutation = tree.txn.mutationCount
        let root = tree.currentRoot
        let found: Bool
        if tree.txn.isWritable {
            found = try path.position(WriterPages(txn: tree.txn), root, at: key, reverse: reverse)
        } else {
            found = try path.position(tree.txn.mapped, root, at: key, reverse: reverse)
        }
        return remember(found)
    }

    private mutating func move(_ step: (inout CursorPath, any PageSource, TreeRoot) throws(StorageError) -> Bool) throws -> Bool {
        try tree.txn.checkOpen()
        let root = tree.currentRoot
        if tree.txn.isWritable { return try step(&path, WriterPages(txn: tree.txn), root) }
        return try step(&path, tree.txn.mapped, root)
    }

    private mutating func remember(_ found: Bool) -> Bool {
        positioned = found
        if found && tree.txn.isWritable {
            savedKey = (try? withEntry { key, _ in Array(key) }) ?? []
        }
        return found
    }

    /// Where `refind` left the cursor relative to the saved key.
    private enum Refind { case same, successor, predecessor, empty }

    /// After a change in a write transaction, finds the saved key again.
    private mutating func refind() throws -> Refind {
        guard tree.txn.isWritable, tree.txn.mutationCount != seenMutation else { return .same }
        let key = savedKey
        let found = try key.withUnsafeBytes { try position($0, reverse: false) }
        if !found {
            // Everything at or after the saved key is gone: stand on the last entry.
            return try position(nil, reverse: true) ? .predecessor : .empty
        }
        return self.key == key ? .same : .successor
    }
}
