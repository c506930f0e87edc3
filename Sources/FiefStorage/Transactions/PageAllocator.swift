/// Free-space bookkeeping for the writer: which pages can be handed out, and which were freed by
/// a commit that some snapshot may still read.
///
/// A page freed by the commit with id `t` is reachable from versions before `t` only. It becomes
/// reusable once every live reader is at version `t` or later *and* version `t` or later is
/// durable, so that neither a reader nor crash recovery can need its old content.
struct PageAllocator: Equatable {
    /// Reusable pages, sorted descending so the lowest page is handed out first (keeping data
    /// toward the head of the file lets the tail be truncated).
    private(set) var reusable: [UInt64] = []
    /// Pages freed by each commit, oldest first, not yet reusable.
    private(set) var pending: [(txnID: UInt64, pages: [UInt64])] = []
    /// One past the highest page in use: the file's length in pages.
    private(set) var pageCount: UInt64

    init(pageCount: UInt64) { self.pageCount = pageCount }

    static func == (a: PageAllocator, b: PageAllocator) -> Bool {
        a.reusable == b.reusable && a.pageCount == b.pageCount
            && a.pending.map(\.txnID) == b.pending.map(\.txnID) && a.pending.map(\.pages) == b.pending.map(\.pages)
    }

    /// Total free pages, reusable or not.
    var freePageCount: Int { reusable.count + pending.reduce(0) { $0 + $1.pages.count } }

    /// Allocates `count` contiguous pages and returns the first.
    mutating func allocate(_ count: Int = 1) -> UInt64 {
        if count == 1, let page = reusable.popLast() { return page }
        if count > 1, let first = takeRun(count) { return first }
        let first = pageCount
        pageCount += UInt64(count)
        return first
    }

    /// Finds `count` consecutive reusable pages (the lowest such run) and removes them.
    private mutating func takeRun(_ count: Int) -> UInt64? {
        guard reusable.count >= count else { return nil }
        // `reusable` is descending: a run first...first+count-1 appears as consecutive entries.
        var runEnd = reusable.count - 1
        var i = reusable.count - 1
        while i >= 0 {
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
        if pending.last?.txnID != txnID { pending.append((txnID, [])) }
        for page in first..<first + UInt64(count) { pending[pending.count - 1].pages.append(page) }
    }

    /// Gives back pages allocated and released within the same transaction: no one saw them.
    mutating func release(_ first: UInt64, count: Int = 1) {
        for page in first..<first + UInt64(count) { insertReusable(page) }
    }

    private mutating func insertReusable(_ page: UInt64) {
        // Binary search in descending order.
        var low = 0, high = reusable.count
        while low < high {
            let mid = (low + high) / 2
            if reusable[mid] > page { low = mid + 1 } else { high = mid }
        }
        reusable.insert(page, at: low)
    }

    /// Makes reusable every page freed by a commit with id <= `limit`.
    mutating func promote(upTo limit: UInt64) {
        var moved: [UInt64] = []
        while let first = pending.first, first.txnID <= limit {
            moved.append(contentsOf: first.pages)
            pending.removeFirst()
        }
        guard !moved.isEmpty else { return }
        reusable.append(contentsOf: moved)
        reusable.sort(by: >)
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

    // MARK: Persistence (the free-list run; FORMAT.md, "Free-list run")

    /// Bytes needed to write this state.
    var encodedSize: Int { 8 + 12 * (pending.count + 1) + 8 * freePageCount }

    /// Encodes as: u64 group count, then per group u64 txn id, u32 page count, pages (u64 each).
    /// Reusable pages form group 0 with txn id 0.
    func encode(into data: UnsafeMutableRawPointer) {
        var offset = 0
        func put64(_ v: UInt64) { data.setU64(offset, v); offset += 8 }
        put64(UInt64(pending.count + 1))
        put64(0)
        data.setU32(offset, UInt32(reusable.count)); offset += 4
        for page in reusable { put64(page) }
        for group in pending {
            put64(group.txnID)
            data.setU32(offset, UInt32(group.pages.count)); offset += 4
            for page in group.pages { put64(page) }
        }
    }

    /// Decodes a free-list run's data, validating every page number against `pageCount`.
    static func decode(_ data: UnsafeRawBufferPointer, pageCount: UInt64, runPage: UInt64) throws(StorageError) -> PageAllocator {
        func fail(_ reason: String) -> StorageError { .corruptPage(page: runPage, reason: "free list: \(reason)") }
        var offset = 0
        func need(_ n: Int) throws(StorageError) { if offset + n > data.count { throw fail("truncated") } }
        let base = data.baseAddress!
        try need(8)
        let groups = base.u64(0); offset = 8
        var allocator = PageAllocator(pageCount: pageCount)
        var seen = Set<UInt64>()
        var lastTxn: UInt64 = 0
        for g in 0..<groups {
            try need(12)
            let txn = base.u64(offset)
            let count = Int(base.u32(offset + 8)); offset += 12
            guard g == 0 ? txn == 0 : txn > lastTxn else { throw fail("groups out of order") }
            lastTxn = txn
            try need(8 * count)
            var pages: [UInt64] = []
            pages.reserveCapacity(count)
            for _ in 0..<count {
                let page = base.u64(offset); offset += 8
                guard page >= 2, page < pageCount, seen.insert(page).inserted else {
                    throw fail("page \(page) is out of range or listed twice")
                }
                pages.append(page)
            }
            if g == 0 { allocator.reusable = pages.sorted(by: >) } else { allocator.pending.append((txn, pages)) }
        }
        return allocator
    }
}

extension PageAllocator {
    /// Reads the free list of `meta` through `pages`; returns it with the run's page count.
    /// An empty allocator when the version has no free list.
    static func load(_ meta: MetaPage, from pages: MappedPages) throws(StorageError) -> (allocator: PageAllocator, runPages: Int) {
        let number = meta.freeListPage
        guard number != 0 else { return (PageAllocator(pageCount: meta.pageCount), 0) }
        guard number >= 2, number < pages.pageLimit else {
            throw .corruptPage(page: number, reason: "free-list page out of range")
        }
        let length = (pages.base + Int(number) * pages.pageSize).u64(Layout.runLengthOffset)
        guard length < meta.pageCount * UInt64(pages.pageSize) else {
            throw .corruptPage(page: number, reason: "free-list length \(length) exceeds the file")
        }
        let run = try pages.run(number, type: .freeList, dataLength: Int(length))
        let allocator = try decode(UnsafeRawBufferPointer(start: run + Layout.runHeaderSize, count: Int(length)),
                                   pageCount: meta.pageCount, runPage: number)
        return (allocator, PageCheck.runPages(dataLength: Int(length), pageSize: pages.pageSize))
    }
}
