/// Tail relocation (FORMAT.md, section 7, "Tail relocation"): when much of the file is
/// reusable, each write commit moves a bounded number of the live pages that sit in the file's
/// top region into free pages below it, by copy-on-write, so that the tail becomes free and
/// tail truncation shrinks the file without an explicit compaction.
///
/// A moved page is copied exactly as a modification copies it (`touch`): the copy is a new page
/// of this commit, the parents are rewritten, and the old page is freed by this commit and
/// waits under the reuse rule like any other freed page. Nothing else about the commit changes,
/// so the crash and reader guarantees are those of an ordinary commit.
enum RelocationPolicy {
    /// Relocation runs while at least this many pages are reusable...
    static let minimumReusablePages = 64
    /// ...and they are more than `1 / reusableFraction` of the file.
    static let reusableFraction: UInt64 = 4
    /// Page reads a commit may spend looking for pages to move, per page it may move.
    static let visitsPerMovedPage = 8

    /// The first page of the region to empty, or nil when relocation should not run: a file of
    /// `pageCount` pages of which `reusable` are reusable now and `waiting` freed but not yet
    /// reusable. Pages that wait (relaxed durability between syncs, group commit, readers) will
    /// need room of their own once reusable, so relocation runs only while the reusable pages
    /// are more than twice them. The boundary is the pages in use plus 1/16 of them and 16
    /// more, room for the pages commits write meanwhile.
    static func boundary(pageCount: UInt64, reusable: Int, waiting: Int) -> UInt64? {
        guard reusable >= minimumReusablePages, UInt64(reusable) * reusableFraction > pageCount,
              reusable > 2 * waiting else { return nil }
        let used = pageCount - UInt64(reusable)
        return used + used / 16 + 16
    }
}

/// Where the writer's relocation pass stands between commits: a tree (nil for the catalog)
/// and the key of the next leaf to look at (nil for the tree's first leaf). Kept in memory only;
/// a new open starts a new pass.
struct RelocationCursor: Equatable {
    var tree: String?
    var key: [UInt8]?
}

/// What one commit may still spend on relocation, and what it has done.
struct RelocationWork {
    let boundary: UInt64
    var pagesLeft: Int
    var visitsLeft: Int
    var movedPages = 0

    var hasBudget: Bool { pagesLeft > 0 && visitsLeft > 0 }
}

extension Transaction {
    /// Moves up to ``StorageOptions/tailRelocationPagesPerCommit`` pages out of the file's top
    /// region, continuing the pass the previous commits left. Called by the commit before the
    /// tree descriptors are saved. A damaged page ends relocation for this commit (the commit
    /// itself goes on: every step left the trees consistent) and restarts the pass.
    func relocateTail() {
        let budget = env.options.tailRelocationPagesPerCommit
        guard budget > 0 else { return }
        _ = allocator.trimTail()
        let reusable = allocator.reusable.count
        guard reusable >= RelocationPolicy.minimumReusablePages,
              let boundary = RelocationPolicy.boundary(pageCount: allocator.pageCount, reusable: reusable,
                                                       waiting: allocator.freePageCount - reusable) else {
            env.relocationCursor = nil
            return
        }
        var work = RelocationWork(boundary: boundary, pagesLeft: budget,
                                  visitsLeft: budget * RelocationPolicy.visitsPerMovedPage)
        var cursor = env.relocationCursor ?? RelocationCursor()
        do {
            let names = try treeNames()
            while work.hasBudget {
                let resume: [UInt8]?
                if let name = cursor.tree {
                    if let tree = try tree(name) {
                        resume = try relocate(&trees[tree.index], from: cursor.key, &work)
                    } else {
                        resume = nil
                    }
                } else {
                    resume = try relocate(&catalog, from: cursor.key, &work)
                }
                if let resume {
                    cursor.key = resume
                    break
                }
                // The next tree in name order; after the last, the pass ends (one per commit).
                let next = names.first { name in cursor.tree.map { Self.nameOrder($0, name) } ?? true }
                guard let next else {
                    cursor = RelocationCursor()
                    break
                }
                cursor = RelocationCursor(tree: next, key: nil)
            }
        } catch {
            cursor = RelocationCursor()
        }
        appendHint = nil
        mutationCount += 1
        env.relocationCursor = cursor
        env.relocatedPageCount += work.movedPages
    }

    /// Whether tree name `a` sorts before `b` (byte order, as the catalog keeps them).
    private static func nameOrder(_ a: String, _ b: String) -> Bool {
        Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    /// Walks the leaves of the tree `state` in key order from the one that holds `start`, and
    /// moves below `work.boundary` every leaf whose path or overflow values reach the region at
    /// or above it. Returns the key to resume at when the budget ran out, nil when the tree is
    /// done.
    private func relocate(_ state: inout TreeState, from start: [UInt8]?, _ work: inout RelocationWork) throws -> [UInt8]? {
        var resume = start
        let source = WriterPages(txn: self)
        while work.hasBudget {
            guard state.root.page != 0 else { return nil }
            let height = Int(state.root.height)
            var page = state.root.page
            var reachesTail = page >= work.boundary
            var next: [UInt8]?
            for level in 1..<max(height, 1) {
                let node = try source.node(page)
                work.visitsLeft -= 1
                guard !node.isLeaf, node.count > 0 else { throw TreeSearch.depthError(page, UInt32(level), state.root) }
                let index = resume.map { key in key.withUnsafeBytes { node.childIndex($0) } } ?? 0
                if index + 1 < node.count { next = Array(node.branchKey(index + 1)) }
                page = node.child(index)
                reachesTail = reachesTail || page >= work.boundary
            }
            let leaf = try source.node(page)
            work.visitsLeft -= 1
            guard leaf.isLeaf else { throw TreeSearch.depthError(page, state.root.height, state.root) }
            if !reachesTail {
                for i in 0..<leaf.count where leaf.valueKind(i) != .inline && leaf.overflowReference(i).page >= work.boundary {
                    reachesTail = true
                    break
                }
            }
            if reachesTail {
                // Copies go to the lowest reusable pages: stop when fewer than a path's worth
                // lie below the boundary, so that relocation never appends to the file.
                guard allocator.reusableCount(below: work.boundary) > height else {
                    work.pagesLeft = 0
                    return resume
                }
                let first = leaf.count > 0 ? Array(leaf.leafKey(0)) : []
                try moveLeaf(&state, containing: first, &work)
            }
            guard let next else { return nil }
            resume = next
        }
        return resume
    }

    /// Copies the path to the leaf holding `key` (the pages at or above the boundary land below
    /// it), then moves that leaf's overflow runs that lie at or above the boundary.
    private func moveLeaf(_ state: inout TreeState, containing key: [UInt8], _ work: inout RelocationWork) throws {
        let before = dirty.count
        let leafPage = try key.withUnsafeBytes { try descendForWrite(&state, $0) }
        state.changed = true
        var moved = dirty.count - before
        let leaf = mutableNode(leafPage)
        let source = WriterPages(txn: self)
        for i in 0..<leaf.node.count where leaf.node.valueKind(i) != .inline {
            let (page, stored) = leaf.node.overflowReference(i)
            guard page >= work.boundary else { continue }
            let pages = PageCheck.runPages(dataLength: stored, pageSize: pageSize)
            let run = try source.run(page, type: .overflow, dataLength: stored)
            guard let first = allocator.allocate(pages, below: work.boundary) else { continue }
            withExtendedLifetime(run) {
                storeOverflowRun(UnsafeRawBufferPointer(start: run.pointer + Layout.runHeaderSize, count: stored), at: first)
            }
            leaf.setOverflowPage(i, first)
            freePage(page, count: pages)
            moved += pages
        }
        work.movedPages += moved
        work.pagesLeft -= max(moved, 1)
    }
}
