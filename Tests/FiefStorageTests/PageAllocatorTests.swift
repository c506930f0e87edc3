import XCTest
@testable import FiefStorage

/// The writer's free-space bookkeeping against a plain model: a set of reusable pages, the
/// pages each commit frees, and the extents a commit writes into its free-space root.
final class PageAllocatorTests: XCTestCase {
    /// Extents of `pages` the obvious way: ascending, each run of consecutive pages one extent.
    private func modelExtents(_ pages: Set<UInt64>) -> [PageRange] {
        var extents: [PageRange] = []
        for page in pages.sorted() {
            if let last = extents.last, last.end == page {
                extents[extents.count - 1].count += 1
            } else {
                extents.append(PageRange(first: page, count: 1))
            }
        }
        return extents
    }

    func testPromotedPagesJoinTheReusableSetInOrderAndItsExtentsMatch() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var allocator = PageAllocator(pageCount: 10_000)
            var reusable = Set<UInt64>()
            var inUse = Set((2..<UInt64(10_000)))
            // Commits that each free a few pages, some in runs, then make them reusable.
            for txn in UInt64(1)...UInt64(12) {
                for _ in 0..<Int.random(in: 0...40, using: &random) {
                    guard let page = inUse.randomElement(using: &random) else { break }
                    let run = Bool.random(using: &random) ? UInt64(Int.random(in: 1...6, using: &random)) : 1
                    let pages = (page..<page + run).prefix { inUse.contains($0) }
                    guard let last = pages.last else { continue }
                    allocator.free(page, count: Int(last - page + 1), byTxn: txn)
                    for p in pages { inUse.remove(p) }
                }
                if txn % 3 == 0 || round % 2 == 0 {
                    for group in allocator.pending where group.txnID <= txn - 1 { reusable.formUnion(group.pages) }
                    allocator.promote(upTo: txn - 1, byTxn: txn + 100)
                }
                XCTAssertEqual(allocator.reusable, reusable.sorted(by: >), "round \(round), commit \(txn)")
                XCTAssertEqual(allocator.reusableExtents, modelExtents(reusable))
                XCTAssertEqual(allocator.reusableExtentCount, modelExtents(reusable).count)
            }
            // Taking pages keeps the order: the lowest single page first, runs where they fit.
            let single = allocator.allocate()
            if let lowest = reusable.min() {
                XCTAssertEqual(single, lowest)
                reusable.remove(lowest)
            }
            XCTAssertEqual(allocator.reusable, reusable.sorted(by: >))
            XCTAssertEqual(allocator.reusableExtents, modelExtents(reusable))
        }
    }

    func testMergingKeepsEveryPageInDescendingOrder() {
        XCTAssertEqual(PageAllocator.mergeDescending([], []), [])
        XCTAssertEqual(PageAllocator.mergeDescending([9, 5, 2], []), [9, 5, 2])
        XCTAssertEqual(PageAllocator.mergeDescending([], [7, 3]), [7, 3])
        XCTAssertEqual(PageAllocator.mergeDescending([9, 5, 2], [10, 6, 4, 1]), [10, 9, 6, 5, 4, 2, 1])
        XCTAssertEqual(PageAllocator.mergeDescending([3], [8, 7, 6]), [8, 7, 6, 3])
        let empty = PageAllocator(pageCount: 10)
        XCTAssertEqual(empty.reusableExtents, [])
        XCTAssertEqual(empty.reusableExtentCount, 0)
    }
}

/// Root placement (FORMAT.md, section 7): the head pages, which an open reads with the meta
/// pages, hold roots and nothing else.
final class HeadPageTests: XCTestCase {
    func testANewFileKeepsItsHeadPagesForRoots() {
        var allocator = PageAllocator(pageCount: 2, headEnd: PageAllocator.headEnd(pageSize: 4096))
        XCTAssertEqual(allocator.headEnd, 16)
        XCTAssertEqual(allocator.allocate(), 16, "an ordinary page goes after the head pages")
        XCTAssertEqual(allocator.allocateRoot(), 2)
        XCTAssertEqual(allocator.allocateRoot(), 3)
        XCTAssertEqual(allocator.allocate(3), 17)
        XCTAssertEqual(allocator.reusable, Array((4..<UInt64(16)).reversed()))
        XCTAssertEqual(allocator.reusableCount(below: 100), 0, "head pages are not room for relocation")
        XCTAssertNil(allocator.allocate(1, below: 100))
        // Freed ordinary pages are handed out before (and instead of) head pages.
        allocator.free(17, count: 3, byTxn: 1)
        allocator.promote(upTo: 1, byTxn: 2)
        XCTAssertEqual(allocator.allocate(2), 17)
        XCTAssertEqual(allocator.allocate(), 19)
        XCTAssertEqual(allocator.allocate(), 20)
        XCTAssertEqual(allocator.allocateRoot(), 4)
        XCTAssertEqual(allocator.pageCount, 21)
    }

    func testLargePagesHaveNoHeadPages() {
        XCTAssertEqual(PageAllocator.headEnd(pageSize: 512), 16, "at most 14 head pages")
        XCTAssertEqual(PageAllocator.headEnd(pageSize: 16_384), 4)
        XCTAssertEqual(PageAllocator.headEnd(pageSize: 65_536), 2)
        var allocator = PageAllocator(pageCount: 2, headEnd: PageAllocator.headEnd(pageSize: 65_536))
        XCTAssertEqual(allocator.allocateRoot(), 2)
        XCTAssertEqual(allocator.allocate(), 3)
    }

    /// Trees that grow over many commits keep the catalog's root and their own in the head,
    /// and so does a compacted copy of the store.
    func testRootsOfAGrowingStoreStayInTheHeadPages() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/roots.fief"
        func checkRoots(_ store: Store, _ label: String) throws {
            try store.read { txn in
                for name in ["a", "b", "c"] {
                    let tree = try XCTUnwrap(txn.tree(name))
                    let root = txn.trees[tree.index].root
                    XCTAssertGreaterThan(root.height, 1, "\(label): \(name)")
                    XCTAssertLessThan(root.page, 16, "\(label): root of \(name)")
                }
                XCTAssertLessThan(txn.snapshot.meta.catalog.page, 16, "\(label): catalog root")
            }
            XCTAssertTrue(try store.verify().isValid, label)
        }
        do {
            let store = try Store(path: path)
            for commit in 0..<40 {
                try store.write { txn in
                    for name in ["a", "b", "c"] {
                        let tree = try txn.tree(name) ?? txn.createTree(name)
                        for i in 0..<200 {
                            try tree.put(Array("\(commit)-\(i)".utf8), [UInt8](repeating: UInt8(i & 0xFF), count: 60))
                        }
                    }
                }
            }
            try checkRoots(store, "after 40 commits")
        }
        try Store.compact(path: path)
        try checkRoots(try Store(path: path), "compacted")
    }
}
