/// A summary of a store, as `fief info` prints it.
public struct StoreInfo: Sendable {
    /// The file-format version the store uses.
    public var formatVersion: UInt32
    /// Bytes per page.
    public var pageSize: Int
    /// The file's length in bytes.
    public var fileSize: UInt64
    /// Pages in use by the newest version, meta pages included.
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
            var free: UInt64 = 0
            if meta.freeListPage != 0 {
                let page = meta.freeListPage
                guard page >= 2, page < txn.mapped.pageLimit else {
                    throw StorageError.corruptPage(page: page, reason: "free-list page out of range")
                }
                let length = (txn.mapped.base + Int(page) * pageSize).u64(Layout.runLengthOffset)
                guard length < meta.pageCount * UInt64(pageSize) else {
                    throw StorageError.corruptPage(page: page, reason: "free-list length \(length) exceeds the file")
                }
                let run = try txn.mapped.run(page, type: .freeList, dataLength: Int(length))
                let allocator = try PageAllocator.decode(
                    UnsafeRawBufferPointer(start: run + Layout.runHeaderSize, count: Int(length)),
                    pageCount: meta.pageCount, runPage: page)
                free = UInt64(allocator.freePageCount)
            }
            var trees: [(String, Int)] = []
            for name in try txn.treeNames() { trees.append((name, try txn.tree(name)?.count ?? 0)) }
            return StoreInfo(formatVersion: Layout.formatVersion, pageSize: pageSize,
                             fileSize: (try? env.file.size()) ?? 0, pageCount: meta.pageCount, freePages: free,
                             version: meta.txnID, pinnedVersions: env.pinnedVersionCount, trees: trees)
        }
    }
}
