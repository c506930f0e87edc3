/// What every reader of one encrypted store shares: the cipher, the decrypted-page cache, and
/// the two page sizes (FORMAT.md, "Encryption": a physical page of `P` bytes holds a logical page
/// of `P − 40` bytes and its trailer).
final class EncryptionContext: Sendable {
    let cipher: PageCipher
    let cache: DecryptedPageCache
    let physicalPageSize: Int
    let logicalPageSize: Int

    init(cipher: PageCipher, physicalPageSize: Int, cacheCapacity: Int) {
        self.cipher = cipher
        self.physicalPageSize = physicalPageSize
        logicalPageSize = physicalPageSize - PageCipher.trailerSize
        cache = DecryptedPageCache(capacity: cacheCapacity)
    }

    /// Decrypts the `pages` physical pages of page `first` and on (whose bytes start at
    /// `source`) into `output`, one logical page each. Every page must authenticate for its own
    /// number and carry the same transaction id; that id must also be the one in the plaintext
    /// header.
    func decrypt(_ source: UnsafeRawPointer, first: UInt64, pages: Int, into output: UnsafeMutableRawPointer) throws(StorageError) {
        var writer: UInt64 = 0
        for i in 0..<pages {
            let number = first + UInt64(i)
            guard let txn = cipher.open(source + i * physicalPageSize, length: logicalPageSize,
                                        into: output + i * logicalPageSize, pageNumber: number) else {
                throw .corruptPage(page: number, reason: "encrypted page fails authentication (damaged or tampered)")
            }
            if i == 0 { writer = txn } else if txn != writer {
                throw .corruptPage(page: number, reason: "page \(i) of the run at \(first) was written by transaction \(txn), the run by \(writer)")
            }
        }
        guard output.u64(Layout.txnOffset) == writer else {
            throw .corruptPage(page: first, reason: "transaction id in the page differs from its encryption trailer")
        }
    }

    /// Encrypts a sealed logical page or run of `pages` pages into `output` (`pages` physical
    /// pages), for writing at page `first`.
    func encrypt(_ logical: UnsafeRawPointer, first: UInt64, pages: Int, txn: UInt64, into output: UnsafeMutableRawPointer) {
        for i in 0..<pages {
            cipher.seal(logical + i * logicalPageSize, length: logicalPageSize, into: output + i * physicalPageSize,
                        pageNumber: first + UInt64(i), txn: txn)
        }
    }
}

/// One transaction's reader of an encrypted store: decrypts and verifies pages on a miss,
/// shares them through the store's cache, and keeps branch pages it used in a small table of
/// its own (no lock: a transaction belongs to one thread), and its last leaf and last run.
/// Leaves stay out of the table so that a stream of them (scans, random gets) does not push
/// out the upper levels every descent needs. Pages reachable from the transaction's version do
/// not change while it lives, so nothing it keeps goes stale.
final class PageDecryptor {
    let context: EncryptionContext
    /// Verification reads (``Store/verify()``) bypass the shared cache and check every page.
    let usesSharedCache: Bool
    private var recent: [PageBuffer?]
    private var lastLeaf: PageBuffer?
    private var lastRun: PageBuffer?
    private static let recentSlots = 1024

    init(context: EncryptionContext, usesSharedCache: Bool) {
        self.context = context
        self.usesSharedCache = usesSharedCache
        recent = []
    }

    @inline(__always) private func cached(_ number: UInt64, kind: UInt8, dataLength: Int) -> PageBuffer? {
        if kind == 0 {
            if let leaf = lastLeaf, leaf.page == number { return leaf }
            if !recent.isEmpty, let buffer = recent[Int(truncatingIfNeeded: number) & (PageDecryptor.recentSlots - 1)],
               buffer.page == number, buffer.kind == 0 { return buffer }
        } else if let run = lastRun, run.page == number, run.kind == kind, run.dataLength == dataLength {
            return run
        }
        guard usesSharedCache, let buffer = context.cache.lookup(number), buffer.kind == kind,
              buffer.dataLength == dataLength else { return nil }
        keep(buffer)
        return buffer
    }

    /// Keeps `buffer` where this transaction looks first: a run or leaf in its single slot, a
    /// branch in the table.
    @inline(__always) private func keep(_ buffer: PageBuffer) {
        if buffer.kind != 0 {
            lastRun = buffer
        } else if buffer.pointer.u8(Layout.typeOffset) == PageType.leaf.rawValue {
            lastLeaf = buffer
        } else {
            // Allocated on first use, so a transaction that meets no branch page pays nothing for it.
            if recent.isEmpty { recent = [PageBuffer?](repeating: nil, count: PageDecryptor.recentSlots) }
            recent[Int(truncatingIfNeeded: buffer.page) & (PageDecryptor.recentSlots - 1)] = buffer
        }
    }

    private func remember(_ buffer: PageBuffer) {
        keep(buffer)
        if usesSharedCache { context.cache.insert(buffer) }
    }

    func node(_ number: UInt64, from pages: MappedPages) throws(StorageError) -> Node {
        let size = context.logicalPageSize
        if let buffer = cached(number, kind: 0, dataLength: 0) { return Node(buffer.pointer, pageSize: size, owner: buffer) }
        let buffer = PageBuffer.make(page: number, length: size, kind: 0, dataLength: 0)
        try context.decrypt(pages.base + Int(number) * context.physicalPageSize, first: number, pages: 1, into: buffer.pointer)
        try PageCheck.verifyNode(buffer.pointer, pageSize: size, number: number, checksum: pages.verifyChecksums,
                                 newestTxn: pages.newestTxn)
        remember(buffer)
        return Node(buffer.pointer, pageSize: size, owner: buffer)
    }

    /// The run at `number` holding `dataLength` bytes; the caller checked its pages lie in the file.
    func run(_ number: UInt64, pages count: Int, type: PageType, dataLength: Int,
             from pages: MappedPages) throws(StorageError) -> PageBytes {
        if let buffer = cached(number, kind: type.rawValue, dataLength: dataLength) {
            return PageBytes(pointer: buffer.pointer, owner: buffer)
        }
        let size = context.logicalPageSize
        let buffer = PageBuffer.make(page: number, length: count * size, kind: type.rawValue, dataLength: dataLength)
        try context.decrypt(pages.base + Int(number) * context.physicalPageSize, first: number, pages: count, into: buffer.pointer)
        try PageCheck.verifyRun(buffer.pointer, pageSize: size, number: number, type: type, dataLength: dataLength,
                                checksum: pages.verifyChecksums, newestTxn: pages.newestTxn)
        remember(buffer)
        return PageBytes(pointer: buffer.pointer, owner: buffer)
    }

    /// The data length in the header of the run starting at `number` (decrypting its first page).
    func runDataLength(_ number: UInt64, from pages: MappedPages) throws(StorageError) -> UInt64 {
        let buffer = PageBuffer.make(page: number, length: context.logicalPageSize, kind: 0, dataLength: 0)
        try context.decrypt(pages.base + Int(number) * context.physicalPageSize, first: number, pages: 1, into: buffer.pointer)
        return buffer.pointer.u64(Layout.runLengthOffset)
    }
}
