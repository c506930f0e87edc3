/// A read-only view of a branch or leaf page.
///
/// Layout (FORMAT.md, "Node pages"): the common 16-byte header, then u32 cell-area start,
/// u32 dead bytes, then `count` u16 slot offsets in key order. Cells grow down from the end of
/// the page. Every offset used here was bounds-checked when the page was verified.
struct Node {
    let base: UnsafeRawPointer
    let pageSize: Int
    /// The decrypted buffer `base` points into (encrypted stores), kept alive with the node.
    let owner: PageBuffer?

    @inline(__always) init(_ base: UnsafeRawPointer, pageSize: Int, owner: PageBuffer? = nil) {
        self.base = base
        self.pageSize = pageSize
        self.owner = owner
    }

    @inline(__always) var isLeaf: Bool { base.u8(Layout.typeOffset) == PageType.leaf.rawValue }
    @inline(__always) var count: Int { Int(base.u16(Layout.countOffset)) }
    @inline(__always) var cellAreaStart: Int { Int(base.u32(Layout.cellAreaOffset)) }
    @inline(__always) var deadBytes: Int { Int(base.u32(Layout.deadBytesOffset)) }

    @inline(__always) func cellOffset(_ index: Int) -> Int {
        assert(index >= 0 && index < count, "slot \(index) out of 0..<\(count)")
        return Int(base.u16(Layout.nodeHeaderSize + 2 * index))
    }

    @inline(__always) func key(_ index: Int) -> UnsafeRawBufferPointer {
        isLeaf ? leafKey(index) : branchKey(index)
    }

    @inline(__always) func leafKey(_ index: Int) -> UnsafeRawBufferPointer {
        let offset = cellOffset(index)
        return UnsafeRawBufferPointer(start: base + offset + Layout.leafCellHeader, count: Int(base.u16(offset)))
    }

    @inline(__always) func branchKey(_ index: Int) -> UnsafeRawBufferPointer {
        let offset = cellOffset(index)
        return UnsafeRawBufferPointer(start: base + offset + Layout.branchCellHeader, count: Int(base.u16(offset)))
    }

    /// Bytes the cell at `index` occupies.
    @inline(__always) func cellSize(_ index: Int) -> Int {
        Node.cellSize(base + cellOffset(index), isLeaf: isLeaf)
    }

    @inline(__always) static func cellSize(_ cell: UnsafeRawPointer, isLeaf: Bool) -> Int {
        let keyLength = Int(cell.u16(0))
        guard isLeaf else { return Layout.branchCellHeader + keyLength }
        let payload = cell.u8(2) == ValueKind.inline.rawValue ? Int(cell.u32(3)) : Layout.overflowReferenceSize
        return Layout.leafCellHeader + keyLength + payload
    }

    /// Bytes of live cells plus their slots.
    var usedBytes: Int { pageSize - cellAreaStart - deadBytes + 2 * count }
    /// Bytes available to new cells and slots, counting dead space that compaction reclaims.
    var reclaimableSpace: Int { pageSize - Layout.nodeHeaderSize - usedBytes }

    // MARK: Leaf cells

    @inline(__always) func valueKind(_ index: Int) -> ValueKind {
        ValueKind(rawValue: base.u8(cellOffset(index) + 2)) ?? .inline
    }

    /// The value's length in bytes (uncompressed, for overflow values).
    @inline(__always) func valueLength(_ index: Int) -> Int { Int(base.u32(cellOffset(index) + 3)) }

    @inline(__always) func payload(_ index: Int) -> UnsafeRawPointer {
        let offset = cellOffset(index)
        return base + offset + Layout.leafCellHeader + Int(base.u16(offset))
    }

    @inline(__always) func inlineValue(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: payload(index), count: valueLength(index))
    }

    /// For overflow values: the run's first page and the bytes stored in the run.
    @inline(__always) func overflowReference(_ index: Int) -> (page: UInt64, storedLength: Int) {
        let p = payload(index)
        return (p.u64(0), Int(p.u32(8)))
    }

    // MARK: Branch cells

    @inline(__always) func child(_ index: Int) -> UInt64 { base.u64(cellOffset(index) + 2) }

    // MARK: Search

    /// In a leaf: the first index whose key is >= `key`, and whether it is equal.
    @inline(__always)
    func lowerBound(_ key: UnsafeRawBufferPointer) -> (index: Int, found: Bool) {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) >> 1
            let c = compareKeys(leafKey(mid), key)
            if c < 0 { low = mid + 1 } else if c > 0 { high = mid } else { return (mid, true) }
        }
        return (low, false)
    }

    /// In a branch: the index of the child whose range holds `key`. Entry 0 stands for -infinity.
    @inline(__always)
    func childIndex(_ key: UnsafeRawBufferPointer) -> Int {
        var low = 1
        var high = count
        while low < high {
            let mid = (low + high) >> 1
            if compareKeys(branchKey(mid), key) <= 0 { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }
}

/// Verification of pages read from the file: checksum, then structure, so that later reads can
/// trust every offset without checking it again.
enum PageCheck {
    /// A page reachable from version v was written by a commit <= v; anything newer means the
    /// page was reused under this version's feet (for example after a fallback to an older meta).
    static func checkWriter(_ page: UnsafeRawPointer, number: UInt64, newestTxn: UInt64) throws(StorageError) {
        let writer = page.u64(Layout.txnOffset)
        guard writer <= newestTxn else {
            throw .corruptPage(page: number, reason: "written by transaction \(writer), newer than version \(newestTxn) that reaches it")
        }
    }

    static func runPages(dataLength: Int, pageSize: Int) -> Int {
        (Layout.runHeaderSize + dataLength + pageSize - 1) / pageSize
    }

    static func verifyNode(_ page: UnsafeRawPointer, pageSize: Int, number: UInt64, checksum: Bool,
                           newestTxn: UInt64) throws(StorageError) {
        if checksum && !PageChecksum.isValid(page, length: pageSize, pageNumber: number) {
            throw .corruptPage(page: number, reason: "checksum mismatch")
        }
        func fail(_ reason: String) -> StorageError { .corruptPage(page: number, reason: reason) }
        try checkWriter(page, number: number, newestTxn: newestTxn)
        let type = page.u8(Layout.typeOffset)
        guard type == PageType.leaf.rawValue || type == PageType.branch.rawValue else {
            throw fail("expected a branch or leaf page, found type \(type)")
        }
        let isLeaf = type == PageType.leaf.rawValue
        let count = Int(page.u16(Layout.countOffset))
        let cellArea = Int(page.u32(Layout.cellAreaOffset))
        let slotsEnd = Layout.nodeHeaderSize + 2 * count
        guard slotsEnd <= cellArea, cellArea <= pageSize else {
            throw fail("slot array (\(count) slots) overlaps the cell area at \(cellArea)")
        }
        guard isLeaf || count >= 1 else { throw fail("branch page without children") }
        let dead = Int(page.u32(Layout.deadBytesOffset))
        guard dead <= pageSize - cellArea else { throw fail("dead byte count \(dead) exceeds the cell area") }
        let header = isLeaf ? Layout.leafCellHeader : Layout.branchCellHeader
        let maxKey = Layout.maximumKeySize(pageSize: pageSize)
        for i in 0..<count {
            let offset = Int(page.u16(Layout.nodeHeaderSize + 2 * i))
            guard offset >= cellArea, offset + header <= pageSize else {
                throw fail("slot \(i) points outside the cell area (offset \(offset))")
            }
            let keyLength = Int(page.u16(offset))
            guard keyLength <= maxKey else { throw fail("slot \(i) has a key of \(keyLength) bytes") }
            if isLeaf {
                guard let kind = ValueKind(rawValue: page.u8(offset + 2)) else {
                    throw fail("slot \(i) has unknown value kind \(page.u8(offset + 2))")
                }
                let payload = kind == .inline ? Int(page.u32(offset + 3)) : Layout.overflowReferenceSize
                guard payload <= pageSize, offset + header + keyLength + payload <= pageSize else {
                    throw fail("slot \(i) runs past the end of the page")
                }
            } else {
                guard offset + header + keyLength <= pageSize else { throw fail("slot \(i) runs past the end of the page") }
                guard i > 0 || keyLength == 0 else { throw fail("first branch entry carries a key") }
            }
        }
    }

    static func verifyRun(_ page: UnsafeRawPointer, pageSize: Int, number: UInt64, type: PageType,
                          dataLength: Int, checksum: Bool, newestTxn: UInt64) throws(StorageError) {
        let pages = runPages(dataLength: dataLength, pageSize: pageSize)
        if checksum && !PageChecksum.isValid(page, length: pages * pageSize, pageNumber: number) {
            throw .corruptPage(page: number, reason: "checksum mismatch in a run of \(pages) pages")
        }
        try checkWriter(page, number: number, newestTxn: newestTxn)
        guard page.u8(Layout.typeOffset) == type.rawValue else {
            throw .corruptPage(page: number, reason: "expected a \(type) run, found type \(page.u8(Layout.typeOffset))")
        }
        guard page.u64(Layout.runLengthOffset) == UInt64(dataLength) else {
            throw .corruptPage(page: number, reason: "run holds \(page.u64(Layout.runLengthOffset)) bytes, reference says \(dataLength)")
        }
    }
}
