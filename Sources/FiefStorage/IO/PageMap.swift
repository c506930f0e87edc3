/// A read-only map of the store file plus a bitmap of pages already verified in it.
///
/// Committed pages never change while any snapshot can reach them (copy-on-write), so a page
/// needs its checksum and structure checked only the first time this process reads it through
/// this mapping. Pages the writer itself writes are marked verified when it seals them.
final class PageMap: @unchecked Sendable {
    let region: MappedRegion
    let pageSize: Int
    let capacityPages: UInt64
    private let verifiedBits: UnsafeMutablePointer<UInt64>
    private let wordCount: Int

    init(region: MappedRegion, pageSize: Int) {
        self.region = region
        self.pageSize = pageSize
        capacityPages = UInt64(region.length / pageSize)
        wordCount = Int((capacityPages + 63) / 64)
        verifiedBits = .allocate(capacity: max(wordCount, 1))
        verifiedBits.initialize(repeating: 0, count: max(wordCount, 1))
    }

    deinit { verifiedBits.deallocate() }

    @inline(__always) func isVerified(_ page: UInt64) -> Bool {
        fief_atomic_load_u64(verifiedBits + Int(page >> 6)) & (1 << (page & 63)) != 0
    }

    @inline(__always) func markVerified(_ page: UInt64) {
        guard page < capacityPages else { return }
        fief_atomic_or_u64(verifiedBits + Int(page >> 6), 1 << (page & 63))
    }

    /// Forgets every verification, for example after pages were changed behind our back.
    func forgetVerified() {
        for i in 0..<wordCount { fief_atomic_store_u64(verifiedBits + i, 0) }
    }

    /// The pointer values a reader needs, without reference counting on the hot path. The
    /// caller keeps this map alive while it uses them.
    func reader(pageLimit: UInt64, newestTxn: UInt64, verifyChecksums: Bool) -> MappedPages {
        MappedPages(base: region.base, pageSize: pageSize, pageLimit: min(pageLimit, capacityPages),
                    newestTxn: newestTxn, verifiedBits: verifiedBits, verifyChecksums: verifyChecksums)
    }
}

import CFiefShims

/// Anything the B+tree code can read pages from: a snapshot's map, or a write transaction's
/// dirty pages in front of its map.
protocol PageSource {
    var pageSize: Int { get }
    /// The node page `number`, verified; throws `corruptPage` when it cannot be trusted.
    func node(_ number: UInt64) throws(StorageError) -> Node
    /// The first page of the run starting at `number` holding `length` data bytes, verified.
    func run(_ number: UInt64, type: PageType, dataLength: Int) throws(StorageError) -> UnsafeRawPointer
}

/// Committed pages read straight from the map. The owner (a transaction) keeps the map alive.
struct MappedPages: PageSource {
    let base: UnsafeRawPointer
    let pageSize: Int
    let pageLimit: UInt64
    /// The version being read: no page it reaches can have been written later.
    let newestTxn: UInt64
    let verifiedBits: UnsafeMutablePointer<UInt64>
    let verifyChecksums: Bool

    @inline(__always) private func isVerified(_ page: UInt64) -> Bool {
        fief_atomic_load_u64(verifiedBits + Int(page >> 6)) & (1 << (page & 63)) != 0
    }

    @inline(__always) private func markVerified(_ page: UInt64) {
        fief_atomic_or_u64(verifiedBits + Int(page >> 6), 1 << (page & 63))
    }

    @inline(__always)
    func node(_ number: UInt64) throws(StorageError) -> Node {
        guard number >= 2, number < pageLimit else {
            throw .corruptPage(page: number, reason: "page number out of range (file has \(pageLimit) pages)")
        }
        let pointer = base + Int(number) * pageSize
        if !isVerified(number) {
            try PageCheck.verifyNode(pointer, pageSize: pageSize, number: number, checksum: verifyChecksums, newestTxn: newestTxn)
            markVerified(number)
        }
        return Node(pointer, pageSize: pageSize)
    }

    func run(_ number: UInt64, type: PageType, dataLength: Int) throws(StorageError) -> UnsafeRawPointer {
        let pages = PageCheck.runPages(dataLength: dataLength, pageSize: pageSize)
        guard number >= 2, number < pageLimit, UInt64(pages) <= pageLimit - number else {
            throw .corruptPage(page: number, reason: "run of \(pages) pages lies outside the file (\(pageLimit) pages)")
        }
        let pointer = base + Int(number) * pageSize
        if !isVerified(number) {
            try PageCheck.verifyRun(pointer, pageSize: pageSize, number: number, type: type,
                                    dataLength: dataLength, checksum: verifyChecksums, newestTxn: newestTxn)
            markVerified(number)
        }
        return pointer
    }
}
