/// A summary of a store, as `fief info` prints it.
public struct StoreInfo: Sendable {
    /// The file-format version the store uses.
    public var formatVersion: UInt32
    /// Bytes per page.
    public var pageSize: Int
    /// Whether every page is encrypted (format version 2).
    public var isEncrypted: Bool
    /// The file's length in bytes.
    public var fileSize: UInt64
    /// Pages of the newest version, meta and free pages included (the file's length in pages).
    public var pageCount: UInt64
    /// Pages on the free list (reusable now or once older readers finish).
    public var freePages: UInt64
    /// The newest committed version.
    public var version: UInt64
    /// Versions currently held by readers in this process.
    public var pinnedVersions: Int
    /// Each tree with its entry count, in name order.
    public var trees: [(name: String, entries: Int)]
}

extension Store {
    /// Describes the newest version of the store.
    public func info() throws -> StoreInfo {
        try read { txn in
            let meta = txn.snapshot.meta
            let free = UInt64(try withExtendedLifetime(txn.decryptor) { () throws(StorageError) -> Int in
                try PageAllocator.load(meta, from: txn.mapped).allocator.freePageCount
            })
            var trees: [(String, Int)] = []
            for name in try txn.treeNames() { trees.append((name, try txn.tree(name)?.count ?? 0)) }
            let encrypted = env.encryption != nil
            return StoreInfo(formatVersion: encrypted ? Layout.encryptedFormatVersion : Layout.formatVersion,
                             pageSize: pageSize, isEncrypted: encrypted,
                             fileSize: (try? env.file.size()) ?? 0, pageCount: meta.pageCount, freePages: free,
                             version: meta.txnID, pinnedVersions: env.pinnedVersionCount, trees: trees)
        }
    }
}
