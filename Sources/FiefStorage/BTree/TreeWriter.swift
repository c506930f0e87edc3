import CLZ4

/// The B+tree mutations of a write transaction: copy-on-write descent, insertion with splits,
/// deletion with merging and redistribution, and overflow values.
extension Transaction {
    var nodeCapacity: Int { pageSize - Layout.nodeHeaderSize }

    // MARK: Pages

    /// Returns a writable copy of `page`: the page itself when this transaction already owns it,
    /// otherwise a fresh page with the same content, the old one freed by this commit. A copy
    /// of a tree's root (`isRoot`) goes to a head page when one is free.
    func touch(_ page: UInt64, isRoot: Bool = false) throws(StorageError) -> UInt64 {
        if dirty[page] != nil { return page }
        let source = try mapped.node(page)
        let (number, copy) = newPage(isRoot: isRoot)
        withExtendedLifetime(source) { copy.pointer.copyMemory(from: source.base, byteCount: pageSize) }
        allocator.free(page, byTxn: txnID)
        return number
    }

    /// A new zeroed page (no stale process memory ever reaches the file); a tree's root
    /// (`isRoot`) goes to a head page when one is free (FORMAT.md, section 7, "Root placement").
    func newPage(isRoot: Bool = false) -> (UInt64, DirtyPage) {
        let number = isRoot ? allocator.allocateRoot() : allocator.allocate()
        let page = DirtyPage(pageSize: pageSize, pages: 1)
        page.pointer.initializeMemory(as: UInt8.self, repeating: 0, count: pageSize)
        dirty.insert(number, page)
        return (number, page)
    }

    func mutableNode(_ page: UInt64) -> MutableNode {
        MutableNode(dirty[page]!.pointer, pageSize: pageSize)
    }

    /// Frees a page or run, whether this transaction wrote it or an earlier commit did.
    func freePage(_ page: UInt64, count: Int = 1) {
        if let owned = dirty.remove(page) {
            owned.deallocate()
            allocator.release(page, count: count)
        } else {
            allocator.free(page, count: count, byTxn: txnID)
        }
    }

    /// Descends to the leaf for `key`, copying every page on the way; fills `path`.
    func descendForWrite(_ state: inout TreeState, _ key: UnsafeRawBufferPointer) throws(StorageError) -> UInt64 {
        path.reset()
        var page = try touch(state.root.page, isRoot: true)
        state.root.page = page
        for level in 1..<Int(state.root.height) {
            let node = mutableNode(page).node
            guard !node.isLeaf else { throw TreeSearch.depthError(page, UInt32(level), state.root) }
            let index = node.childIndex(key)
            path.append(PathStep(page: page, index: index))
            let child = node.child(index)
            let copy = try touch(child)
            if copy != child { mutableNode(page).setChild(index, copy) }
            page = copy
        }
        guard mutableNode(page).node.isLeaf else { throw TreeSearch.depthError(page, state.root.height, state.root) }
        return page
    }

    // MARK: Put

    /// Stores `value` under `key` in the tree whose state is `state`; `tree` identifies it for
    /// the append fast path (-1 for the catalog).
    func put(_ state: inout TreeState, tree: Int, key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer,
             compressible: Bool = true) throws {
        let maxKey = Layout.maximumKeySize(pageSize: pageSize)
        guard key.count <= maxKey else { throw StorageError.keyTooLarge(length: key.count, maximum: maxKey) }
        guard value.count <= Int(UInt32.max) else { throw StorageError.valueTooLarge(length: value.count, maximum: Int(UInt32.max)) }
        mutationCount += 1
        let cell = workspace!.cell
        let cellSize = prepareLeafCell(key: key, value: value, compressible: compressible)
        if state.root.page == 0 {
            let (page, buffer) = newPage(isRoot: true)
            _ = MutableNode.initialize(buffer.pointer, pageSize: pageSize, type: .leaf)
            state.root = TreeRoot(page: page, height: 1)
        }
        if let hint = appendHint, hint.tree == tree, hint.mutation == mutationCount - 1 {
            // Ascending inserts: the key goes after the last one of the rightmost leaf, which
            // the previous put left dirty with its path recorded. No descent needed.
            let node = mutableNode(hint.leaf)
            let count = node.node.count
            if count > 0 && compareKeys(key, node.node.leafKey(count - 1)) > 0 {
                state.count &+= 1
                state.changed = true
                try insertAndUpdateHint(&state, tree: tree, leaf: hint.leaf, index: count, cell: cell, size: cellSize)
                return
            }
        }
        let leaf: UInt64
        do { leaf = try descendForWrite(&state, key) } catch {
            // A damaged page stopped the descent: give the value's overflow run back.
            if UnsafeRawPointer(cell).u8(2) != ValueKind.inline.rawValue {
                let reference = UnsafeRawPointer(cell) + Layout.leafCellHeader + key.count
                freePage(reference.u64(0), count: PageCheck.runPages(dataLength: Int(reference.u32(8)), pageSize: pageSize))
            }
            throw error
        }
        let node = mutableNode(leaf)
        let (index, found) = node.node.lowerBound(key)
        if found {
            try releaseValue(node.node, index)
            node.removeCell(at: index)
        } else {
            state.count &+= 1
        }
        state.changed = true
        try insertAndUpdateHint(&state, tree: tree, leaf: leaf, index: index, cell: cell, size: cellSize)
    }

    /// Writes the leaf cell for `key` and `value` into the workspace's cell buffer (the value
    /// inline, or in a new overflow run) and returns its size.
    private func prepareLeafCell(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, compressible: Bool) -> Int {
        let cell = workspace!.cell
        let inlineSize = MutableNode.leafCellSize(keyLength: key.count, kind: .inline, valueLength: value.count)
        if inlineSize <= Layout.maximumCellSize(pageSize: pageSize) {
            MutableNode.writeLeafCell(cell, key: key, kind: .inline, valueLength: value.count, payload: value)
            return inlineSize
        }
        let (kind, reference) = writeOverflow(value, compressible: compressible)
        withUnsafeBytes(of: reference) { ref in
            MutableNode.writeLeafCell(cell, key: key, kind: kind, valueLength: value.count, payload: ref)
        }
        return MutableNode.leafCellSize(keyLength: key.count, kind: kind, valueLength: value.count)
    }

    // MARK: Read, then write, at the floor of a key

    /// Finds the entry with the greatest key `≤ key`, lets `body` decide from it (nil, nil when
    /// there is none) and carries the decision out, with one descent when the entry is in the
    /// leaf where `key` belongs (the common case), and a read and then a put otherwise.
    func updateFloor(_ state: inout TreeState, tree: Int, key: UnsafeRawBufferPointer,
                     _ body: (UnsafeRawBufferPointer?, UnsafeRawBufferPointer?) throws -> FloorUpdate) throws {
        let maxKey = Layout.maximumKeySize(pageSize: pageSize)
        guard key.count <= maxKey else { throw StorageError.keyTooLarge(length: key.count, maximum: maxKey) }
        var leaf: UInt64 = 0
        var slot = -1
        if state.root.page != 0 {
            leaf = try descendForWrite(&state, key)
            // The descent copied the pages on its way (a new root among them): whatever `body`
            // decides, and even if it throws, the tree's state has changed. (The mutation count
            // moves after `body`, which must not see it move.)
            state.changed = true
            let (index, found) = mutableNode(leaf).node.lowerBound(key)
            slot = found ? index : index - 1
        }
        guard slot >= 0 else {
            // No entry at or before `key` in its leaf: the floor, if any, ends an earlier leaf.
            let decision = try withFloorEntry(in: state.root, key: key) { k, v in (Array(k), try body(k, v)) }
            switch try decision?.1 ?? body(nil, nil) {
            case .keep:
                if leaf != 0 { mutationCount += 1 }
            case .replaceValue(let value):
                guard let floorKey = decision?.0 else { throw StorageError.invalidOption("replaceValue without an entry at or before the key") }
                try floorKey.withUnsafeBytes { k in try value.withUnsafeBytes { try put(&state, tree: tree, key: k, value: $0) } }
            case .insert(let value):
                try value.withUnsafeBytes { try put(&state, tree: tree, key: key, value: $0) }
            }
            return
        }
        let node = mutableNode(leaf)
        let floorKey = node.node.leafKey(slot)
        switch try TreeSearch.withValue(WriterPages(txn: self), node.node, slot, { try body(floorKey, $0) }) {
        case .keep:
            mutationCount += 1
        case .replaceValue(let value):
            guard value.count <= Int(UInt32.max) else { throw StorageError.valueTooLarge(length: value.count, maximum: Int(UInt32.max)) }
            mutationCount += 1
            let size = value.withUnsafeBytes { prepareLeafCell(key: floorKey, value: $0, compressible: true) }
            try releaseValue(node.node, slot)
            node.removeCell(at: slot)
            try insertAndUpdateHint(&state, tree: tree, leaf: leaf, index: slot, cell: workspace!.cell, size: size)
        case .insert(let value):
            guard value.count <= Int(UInt32.max) else { throw StorageError.valueTooLarge(length: value.count, maximum: Int(UInt32.max)) }
            mutationCount += 1
            let size = value.withUnsafeBytes { prepareLeafCell(key: key, value: $0, compressible: true) }
            if compareKeys(floorKey, key) == 0 {
                try releaseValue(node.node, slot)
                node.removeCell(at: slot)
                try insertAndUpdateHint(&state, tree: tree, leaf: leaf, index: slot, cell: workspace!.cell, size: size)
            } else {
                state.count &+= 1
                try insertAndUpdateHint(&state, tree: tree, leaf: leaf, index: slot + 1, cell: workspace!.cell, size: size)
            }
        }
    }

    /// Where the last put appended, while nothing else has changed since.
    struct AppendHint {
        var tree: Int
        var leaf: UInt64
        var mutation: Int
    }

    /// Inserts the cell; then, when it went to the end of the rightmost leaf without a split,
    /// remembers that leaf for the next put.
    private func insertAndUpdateHint(_ state: inout TreeState, tree: Int, leaf: UInt64, index: Int,
                                     cell: UnsafeMutableRawPointer, size: Int) throws {
        appendHint = nil
        let split = try insertCell(&state, level: path.count, page: leaf, index: index, cell: UnsafeRawPointer(cell), size: size)
        guard !split, index == mutableNode(leaf).node.count - 1 else { return }
        for depth in 0..<path.count where path[depth].index != mutableNode(path[depth].page).node.count - 1 { return }
        appendHint = AppendHint(tree: tree, leaf: leaf, mutation: mutationCount)
    }

    /// Overflow reference payload, as stored in a leaf cell (12 bytes, little-endian).
    struct OverflowReference {
        var page: UInt64
        var storedLength: UInt32
    }

    /// Stores `value` in an overflow run, compressed with LZ4 when `allowed` and that saves at
    /// least a page.
    private func writeOverflow(_ value: UnsafeRawBufferPointer, compressible allowed: Bool) -> (ValueKind, OverflowReference) {
        let plainPages = PageCheck.runPages(dataLength: value.count, pageSize: pageSize)
        // LZ4 takes inputs up to LZ4_MAX_INPUT_SIZE; larger values are stored as they are.
        let compressible = allowed && value.count <= 0x7E00_0000
        let bound = compressible ? Int(LZ4_compressBound(Int32(value.count))) : 0
        let compressed = UnsafeMutableRawPointer.allocate(byteCount: max(bound, 1), alignment: 16)
        defer { compressed.deallocate() }
        let compressedSize = compressible ? Int(LZ4_compress_default(
            value.baseAddress!.assumingMemoryBound(to: CChar.self), compressed.assumingMemoryBound(to: CChar.self),
            Int32(value.count), Int32(bound))) : 0
        let useCompressed = compressedSize > 0
            && PageCheck.runPages(dataLength: compressedSize, pageSize: pageSize) < plainPages
        let data = useCompressed ? UnsafeRawBufferPointer(start: compressed, count: compressedSize) : value
        let first = allocator.allocate(PageCheck.runPages(dataLength: data.count, pageSize: pageSize))
        storeOverflowRun(data, at: first)
        let reference = OverflowReference(page: first.littleEndian, storedLength: UInt32(data.count).littleEndian)
        return (useCompressed ? .overflowLZ4 : .overflow, reference)
    }

    /// Records a dirty overflow run at `first` (pages already allocated) holding `data`.
    func storeOverflowRun(_ data: UnsafeRawBufferPointer, at first: UInt64) {
        let pages = PageCheck.runPages(dataLength: data.count, pageSize: pageSize)
        let run = DirtyPage(pageSize: pageSize, pages: pages)
        let bytes = run.pointer
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: Layout.runHeaderSize)
        bytes.setU8(Layout.typeOffset, PageType.overflow.rawValue)
        bytes.setU64(Layout.runLengthOffset, UInt64(data.count))
        if data.count > 0 { (bytes + Layout.runHeaderSize).copyMemory(from: data.baseAddress!, byteCount: data.count) }
        let tail = pages * pageSize - Layout.runHeaderSize - data.count
        (bytes + Layout.runHeaderSize + data.count).initializeMemory(as: UInt8.self, repeating: 0, count: tail)
        dirty.insert(first, run)
    }

    /// Frees the overflow run of the value in slot `index`, if it has one.
    /// The run must really be an overflow run of that size (checked before it is freed, so a
    /// damaged reference cannot make the transaction free one of its own node pages).
    func releaseValue(_ leaf: Node, _ index: Int) throws {
        guard leaf.valueKind(index) != .inline else { return }
        let (page, stored) = leaf.overflowReference(index)
        _ = try WriterPages(txn: self).run(page, type: .overflow, dataLength: stored)
        freePage(page, count: PageCheck.runPages(dataLength: stored, pageSize: pageSize))
    }

    // MARK: Insertion and splits

    /// Inserts `cell` at `index` of the dirty node `page` at depth `level` (0 = root), splitting
    /// upward as needed. `path[0..<level]` holds the ancestors. Returns whether a node split.
    @discardableResult
    private func insertCell(_ state: inout TreeState, level: Int, page: UInt64, index: Int,
                            cell: UnsafeRawPointer, size: Int) throws -> Bool {
        let ws = workspace!
        let node = mutableNode(page)
        if let slot = node.reserveCell(at: index, size: size, scratch: ws.scratch) {
            slot.copyMemory(from: cell, byteCount: size)
            return false
        }
        let isLeaf = node.node.isLeaf
        let appending = index == node.node.count
        if appending && isLeaf {
            // Ascending inserts: keep the left page full and start a new right page with the
            // new cell alone.
            let lastKey = node.node.leafKey(node.node.count - 1)
            let newKey = UnsafeRawBufferPointer(start: cell + Layout.leafCellHeader, count: Int(cell.u16(0)))
            let separator = Transaction.shortestSeparator(lastKey, newKey)
            let (rightPage, right) = newPage()
            MutableNode.initialize(right.pointer, pageSize: pageSize, type: .leaf).appendCell(cell, size: size)
            try insertSeparator(&state, level: level, left: page, right: rightPage, separator: separator)
            return true
        }
        // Gather the existing cells with the new one into the arena, then split in two.
        gatherCells(node.node, inserting: (index, cell, size))
        let total = ws.cells.count
        let bytes = ws.cells.reduce(0) { $0 + $1.size + 2 }
        var running = 0
        var splitAt = 0
        while splitAt < total - 1 && running + (ws.cells[splitAt].size + 2) <= bytes / 2 {
            running += ws.cells[splitAt].size + 2
            splitAt += 1
        }
        splitAt = max(1, min(splitAt, total - 1))
        let (rightPage, _) = newPage()
        let separator = separatorKey(at: splitAt, isLeaf: isLeaf)
        buildNode(page, isLeaf: isLeaf, cells: 0..<splitAt)
        buildNode(rightPage, isLeaf: isLeaf, cells: splitAt..<total)
        try insertSeparator(&state, level: level, left: page, right: rightPage, separator: separator)
        return true
    }

    /// Adds the entry for a new right sibling to the parent of `left` at `level`.
    private func insertSeparator(_ state: inout TreeState, level: Int, left: UInt64, right: UInt64,
                                 separator: [UInt8]) throws {
        let ws = workspace!
        if level == 0 {
            let (rootPage, buffer) = newPage(isRoot: true)
            let root = MutableNode.initialize(buffer.pointer, pageSize: pageSize, type: .branch)
            MutableNode.writeBranchCell(ws.cell, key: UnsafeRawBufferPointer(start: nil, count: 0), child: left)
            root.appendCell(ws.cell, size: Layout.branchCellHeader)
            separator.withUnsafeBytes { MutableNode.writeBranchCell(ws.cell, key: $0, child: right) }
            root.appendCell(ws.cell, size: Layout.branchCellHeader + separator.count)
            state.root = TreeRoot(page: rootPage, height: state.root.height + 1)
            guard state.root.height <= UInt32(Layout.maximumTreeHeight) else {
                throw StorageError.invalidOption("tree '\(state.name)' exceeds \(Layout.maximumTreeHeight) levels")
            }
            return
        }
        let parent = path[level - 1]
        separator.withUnsafeBytes { MutableNode.writeBranchCell(ws.cell, key: $0, child: right) }
        // `ws.cell` is reused by deeper calls only after this copy is consumed.
        let size = Layout.branchCellHeader + separator.count
        let copy = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { copy.deallocate() }
        copy.copyMemory(from: ws.cell, byteCount: size)
        try insertCell(&state, level: level - 1, page: parent.page, index: parent.index + 1, cell: copy, size: size)
    }

    /// Copies the cells of `node` into the arena, with an optional new cell spliced in.
    private func gatherCells(_ node: Node, inserting: (index: Int, cell: UnsafeRawPointer, size: Int)?) {
        let ws = workspace!
        ws.cells.removeAll(keepingCapacity: true)
        appendCells(of: node, inserting: inserting)
    }

    private func appendCells(of node: Node, inserting: (index: Int, cell: UnsafeRawPointer, size: Int)? = nil) {
        let ws = workspace!
        var offset = ws.cells.last.map { $0.offset + $0.size } ?? 0
        func add(_ source: UnsafeRawPointer, _ size: Int) {
            (ws.arena + offset).copyMemory(from: source, byteCount: size)
            ws.cells.append((offset, size))
            offset += size
        }
        for i in 0...node.count {
            if let inserting, inserting.index == i { add(inserting.cell, inserting.size) }
            if i < node.count { add(node.base + node.cellOffset(i), node.cellSize(i)) }
        }
    }

    private func arenaKey(_ cell: Int, isLeaf: Bool) -> UnsafeRawBufferPointer {
        let ws = workspace!
        let start = ws.arena + ws.cells[cell].offset
        let header = isLeaf ? Layout.leafCellHeader : Layout.branchCellHeader
        return UnsafeRawBufferPointer(start: start + header, count: Int(UnsafeRawPointer(start).u16(0)))
    }

    /// The key that separates cells before `index` from cells from `index` on. For leaves, the
    /// shortest prefix of the right's first key that is greater than the left's last key.
    private func separatorKey(at index: Int, isLeaf: Bool) -> [UInt8] {
        let right = arenaKey(index, isLeaf: isLeaf)
        guard isLeaf else { return Array(right) }
        return Transaction.shortestSeparator(arenaKey(index - 1, isLeaf: true), right)
    }

    /// The shortest prefix of `right` that is greater than `left` (given `left` < `right`).
    static func shortestSeparator(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> [UInt8] {
        var length = 0
        while length < left.count && length < right.count && left[length] == right[length] { length += 1 }
        return Array(right[0..<min(length + 1, right.count)])
    }

    /// Rebuilds dirty page `page` from arena cells; a branch's first entry loses its key.
    private func buildNode(_ page: UInt64, isLeaf: Bool, cells: Range<Int>) {
        let ws = workspace!
        let node = MutableNode.initialize(dirty[page]!.pointer, pageSize: pageSize, type: isLeaf ? .leaf : .branch)
        for i in cells {
            let cell = ws.arena + ws.cells[i].offset
            if !isLeaf && i == cells.lowerBound {
                MutableNode.writeBranchCell(ws.scratch, key: UnsafeRawBufferPointer(start: nil, count: 0),
                                            child: UnsafeRawPointer(cell).u64(2))
                node.appendCell(ws.scratch, size: Layout.branchCellHeader)
            } else {
                node.appendCell(cell, size: ws.cells[i].size)
            }
        }
    }

    // MARK: Delete and rebalancing

    /// Removes `key`; returns whether it was there.
    func delete(_ state: inout TreeState, key: UnsafeRawBufferPointer) throws -> Bool {
        guard try TreeSearch.find(WriterPages(txn: self), state.root, key) != nil else { return false }
        mutationCount += 1
        let leaf = try descendForWrite(&state, key)
        let node = mutableNode(leaf)
        let (index, found) = node.node.lowerBound(key)
        precondition(found, "key vanished between search and delete")
        try releaseValue(node.node, index)
        node.removeCell(at: index)
        state.count &-= 1 // wraps only for the catalog, whose count is never stored
        state.changed = true
        try rebalance(&state, level: path.count, page: leaf)
        return true
    }

    /// Restores fill after a removal from dirty node `page` at depth `level`.
    private func rebalance(_ state: inout TreeState, level: Int, page: UInt64) throws {
        let node = mutableNode(page).node
        if level == 0 {
            if !node.isLeaf && node.count == 1 {
                let child = node.child(0)
                freePage(page)
                state.root = TreeRoot(page: child, height: state.root.height - 1)
            } else if node.isLeaf && node.count == 0 {
                freePage(page)
                state.root = TreeRoot()
            }
            return
        }
        guard node.usedBytes < nodeCapacity / 4 || node.count == 0 else { return }
        let parentStep = path[level - 1]
        let parent = mutableNode(parentStep.page).node
        guard parent.count >= 2 else { return }
        let leftIndex = parentStep.index > 0 ? parentStep.index - 1 : parentStep.index
        let rightIndex = leftIndex + 1
        let leftPage = try touchChild(parentStep.page, leftIndex)
        let rightPage = try touchChild(parentStep.page, rightIndex)
        let isLeaf = node.isLeaf
        let ws = workspace!
        ws.cells.removeAll(keepingCapacity: true)
        appendCells(of: mutableNode(leftPage).node)
        let firstRight = ws.cells.count
        appendCells(of: mutableNode(rightPage).node)
        if !isLeaf {
            // The right node's first entry takes the parent's separator as its key.
            let separator = mutableNode(parentStep.page).node.key(rightIndex)
            let child = UnsafeRawPointer(ws.arena + ws.cells[firstRight].offset).u64(2)
            let tailStart = ws.cells[firstRight].offset + ws.cells[firstRight].size
            let tailBytes = (ws.cells.last.map { $0.offset + $0.size } ?? tailStart) - tailStart
            let newSize = Layout.branchCellHeader + separator.count
            let shift = newSize - ws.cells[firstRight].size
            if tailBytes > 0 { (ws.arena + tailStart + shift).copyMemory(from: ws.arena + tailStart, byteCount: tailBytes) }
            MutableNode.writeBranchCell(ws.arena + ws.cells[firstRight].offset, key: separator, child: child)
            ws.cells[firstRight].size = newSize
            for i in (firstRight + 1)..<ws.cells.count { ws.cells[i].offset += shift }
        }
        let bytes = ws.cells.reduce(0) { $0 + $1.size + 2 }
        let parentNode = mutableNode(parentStep.page)
        if bytes <= nodeCapacity {
            buildNode(leftPage, isLeaf: isLeaf, cells: 0..<ws.cells.count)
            freePage(rightPage)
            parentNode.removeCell(at: rightIndex)
            path[level - 1].index = leftIndex
            try rebalance(&state, level: level - 1, page: parentStep.page)
            return
        }
        // Too big for one page: share the cells evenly between the two.
        var running = 0
        var splitAt = 0
        while splitAt < ws.cells.count - 1 && running + ws.cells[splitAt].size + 2 <= bytes / 2 {
            running += ws.cells[splitAt].size + 2
            splitAt += 1
        }
        splitAt = max(1, splitAt)
        let separator = separatorKey(at: splitAt, isLeaf: isLeaf)
        buildNode(leftPage, isLeaf: isLeaf, cells: 0..<splitAt)
        buildNode(rightPage, isLeaf: isLeaf, cells: splitAt..<ws.cells.count)
        parentNode.removeCell(at: rightIndex)
        let size = Layout.branchCellHeader + separator.count
        let cell = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { cell.deallocate() }
        separator.withUnsafeBytes { MutableNode.writeBranchCell(cell, key: $0, child: rightPage) }
        try insertCell(&state, level: level - 1, page: parentStep.page, index: rightIndex, cell: cell, size: size)
    }

    /// Copies child `index` of dirty branch `parent` for writing and updates the pointer.
    private func touchChild(_ parent: UInt64, _ index: Int) throws(StorageError) -> UInt64 {
        let child = mutableNode(parent).node.child(index)
        let copy = try touch(child)
        if copy != child { mutableNode(parent).setChild(index, copy) }
        return copy
    }

    /// Frees every page of the tree rooted at `root` (for dropping a tree). The whole tree is
    /// walked before anything is freed, so a damaged page leaves the transaction unchanged.
    func freeTreePages(_ root: TreeRoot) throws {
        guard root.page != 0 else { return }
        var stack: [(UInt64, UInt32)] = [(root.page, 1)]
        var nodes: [UInt64] = []
        var runs: [(UInt64, Int)] = []
        var visited = Set<UInt64>()
        let source = WriterPages(txn: self)
        while let (page, level) = stack.popLast() {
            guard visited.insert(page).inserted else {
                throw StorageError.corruptPage(page: page, reason: "reached twice in tree rooted at page \(root.page)")
            }
            let node = try source.node(page)
            guard node.isLeaf == (level == root.height) else { throw TreeSearch.depthError(page, level, root) }
            if node.isLeaf {
                for i in 0..<node.count where node.valueKind(i) != .inline {
                    let (first, stored) = node.overflowReference(i)
                    _ = try source.run(first, type: .overflow, dataLength: stored)
                    runs.append((first, PageCheck.runPages(dataLength: stored, pageSize: pageSize)))
                }
            } else {
                guard level < root.height else { throw TreeSearch.depthError(page, level, root) }
                for i in 0..<node.count { stack.append((node.child(i), level + 1)) }
            }
            nodes.append(page)
        }
        for (first, count) in runs { freePage(first, count: count) }
        for page in nodes { freePage(page) }
    }
}
