import FiefStorage

/// Where a flexible-sync realm keeps its subscription set: one record in the storage tree
/// `flexsync.subscriptions` (FORMAT.md, II.15), outside the synced data, so it is never
/// uploaded, and outside the `sync.` trees, so a client reset keeps it.
extension Realm {
    private static let subscriptionsTree = "flexsync.subscriptions"
    private static let subscriptionsKey: [UInt8] = Array("set".utf8)

    /// The subscription record FiefSync stored last (its own encoding), or nil.
    @_spi(Sync) public func storedSyncSubscriptions() throws -> [UInt8]? {
        checkIsolation()
        return try currentTxn().tree(Self.subscriptionsTree)?.get(Self.subscriptionsKey)
    }

    /// Stores FiefSync's subscription record, inside a write transaction. It records no sync
    /// instruction: subscriptions are not data.
    @_spi(Sync) public func storeSyncSubscriptions(_ record: [UInt8]) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        let tree = try session.txn.tree(Self.subscriptionsTree) ?? session.txn.createTree(Self.subscriptionsTree)
        try tree.put(Self.subscriptionsKey, record)
    }
}
