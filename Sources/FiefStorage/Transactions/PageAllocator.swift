/// Free-space bookkeeping for the writer: which pages can be handed out, and which were freed by
/// a commit that some snapshot or crash recovery may still need.
///
/// A page freed by the commit with id `t` is reachable from versions before `t` only. It becomes
/// reusable once every live reader is at version `t` or later *and* version `t` or later is
/// durable (see `Environment.reuseLimit`).
///
/// On disk (FORMAT.md, "Free space"): the pages each commit frees are written once, as a
/// freed-pages chunk chained to the previous one, and never rewritten while they wait; only the
/// reusable set (as extents) is rewritten per commit, in the free-space root run. So when reuse
/// is held back (a long reader, the relaxed sync interval) each commit writes only what it
/// freed, and the file grows linearly, not quadratically.
struct PageAllocator {
    /// Reusable pages, sorted descending so the lowest page is handed out first (keeping data
    /// toward the head of the file lets the tail be truncated).
    private(set) var reusable: [UInt64] = []
    /// Pages freed by each commit, oldest first, not yet reusable. `chunk` is the run holding the
    /// group on disk (0 while the group belongs to the transaction in progress).
    private(set) var pending: [PendingGroup] = []
    /// One past the highest page in use: the file's length in pages.
    private(set) var pageCount: UInt64
    /// Every group with a txn id <= this has been merged into `reusable`.
    private(set) var promotedThrough: UInt64 = 0
    /// The *head pages*, `2..<headEnd`, are kept for tree roots (FORMAT.md, section 7, "Root
    /// placement"): the first read of an open brings them in with the meta pages, so a cold
    /// open does not wait for a read of the catalog root and another of each root it uses.
    /// Pages and runs other than roots are never placed there. 2 for none.
    let headEnd: UInt64

    struct PendingGroup: Equatable {
        var txnID: UInt64
        var pages: [UInt64]
        var chunk: UInt64 = 0
        var chunkPages = 0
    }

    /// An allocator for a file of `pageCount` pages whose head pages end at `headEnd`.
    init(pageCount: UInt64, headEnd: UInt64 = 2) {
        self.pageCount = pageCount
        self.headEnd = max(2, headEnd)
    }

    /// Where the head pages of a file of `pageSize`-byte pages end: they are the pages, after
    /// the meta pages, that the first read of an open (``Layout/maximumPageSize`` bytes)
    /// covers, at most 14 (as many as 4 KiB pages give; a few trees' roots need no more).
    static func headEnd(pageSize: Int) -> UInt64 { UInt64(max(2, min(16, Layout.maximumPageSize / pageSize))) }

    /// Total free pages, reusable or not.
    var freePageCount: Int { reusable.count + pending.reduce(0) { $0 + $1.pages.count } }

    /// The newest chunk on disk and its txn id; page 0 for none.
    var newestChunk: (page: UInt64, txnID: UInt64) {
        pending.last(where: { $0.chunk != 0 }).map { ($0.chunk, $0.txnID) } ?? (0, 0)
    }

    /// Allocates `count` contiguous pages, none of them a head page, and returns the first.
    mutating func allocate(_ count: Int = 1) -> UInt64 {
        if let first = allocate(count, below: .max) { return first }
        reserveHeadPages()
        let first = pageCount
        pageCount += UInt64(count)
        return first
    }

    /// Allocates one page for the root of a tree: the lowest reusable head page, otherwise as
    /// ``allocate(_:)``.
    mutating func allocateRoot() -> UInt64 {
        reserveHeadPages()
        if let lowest = reusable.last, lowest < headEnd { return reusable.removeLast() }
        return allocate()
    }

    /// In a file that does not reach past its head pages yet (a new one), makes the head
    /// pages it does not use free, so that the file's other pages go after them.
    private mutating func reserveHeadPages() {
        guard pageCount < headEnd else { return }
        reusable = Self.mergeDescending(Array((pageCount..<headEnd).reversed()), reusable)
        pageCount = headEnd
    }

    /// Allocates `count` contiguous reusable pages that all lie below `boundary`, none of them
    /// a head page, and returns the first, or nil when there is no such run (nothing is
    /// appended to the file).
    mutating func allocate(_ count: Int, below boundary: UInt64) -> UInt64? {
        if count == 1 {
            // `reusable` is descending: the head pages, if any are reusable, are its last entries.
            var index = reusable.count - 1
            while index >= 0, reusable[index] < headEnd { index -= 1 }
            guard index >= 0, reusable[index] < boundary else { return nil }
            return reusable.remove(at: index)
        }
        return takeRun(count, below: boundary)
    }

    /// The number of reusable pages below `boundary` that are not head pages.
    func reusableCount(below boundary: UInt64) -> Int {
        guard boundary > headEnd else { return 0 }
        return reusableCount(from: headEnd) - reusableCount(from: boundary)
    }

    /// The number of reusable pages at or above `page`.
    private func reusableCount(from page: UInt64) -> Int {
        var low = 0, high = reusable.count // binary search in descending order
        while low < high {
            let mid = (low + high) / 2
            if reusable[mid] >= page { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Finds `count` consecutive reusable pages below `boundary` (the lowest such run) and
    /// removes them.
    private mutating func takeRun(_ count: Int, below boundary: UInt64 = .max) -> UInt64? {
        guard reusable.count >= count else { return nil }
        // `reusable` is descending: a run first...first+count-1 appears as consecutive entries.
        var runEnd = reusable.count - 1
        var i = reusable.count - 1
        while i >= 0 {
            if reusable[i] >= boundary { return nil }
            if reusable[i] < headEnd {
                runEnd = i - 1
                i -= 1
                continue
            }
            if i < runEnd && reusable[i] != reusable[i + 1] + 1 { runEnd = i }
            if runEnd - i + 1 == count {
                let first = reusable[runEnd]
                reusable.removeSubrange(i...runEnd)
                return first
            }
            i -= 1
        }
        return nil
    }

    /// Records pages that commit `txnID` stops using.
    mutating func free(_ first: UInt64, count: Int = 1, byTxn txnID: UInt64) {
        if pending.last?.txnID != txnID { pending.append(PendingGroup(txnID: txnID, pages: [])) }
        for page in first..<first + UInt64(count) { pending[pending.count - 1].pages.append(page) }
    }

    /// Gives back pages allocated and released within the same transaction: no one saw them.
    mutating func release(_ first: UInt64, count: Int = 1) {
        for page in first..<first + UInt64(count) {
            var low = 0, high = reusable.count // binary search in descending order
            while low < high {
                let mid = (low + high) / 2
                if reusable[mid] > page { low = mid + 1 } else { high = mid }
            }
            reusable.insert(page, at: low)
        }
    }

    /// Makes reusable every page freed by a commit with id <= `limit`. The chunks that held those
    /// groups are no longer needed: transaction `txnID` frees them.
    mutating func promote(upTo limit: UInt64, byTxn txnID: UInt64) {
        var moved: [UInt64] = []
        var chunks: [(UInt64, Int)] = []
        while let first = pending.first, first.txnID <= limit, first.txnID < txnID {
            moved.append(contentsOf: first.pages)
            if first.chunk != 0 { chunks.append((first.chunk, first.chunkPages)) }
            promotedThrough = max(promotedThrough, first.txnID)
            pending.removeFirst()
        }
        if !moved.isEmpty {
            // A commit promotes a few pages into a set of thousands on a fragmented file:
            // merged in one pass, not sorted again.
            moved.sort(by: >)
            reusable = Self.mergeDescending(reusable, moved)
        }
        for (chunk, pages) in chunks { free(chunk, count: pages, byTxn: txnID) }
    }

    /// The pages of `a` and `b`, both in descending order, in one array in descending order.
    static func mergeDescending(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var merged: [UInt64] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] >= b[j] {
                merged.append(a[i])
                i += 1
            } else {
                merged.append(b[j])
                j += 1
            }
        }
        merged.append(contentsOf: a[i...])
        merged.append(contentsOf: b[j...])
        return merged
    }

    /// Drops reusable pages at the end of the file; returns whether the file shrank.
    mutating func trimTail() -> Bool {
        var trimmed = 0
        while trimmed < reusable.count, reusable[trimmed] == pageCount - 1 {
            pageCount -= 1
            trimmed += 1
        }
        reusable.removeFirst(trimmed)
        return trimmed > 0
    }

    /// Notes that the group of `txnID` is now stored in the chunk run at `page`.
    mutating func recordChunk(_ page: UInt64, pages: Int, forTxn txnID: UInt64) {
        guard let index = pending.lastIndex(where: { $0.txnID == txnID }) else { return }
        pending[index].chunk = page
        pending[index].chunkPages = pages
    }

    /// The group freed by `txnID`, if it freed anything.
    func group(ofTxn txnID: UInt64) -> PendingGroup? {
        pending.last.flatMap { $0.txnID == txnID ? $0 : nil }
    }

    /// The reusable pages as ascending extents (first page, count).
    var reusableExtents: [PageRange] {
        var extents: [PageRange] = []
        forEachExtent { extents.append(PageRange(first: $0, count: $1)) }
        return extents
    }

    /// The number of ``reusableExtents``, counted without making them.
    var reusableExtentCount: Int {
        var count = 0
        forEachExtent { _, _ in count += 1 }
        return count
    }

    /// Calls `body` with each extent of the reusable pages in ascending order: a run of
    /// consecutive pages, at most `UInt32.max` long.
    private func forEachExtent(_ body: (_ first: UInt64, _ count: UInt32) -> Void) {
        reusable.withUnsafeBufferPointer { pages in
            var i = pages.count - 1 // `reusable` is descending: the lowest page is last
            while i >= 0 {
                var count: UInt32 = 1
                while i - Int(count) >= 0, pages[i - Int(count)] == pages[i] + UInt64(count), count < UInt32.max { count += 1 }
                body(pages[i], count)
                i -= Int(count)
            }
        }
    }
}

/// The two kinds of free-space run (FORMAT.md, "Free space").
enum FreeSpaceRun {
    /// Free-space root data: u64 promoted-through txn id, u64 newest chunk page (0 for none),
    /// u64 that chunk's txn id, u64 extent count, then extents (u64 first page, u32 count).
    static func rootSize(extents: Int) -> Int { 32 + 12 * extents }

    static func encodeRoot(_ allocator: PageAllocator, newestChunk: (page: UInt64, txnID: UInt64),
                           into data: UnsafeMutableRawPointer) {
        let extents = allocator.reusableExtents
        data.setU64(0, allocator.promotedThrough)
        data.setU64(8, newestChunk.page)
        data.setU64(16, newestChunk.txnID)
        data.setU64(24, UInt64(extents.count))
        for (i, extent) in extents.enumerated() {
            data.setU64(32 + 12 * i, extent.first)
            data.setU32(40 + 12 * i, extent.count)
        }
    }

    /// Freed-pages chunk data: u64 txn id, u64 previous (older) chunk page or 0, u64 that
    /// chunk's txn id, u64 page count, then the pages (u64 each). The previous txn id lets a
    /// reader stop before following a link to a chunk already merged (whose pages may since
    /// have been reused).
    static func chunkSize(pages: Int) -> Int { 32 + 8 * pages }

    static func encodeChunk(txnID: UInt64, previous: (page: UInt64, txnID: UInt64), pages: [UInt64],
                            into data: UnsafeMutableRawPointer) {
        data.setU64(0, txnID)
        data.setU64(8, previous.page)
        data.setU64(16, previous.txnID)
        data.setU64(24, UInt64(pages.count))
        for (i, page) in pages.enumerated() { data.setU64(32 + 8 * i, page) }
    }
}

extension PageAllocator {
    /// Reads the free space of `meta` through `pages`: the root run, then the chain of chunks
    /// newer than its promoted-through id. Returns the state and every page the runs occupy.
    static func load(_ meta: MetaPage, from pages: MappedPages) throws(StorageError) -> (allocator: PageAllocator, runs: [PageRange]) {
        var allocator = PageAllocator(pageCount: meta.pageCount, headEnd: headEnd(pageSize: meta.pageSize))
        let rootPage = meta.freeListPage
        guard rootPage != 0 else { return (allocator, []) }
        func fail(_ page: UInt64, _ reason: String) -> StorageError { .corruptPage(page: page, reason: "free space: \(reason)") }
        var seen = Set<UInt64>()
        func check(_ page: UInt64, _ where_: UInt64) throws(StorageError) {
            guard page >= 2, page < meta.pageCount, seen.insert(page).inserted else {
                throw fail(where_, "page \(page) is out of range or listed twice")
            }
        }
        let rootRun = try pages.run(rootPage, type: .freeList)
        defer { withExtendedLifetime(rootRun) {} }
        let root = rootRun.data
        let rootPages = PageCheck.runPages(dataLength: root.count, pageSize: pages.pageSize)
        var runs = [PageRange(first: rootPage, count: UInt32(rootPages))]
        // A run's own pages are in use: no free entry may name them.
        for page in rootPage..<rootPage + UInt64(rootPages) { try check(page, rootPage) }
        guard root.count >= 32 else { throw fail(rootPage, "root run too short") }
        let base = root.baseAddress!
        allocator.promotedThrough = base.u64(0)
        guard allocator.promotedThrough <= meta.txnID else {
            throw fail(rootPage, "merged through transaction \(allocator.promotedThrough), after version \(meta.txnID)")
        }
        var chunk = base.u64(8)
        var chunkTxn = base.u64(16)
        let extentCount = base.u64(24)
        guard extentCount <= UInt64((root.count - 32) / 12) else { throw fail(rootPage, "\(extentCount) extents do not fit the run") }
        var reusable: [UInt64] = []
        for i in 0..<Int(extentCount) {
            let first = base.u64(32 + 12 * i)
            let count = base.u32(40 + 12 * i)
            guard count > 0, first < meta.pageCount, UInt64(count) <= meta.pageCount - first else {
                throw fail(rootPage, "extent \(i) lies outside the file")
            }
            for page in first..<first + UInt64(count) {
                try check(page, rootPage)
                reusable.append(page)
            }
        }
        allocator.reusable = reusable.sorted(by: >)
        var groups: [PendingGroup] = []
        var newerTxn = meta.txnID + 1
        // Chunks newer than `promotedThrough` are live; links to older ones are never followed.
        while chunk != 0 && chunkTxn > allocator.promotedThrough {
            let chunkRun = try pages.run(chunk, type: .freedPages)
            defer { withExtendedLifetime(chunkRun) {} }
            let data = chunkRun.data
            let chunkPages = PageCheck.runPages(dataLength: data.count, pageSize: pages.pageSize)
            for page in chunk..<chunk + UInt64(chunkPages) { try check(page, chunk) }
            guard data.count >= 32 else { throw fail(chunk, "chunk run too short") }
            let p = data.baseAddress!
            let txn = p.u64(0)
            guard txn == chunkTxn, txn < newerTxn else {
                throw fail(chunk, "chunk of transaction \(txn) out of order")
            }
            newerTxn = txn
            let count = p.u64(24)
            guard count <= UInt64((data.count - 32) / 8) else { throw fail(chunk, "\(count) pages do not fit the chunk") }
            var freed: [UInt64] = []
            freed.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                let page = p.u64(32 + 8 * i)
                try check(page, chunk)
                freed.append(page)
            }
            groups.append(PendingGroup(txnID: txn, pages: freed, chunk: chunk, chunkPages: chunkPages))
            runs.append(PageRange(first: chunk, count: UInt32(chunkPages)))
            chunk = p.u64(8)
            chunkTxn = p.u64(16)
        }
        allocator.pending = groups.reversed()
        return (allocator, runs)
    }
}
