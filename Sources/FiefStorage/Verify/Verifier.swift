/// What ``Store/verify()`` found.
public struct VerificationReport: Sendable, CustomStringConvertible {
    /// A damaged or inconsistent page and what is wrong with it.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The page concerned (0 when the problem is not tied to one page).
        public var page: UInt64
        /// What is wrong, without the page number.
        public var reason: String
        /// "page N: reason", or the reason alone.
        public var description: String { page == 0 ? reason : "page \(page): \(reason)" }
    }

    /// The version that was checked.
    public var version: UInt64 = 0
    /// Pages in the file, meta pages included.
    public var pageCount: UInt64 = 0
    /// Pages that hold trees, values or the free list.
    public var usedPages: UInt64 = 0
    /// Pages on the free list.
    public var freePages: UInt64 = 0
    /// Each tree with its number of entries.
    public var trees: [(name: String, entries: UInt64)] = []
    /// Everything wrong, first found first (at most 100).
    public var problems: [Problem] = []
    /// Whether more problems were found than `problems` holds.
    public var isTruncated = false

    /// Whether the file passed every check.
    public var isValid: Bool { problems.isEmpty }

    /// A one-line summary when valid, else one line per problem.
    public var description: String {
        if isValid {
            return "ok: version \(version), \(pageCount) pages (\(usedPages) used, \(freePages) free), \(trees.count) trees"
        }
        return (["\(problems.count) problem(s) in version \(version):"] + problems.map { "  \($0)" }).joined(separator: "\n")
    }
}

extension Store {
    /// Checks the newest version completely: every page's checksum, the structure and key order
    /// of every tree, every overflow value, entry counts, and that each page is used exactly once
    /// or free. Damage is reported, not thrown; only I/O failures throw.
    ///
    /// ```swift
    /// let report = try store.verify()
    /// if !report.isValid { print(report) }
    /// ```
    public func verify() throws -> VerificationReport {
        try read { txn in
            var verifier = Verifier(txn: txn)
            defer { verifier.freshBits.deallocate() }
            return verifier.run()
        }
    }
}

/// Walks one snapshot, checking everything and noting problems instead of stopping.
struct Verifier {
    let txn: Transaction
    let pageSize: Int
    let pageLimit: UInt64
    var seen: [Bool]
    var report = VerificationReport()
    static let problemLimit = 100
    /// All-clear verification bitmaps (nodes, then runs), so every page this verifier reads
    /// is checked afresh.
    let freshBits: UnsafeMutablePointer<UInt64>
    let freshWords: Int
    /// Decrypts every page afresh (encrypted stores), bypassing the shared cache.
    let freshDecryptor: PageDecryptor?
    /// Reads pages through the fresh bitmaps, so every page is checked as it is read.
    let fresh: MappedPages

    init(txn: Transaction) {
        self.txn = txn
        pageSize = txn.mapped.pageSize
        pageLimit = txn.snapshot.meta.pageCount
        // One flag per page that exists in the file (recovery never opens a version with more
        // pages than the file), so a crafted page count cannot make this allocation huge.
        seen = [Bool](repeating: false, count: Int(min(pageLimit, txn.mapped.pageLimit)))
        freshWords = Int((txn.mapped.pageLimit + 63) / 64) + 1
        freshBits = .allocate(capacity: 2 * freshWords)
        freshBits.initialize(repeating: 0, count: 2 * freshWords)
        freshDecryptor = txn.env.makeDecryptor(sharedCache: false)
        fresh = MappedPages(map: txn.mapped.map, base: txn.mapped.base, pageSize: pageSize, pageLimit: txn.mapped.pageLimit,
                            newestTxn: txn.mapped.newestTxn, nodeBits: freshBits, runBits: freshBits + freshWords,
                            verifyChecksums: true, decryptor: freshDecryptor)
    }

    mutating func run() -> VerificationReport {
        let meta = txn.snapshot.meta
        report.version = meta.txnID
        report.pageCount = meta.pageCount
        if seen.count >= 2 { seen[0] = true; seen[1] = true }
        var descriptors: [(String, TreeState)] = []
        walk(meta.catalog, name: "catalog") { key, value in
            guard let name = String(validating: key, as: UTF8.self) else {
                return "a tree name in the catalog is not valid UTF-8"
            }
            guard value.count == TreeState.descriptorSize else {
                return "catalog entry '\(name)' has \(value.count) bytes"
            }
            descriptors.append((name, TreeState.decode(name: name, value.baseAddress!)))
            return nil
        }
        for (name, state) in descriptors {
            var entries: UInt64 = 0
            let problemsBefore = report.problems.count
            walk(state.root, name: name) { _, _ in entries += 1; return nil }
            // A damaged node hides its entries; the count then disagrees as a consequence only.
            if entries != state.count && report.problems.count == problemsBefore {
                note(state.root.page, "tree '\(name)' holds \(entries) entries but its descriptor says \(state.count)")
            }
            report.trees.append((name, entries))
        }
        checkFreeList(meta)
        let used = seen.indices.filter { seen[$0] }.count
        report.usedPages = UInt64(used) - report.freePages
        var leaked = 0
        for page in 2..<max(2, seen.count) where !seen[page] {
            leaked += 1
            if leaked <= 10 { note(UInt64(page), "neither in use nor free (leaked)") }
        }
        if leaked > 10 { note(0, "\(leaked) pages leaked in all") }
        return report
    }

    private mutating func note(_ page: UInt64, _ reason: String) {
        if report.problems.count < Verifier.problemLimit {
            report.problems.append(.init(page: page, reason: reason))
        } else {
            report.isTruncated = true
        }
    }

    /// Notes an error, keeping a corrupt page's own number and reason.
    private mutating func note(_ page: UInt64, _ error: any Error) {
        if case let .corruptPage(damaged, reason)? = error as? StorageError {
            note(damaged, reason)
        } else {
            note(page, String(describing: error))
        }
    }

    /// Claims `count` pages from `first`; notes pages out of range or claimed twice.
    private mutating func claim(_ first: UInt64, count: Int = 1, what: String) -> Bool {
        guard first >= 2, first < UInt64(seen.count), UInt64(count) <= UInt64(seen.count) - first else {
            note(first, "\(what) lies outside the file")
            return false
        }
        for page in first..<first + UInt64(count) {
            if seen[Int(page)] {
                note(page, "\(what) uses a page that is already in use")
                return false
            }
            seen[Int(page)] = true
        }
        return true
    }

    /// Walks a tree depth-first checking each node against the key range its parent allows.
    private mutating func walk(_ root: TreeRoot, name: String,
                               visit: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> String?) {
        guard root.page != 0 else {
            if root.height != 0 { note(0, "tree '\(name)' is empty but has height \(root.height)") }
            return
        }
        guard root.height <= UInt32(Layout.maximumTreeHeight) else {
            note(root.page, "tree '\(name)' claims a height of \(root.height) (the maximum is \(Layout.maximumTreeHeight))")
            return
        }
        struct Frame { var page: UInt64; var level: UInt32; var lower: [UInt8]?; var upper: [UInt8]? }
        var stack = [Frame(page: root.page, level: 1, lower: nil, upper: nil)]
        while let frame = stack.popLast() {
            guard claim(frame.page, what: "node of tree '\(name)'") else { continue }
            let node: Node
            do { node = try fresh.node(frame.page) } catch {
                note(frame.page, error)
                continue
            }
            if node.isLeaf != (frame.level == root.height) {
                note(frame.page, "\(node.isLeaf ? "leaf" : "branch") at depth \(frame.level) of tree '\(name)' (height \(root.height))")
                continue
            }
            if frame.level > 1 && node.count == 0 { note(frame.page, "empty non-root node in tree '\(name)'") }
            var previous: UnsafeRawBufferPointer?
            for i in 0..<node.count {
                let key = node.key(i)
                if node.isLeaf || i > 0 {
                    if let previous, compareKeys(previous, key) >= 0 { note(frame.page, "keys out of order at slot \(i)") }
                    if let lower = frame.lower, lower.withUnsafeBytes({ compareKeys(key, $0) }) < 0 {
                        note(frame.page, "slot \(i) key is below its parent's separator")
                    }
                    if let upper = frame.upper, upper.withUnsafeBytes({ compareKeys(key, $0) }) >= 0 {
                        note(frame.page, "slot \(i) key is not below the next separator")
                    }
                    previous = key
                }
                if node.isLeaf {
                    checkValue(node, i, name: name, visit: visit)
                } else {
                    let lower = i == 0 ? frame.lower : Array(key)
                    let upper = i + 1 < node.count ? Array(node.key(i + 1)) : frame.upper
                    stack.append(Frame(page: node.child(i), level: frame.level + 1, lower: lower, upper: upper))
                }
            }
        }
    }

    private mutating func checkValue(_ leaf: Node, _ index: Int, name: String,
                                     visit: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> String?) {
        let kind = leaf.valueKind(index)
        if kind != .inline {
            let (page, stored) = leaf.overflowReference(index)
            let pages = PageCheck.runPages(dataLength: stored, pageSize: pageSize)
            guard claim(page, count: pages, what: "overflow value in tree '\(name)'") else { return }
            do { _ = try fresh.run(page, type: .overflow, dataLength: stored) } catch {
                note(page, error)
                return
            }
        }
        do {
            let problem = try TreeSearch.withValue(fresh, leaf, index) { visit(leaf.key(index), $0) }
            if let problem { note(0, problem) }
        } catch {
            note(kind == .inline ? 0 : leaf.overflowReference(index).page, error)
        }
    }

    private mutating func checkFreeList(_ meta: MetaPage) {
        guard meta.freeListPage != 0 else { return }
        do {
            // Load through a map that re-verifies: the process cache may vouch for these pages.
            let (allocator, runs) = try PageAllocator.load(meta, from: fresh)
            for run in runs { _ = claim(run.first, count: Int(run.count), what: "free-space run") }
            var free = allocator.reusable
            for group in allocator.pending { free.append(contentsOf: group.pages) }
            for number in free where claim(number, what: "free-list entry") { report.freePages += 1 }
        } catch {
            note(meta.freeListPage, error)
        }
    }
}
