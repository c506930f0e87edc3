/// A contiguous run of pages: `count` pages starting at `first`.
struct PageRange: Equatable, Sendable {
    var first: UInt64
    var count: UInt32
    var end: UInt64 { first + UInt64(count) }
}

/// The decoded content of a meta page: one committed version of the store.
struct MetaPage: Equatable, Sendable {
    var txnID: UInt64
    var pageSize: Int
    /// Pages in use by this version, meta pages included; the file is at least this long.
    var pageCount: UInt64
    var catalog: TreeRoot
    /// First page of the free-space root run, 0 for none.
    var freeListPage: UInt64
    /// Every page written by a commit with an id up to this one was on stable storage when
    /// this meta was written; the pages listed in `unsyncedRanges` were written after it.
    var syncedThrough: UInt64
    /// Pages written since `syncedThrough` and maybe not yet synced; recovery checks them.
    var unsyncedRanges: [PageRange]

    static func empty(pageSize: Int) -> MetaPage {
        MetaPage(txnID: 0, pageSize: pageSize, pageCount: 2, catalog: TreeRoot(), freeListPage: 0,
                 syncedThrough: 0, unsyncedRanges: [])
    }

    /// Entries the unsynced list of a meta page can hold.
    static func rangeCapacity(pageSize: Int, encrypted: Bool) -> Int {
        Layout.metaRangeCapacity(pageSize: encrypted ? Layout.encryptedMetaCapacity(pageSize: pageSize) : pageSize)
    }

    /// Writes this meta into a page buffer of `pageSize` bytes and seals it with its checksum;
    /// with a cipher, as an encrypted meta page (FORMAT.md, "Encryption").
    func encode(into page: UnsafeMutableRawPointer, pageNumber: UInt64, cipher: PageCipher? = nil) {
        guard let cipher else {
            writeFields(into: page, version: Layout.formatVersion, capacity: pageSize)
            PageChecksum.seal(page, length: pageSize, pageNumber: pageNumber)
            return
        }
        let capacity = Layout.encryptedMetaCapacity(pageSize: pageSize)
        let fields = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { fields.deallocate() }
        writeFields(into: fields, version: Layout.encryptedFormatVersion, capacity: capacity)
        page.initializeMemory(as: UInt8.self, repeating: 0, count: pageSize)
        page.copyMemory(from: fields, byteCount: Layout.metaPageSizeOffset + 4)
        cipher.keys.salt.withUnsafeBytes { (page + Layout.metaSaltOffset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        cipher.keys.keyCheck.withUnsafeBytes {
            (page + Layout.metaKeyCheckOffset).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
        }
        let clear = UnsafeRawBufferPointer(start: page + 4, count: Layout.encryptedMetaClearSize - 4)
        cipher.seal(fields + 32, length: capacity - 32, into: page + Layout.encryptedMetaClearSize,
                    pageNumber: pageNumber, txn: txnID, extra: clear)
        PageChecksum.seal(page, length: pageSize, pageNumber: pageNumber)
    }

    /// The version 1 layout of the fields, in `capacity` zeroed bytes (the checksum left 0).
    private func writeFields(into page: UnsafeMutableRawPointer, version: UInt32, capacity: Int) {
        page.initializeMemory(as: UInt8.self, repeating: 0, count: capacity)
        page.setU8(Layout.typeOffset, PageType.meta.rawValue)
        page.setU64(Layout.txnOffset, txnID)
        for (i, byte) in Layout.magic.enumerated() { page.setU8(Layout.metaMagicOffset + i, byte) }
        page.setU32(Layout.metaVersionOffset, version)
        page.setU32(Layout.metaPageSizeOffset, UInt32(pageSize))
        page.setU64(Layout.metaPageCountOffset, pageCount)
        page.setU64(Layout.metaCatalogRootOffset, catalog.page)
        page.setU32(Layout.metaCatalogHeightOffset, catalog.height)
        page.setU64(Layout.metaFreeListOffset, freeListPage)
        page.setU64(Layout.metaSyncedThroughOffset, syncedThrough)
        precondition(unsyncedRanges.count <= Layout.metaRangeCapacity(pageSize: capacity))
        page.setU32(Layout.metaRangeCountOffset, UInt32(unsyncedRanges.count))
        for (i, range) in unsyncedRanges.enumerated() {
            let offset = Layout.metaRangesOffset + i * Layout.metaRangeSize
            page.setU64(offset, range.first)
            page.setU32(offset + 8, range.count)
        }
    }

    /// Reads the page size a meta page claims, or nil when the header is not a Fief meta page.
    static func claimedPageSize(_ header: UnsafeRawBufferPointer) -> Int? {
        guard header.count >= Layout.metaRangesOffset,
              header[Layout.typeOffset] == PageType.meta.rawValue,
              Array(header[Layout.metaMagicOffset..<Layout.metaMagicOffset + 8]) == Layout.magic
        else { return nil }
        let size = Int(header.baseAddress!.u32(Layout.metaPageSizeOffset))
        guard size >= Layout.minimumPageSize, size <= Layout.maximumPageSize, size & (size - 1) == 0 else { return nil }
        return size
    }

    enum DecodeFailure: Error, Equatable {
        case notMeta(String)
        case unsupportedVersion(UInt32)
        /// The file is encrypted and no key was given.
        case keyRequired
        /// The file is encrypted with another key.
        case wrongKey
        /// A key was given but the file is not encrypted.
        case notEncrypted
    }

    /// A decoded meta page and, for an encrypted file, the cipher its key check accepted.
    struct Decoded {
        var meta: MetaPage
        var cipher: PageCipher?
    }

    /// Decodes and validates a whole meta page. `key` is the caller's 64-byte key, if any.
    static func decode(_ page: UnsafeRawBufferPointer, pageNumber: UInt64,
                       key: [UInt8]? = nil) -> Result<Decoded, DecodeFailure> {
        guard let pageSize = claimedPageSize(page), page.count >= pageSize else {
            return .failure(.notMeta("no Fief magic or an impossible page size"))
        }
        let base = page.baseAddress!
        guard PageChecksum.isValid(base, length: pageSize, pageNumber: pageNumber) else {
            return .failure(.notMeta("checksum mismatch (torn or damaged meta page)"))
        }
        let version = base.u32(Layout.metaVersionOffset)
        if version == Layout.formatVersion {
            guard key == nil else { return .failure(.notEncrypted) }
            return parse(base, pageSize: pageSize, capacity: pageSize).map { Decoded(meta: $0, cipher: nil) }
        }
        guard version == Layout.encryptedFormatVersion else { return .failure(.unsupportedVersion(version)) }
        guard let key else { return .failure(.keyRequired) }
        let salt = Array(UnsafeRawBufferPointer(start: base + Layout.metaSaltOffset, count: DerivedKeys.saltLength))
        let keys = DerivedKeys(masterKey: key, salt: salt)
        guard keys.matches(keyCheck: UnsafeRawBufferPointer(start: base + Layout.metaKeyCheckOffset, count: DerivedKeys.keyCheckLength))
        else { return .failure(.wrongKey) }
        let cipher = PageCipher(keys: keys)
        let capacity = Layout.encryptedMetaCapacity(pageSize: pageSize)
        let fields = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { fields.deallocate() }
        fields.copyMemory(from: base, byteCount: Layout.metaPageSizeOffset + 4)
        let clear = UnsafeRawBufferPointer(start: base + 4, count: Layout.encryptedMetaClearSize - 4)
        guard let txn = cipher.open(base + Layout.encryptedMetaClearSize, length: capacity - 32, into: fields + 32,
                                    pageNumber: pageNumber, extra: clear), txn == base.u64(Layout.txnOffset) else {
            return .failure(.notMeta("encrypted meta page fails authentication"))
        }
        return parse(fields, pageSize: pageSize, capacity: capacity).map { Decoded(meta: $0, cipher: cipher) }
    }

    /// Reads and range-checks the fields of a version 1 style meta layout of `capacity` bytes.
    private static func parse(_ base: UnsafeRawPointer, pageSize: Int, capacity: Int) -> Result<MetaPage, DecodeFailure> {
        let rangeCount = Int(base.u32(Layout.metaRangeCountOffset))
        guard rangeCount <= Layout.metaRangeCapacity(pageSize: capacity) else {
            return .failure(.notMeta("unsynced range count \(rangeCount) exceeds the page"))
        }
        var ranges: [PageRange] = []
        ranges.reserveCapacity(rangeCount)
        let pageCount = base.u64(Layout.metaPageCountOffset)
        for i in 0..<rangeCount {
            let offset = Layout.metaRangesOffset + i * Layout.metaRangeSize
            let range = PageRange(first: base.u64(offset), count: base.u32(offset + 8))
            // Every listed page lies in [2, pageCount) (checked without overflow).
            guard range.first >= 2, range.first < pageCount, UInt64(range.count) <= pageCount - range.first else {
                return .failure(.notMeta("unsynced range \(i) lies outside the version's pages"))
            }
            ranges.append(range)
        }
        let meta = MetaPage(
            txnID: base.u64(Layout.txnOffset), pageSize: pageSize,
            pageCount: base.u64(Layout.metaPageCountOffset),
            catalog: TreeRoot(page: base.u64(Layout.metaCatalogRootOffset), height: base.u32(Layout.metaCatalogHeightOffset)),
            freeListPage: base.u64(Layout.metaFreeListOffset),
            syncedThrough: base.u64(Layout.metaSyncedThroughOffset), unsyncedRanges: ranges)
        guard meta.pageCount >= 2, meta.pageCount < (UInt64(1) << 40), meta.txnID < (UInt64(1) << 62),
              meta.catalog.page < meta.pageCount, meta.freeListPage < meta.pageCount,
              meta.catalog.height <= UInt32(Layout.maximumTreeHeight),
              meta.syncedThrough <= meta.txnID
        else { return .failure(.notMeta("fields out of range")) }
        return .success(meta)
    }
}

/// Where a B+tree starts: its root page (0 for an empty tree) and its height (1 = a single leaf).
struct TreeRoot: Equatable, Sendable {
    var page: UInt64 = 0
    var height: UInt32 = 0
}
