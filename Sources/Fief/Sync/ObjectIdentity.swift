import FiefStorage

/// The global identity of objects of classes without a primary key (FORMAT.md, II.15).
///
/// An object this file created has `GlobalKey(fileIdent: 0, sequence: key)`: its object key
/// (handed out by the class's sequence) is its sequence, so it needs no storage. An object
/// created by applying a changeset from elsewhere gets a fresh local key and a mapping in two
/// trees written in the same transaction:
///
/// - `sync.gkey.<Class>`: local key (8 bytes BE) → file identity ‖ sequence (8 + 8 bytes BE);
/// - `sync.gkeyr.<Class>`: file identity ‖ sequence (16 bytes BE) → local key (8 bytes BE).
enum ObjectIdentity {
    static func forwardTree(_ className: String) -> String { "sync.gkey." + className }
    static func reverseTree(_ className: String) -> String { "sync.gkeyr." + className }

    static func encode(_ g: GlobalKey) -> [UInt8] { ClusterKey.bigEndian(g.fileIdent) + ClusterKey.bigEndian(g.sequence) }

    static func decodeU64BE(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }

    static func decodeGlobal(_ bytes: [UInt8], _ className: String) throws -> GlobalKey {
        guard bytes.count == 16 else {
            throw RealmError.internalError("corrupt \(forwardTree(className)) entry: \(bytes.count) bytes, expected 16")
        }
        return GlobalKey(fileIdent: decodeU64BE(bytes[0..<8]), sequence: decodeU64BE(bytes[8..<16]))
    }

    /// The global key of the object `key` of a class without a primary key: its mapping if it
    /// was created elsewhere, else (0, key).
    static func global(_ session: WriteSession?, _ txn: Transaction, _ className: String, _ key: UInt64) throws -> GlobalKey {
        if let tree = try trees(session, txn).forward(className),
           let bytes = try tree.get(ClusterKey.bigEndian(key)) {
            return try decodeGlobal(bytes, className)
        }
        return GlobalKey(fileIdent: 0, sequence: key)
    }

    /// The local key `global` names, whether or not such an object exists now: the sequence
    /// itself for this file's own objects (identity 0 or `ownFileIdent`), else the mapping.
    static func local(_ session: WriteSession?, _ txn: Transaction, _ className: String, _ global: GlobalKey,
                      ownFileIdent: UInt64) throws -> UInt64? {
        if global.fileIdent == 0 || global.fileIdent == ownFileIdent { return global.sequence }
        guard let tree = try trees(session, txn).reverse(className), let bytes = try tree.get(encode(global)) else { return nil }
        guard bytes.count == 8 else {
            throw RealmError.internalError("corrupt \(reverseTree(className)) entry: \(bytes.count) bytes, expected 8")
        }
        return decodeU64BE(bytes[...])
    }

    /// Records that local `key` is the object `global` (created by applying a changeset).
    static func addMapping(_ session: WriteSession, _ className: String, _ key: UInt64, _ global: GlobalKey) throws {
        let trees = trees(session, session.txn)
        try trees.forward(className, create: true)!.put(ClusterKey.bigEndian(key), encode(global))
        try trees.reverse(className, create: true)!.put(encode(global), ClusterKey.bigEndian(key))
    }

    private static func trees(_ session: WriteSession?, _ txn: Transaction) -> IdentityTrees {
        guard let session else { return IdentityTrees(txn: txn) }
        if let trees = session.identityTrees { return trees }
        let trees = IdentityTrees(txn: txn)
        session.identityTrees = trees
        return trees
    }
}

/// The identity trees of one transaction, looked up once each (absent ones too).
final class IdentityTrees {
    let txn: Transaction
    private var cache: [String: Tree?] = [:]

    init(txn: Transaction) { self.txn = txn }

    func forward(_ className: String, create: Bool = false) throws -> Tree? {
        try tree(ObjectIdentity.forwardTree(className), create: create)
    }

    func reverse(_ className: String, create: Bool = false) throws -> Tree? {
        try tree(ObjectIdentity.reverseTree(className), create: create)
    }

    private func tree(_ name: String, create: Bool) throws -> Tree? {
        if let known = cache[name], known != nil || !create { return known }
        var tree = try txn.tree(name)
        if tree == nil && create { tree = try txn.createTree(name) }
        cache[name] = tree
        return tree
    }
}
