import CLZ4

/// Read algorithms over any page source: lookups, value access and ordered scans.
enum TreeSearch {
    /// The leaf and slot holding `key`, or nil.
    @inline(__always)
    static func find<S: PageSource>(_ source: S, _ root: TreeRoot, _ key: UnsafeRawBufferPointer) throws(StorageError) -> (Node, Int)? {
        guard let leaf = try leaf(source, root, key) else { return nil }
        let (index, found) = leaf.lowerBound(key)
        return found ? (leaf, index) : nil
    }

    /// The leaf and slot of the greatest key `≤ key`, when that entry is in the leaf where `key`
    /// belongs; nil when that leaf holds no such key (the entry, if any, is in an earlier leaf)
    /// or the tree is empty.
    @inline(__always)
    static func floorInLeaf<S: PageSource>(_ source: S, _ root: TreeRoot, _ key: UnsafeRawBufferPointer) throws(StorageError) -> (Node, Int)? {
        guard let leaf = try leaf(source, root, key) else { return nil }
        let (index, found) = leaf.lowerBound(key)
        let slot = found ? index : index - 1
        return slot >= 0 ? (leaf, slot) : nil
    }

    /// The leaf where `key` belongs (one descent, no path kept), or nil for an empty tree.
    @inline(__always)
    static func leaf<S: PageSource>(_ source: S, _ root: TreeRoot, _ key: UnsafeRawBufferPointer) throws(StorageError) -> Node? {
        guard root.page != 0 else { return nil }
        var page = root.page
        var level: UInt32 = 1
        while true {
            let node = try source.node(page)
            if node.isLeaf {
                guard level == root.height else { throw depthError(page, level, root) }
                return node
            }
            guard level < root.height else { throw depthError(page, level, root) }
            page = node.child(node.childIndex(key))
            level += 1
        }
    }

    static func depthError(_ page: UInt64, _ level: UInt32, _ root: TreeRoot) -> StorageError {
        .corruptPage(page: page, reason: "node at depth \(level) does not fit a tree of height \(root.height) rooted at page \(root.page)")
    }

    /// Calls `body` with the value in slot `index` of `leaf`: in place for inline and plain
    /// overflow values, decompressed into a temporary buffer for compressed ones.
    @inline(__always)
    static func withValue<S: PageSource, R>(_ source: S, _ leaf: Node, _ index: Int,
                                            _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        switch leaf.valueKind(index) {
        case .inline:
            return try body(leaf.inlineValue(index))
        case .overflow:
            let (page, stored) = leaf.overflowReference(index)
            let length = leaf.valueLength(index)
            guard stored == length else {
                throw StorageError.corruptPage(page: page, reason: "plain overflow value stores \(stored) bytes for a \(length)-byte value")
            }
            let run = try source.run(page, type: .overflow, dataLength: stored)
            return try withExtendedLifetime(run) {
                try body(UnsafeRawBufferPointer(start: run.pointer + Layout.runHeaderSize, count: length))
            }
        case .overflowLZ4:
            let (page, stored) = leaf.overflowReference(index)
            let length = leaf.valueLength(index)
            // LZ4 expands at most about 255 times: refuse to allocate for an impossible length.
            guard length <= stored &* 255 &+ 64, length <= 0x7E00_0000 else {
                throw StorageError.corruptPage(page: page, reason: "compressed value claims \(length) bytes from \(stored)")
            }
            let run = try source.run(page, type: .overflow, dataLength: stored)
            let output = UnsafeMutableRawPointer.allocate(byteCount: max(length, 1), alignment: 16)
            defer { output.deallocate() }
            let produced = withExtendedLifetime(run) {
                LZ4_decompress_safe(
                    (run.pointer + Layout.runHeaderSize).assumingMemoryBound(to: CChar.self),
                    output.assumingMemoryBound(to: CChar.self), Int32(clamping: stored), Int32(clamping: length))
            }
            guard produced == length else {
                throw StorageError.corruptPage(page: page, reason: "compressed value does not decompress to \(length) bytes")
            }
            return try body(UnsafeRawBufferPointer(start: output, count: length))
        }
    }

    /// In-order (or reverse) traversal from the first key >= `from` (<= in reverse). Walks each
    /// leaf's slots directly and climbs the tree only between leaves. Without `readValues`,
    /// values stored outside the leaf (overflow runs) are not read: `body` gets an empty value.
    static func scan<S: PageSource>(_ source: S, _ root: TreeRoot, from: UnsafeRawBufferPointer?, reverse: Bool,
                                    readValues: Bool = true,
                                    _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Bool) throws {
        var cursor = CursorPath()
        guard try cursor.position(source, root, at: from, reverse: reverse) else { return }
        while true {
            let leaf = try source.node(cursor.leafPage)
            var index = cursor.leafIndex
            let end = reverse ? -1 : leaf.count
            let step = reverse ? -1 : 1
            while index != end {
                let keep: Bool
                if leaf.valueKind(index) == .inline {
                    keep = try body(leaf.leafKey(index), leaf.inlineValue(index))
                } else if !readValues {
                    keep = try body(leaf.leafKey(index), UnsafeRawBufferPointer(start: nil, count: 0))
                } else {
                    let key = leaf.leafKey(index)
                    keep = try withValue(source, leaf, index) { try body(key, $0) }
                }
                if !keep { return }
                index += step
            }
            cursor.leafIndex = reverse ? 0 : leaf.count - 1
            guard try (reverse ? cursor.retreat(source, root) : cursor.advance(source, root)) else { return }
        }
    }
}

/// A position in a tree: the branch steps from the root and the slot in the leaf.
struct CursorPath {
    var steps: [PathStep] = []
    var leafPage: UInt64 = 0
    var leafIndex = 0

    /// Positions at the first key >= `key` (or, with `reverse`, the last key <= `key`); nil
    /// `key` means the first (last) entry. Returns false when there is no such entry.
    mutating func position<S: PageSource>(_ source: S, _ root: TreeRoot, at key: UnsafeRawBufferPointer?,
                                          reverse: Bool) throws(StorageError) -> Bool {
        steps.removeAll(keepingCapacity: true)
        guard root.page != 0 else { return false }
        // One allocation for the whole descent (a branch step per level above the leaves).
        steps.reserveCapacity(min(Int(root.height), Layout.maximumTreeHeight))
        var page = root.page
        var level: UInt32 = 1
        while true {
            let node = try source.node(page)
            if node.isLeaf {
                guard level == root.height else { throw TreeSearch.depthError(page, level, root) }
                leafPage = page
                if let key {
                    let (index, found) = node.lowerBound(key)
                    if reverse {
                        leafIndex = found ? index : index - 1
                        if leafIndex < 0 { return try retreat(source, root) }
                        return true
                    }
                    leafIndex = index
                    if index >= node.count { return try advance(source, root) }
                    return true
                }
                if node.count == 0 { return false }
                leafIndex = reverse ? node.count - 1 : 0
                return true
            }
            guard level < root.height else { throw TreeSearch.depthError(page, level, root) }
            let index = key.map { node.childIndex($0) } ?? (reverse ? node.count - 1 : 0)
            steps.append(PathStep(page: page, index: index))
            page = node.child(index)
            level += 1
        }
    }

    /// Moves to the next entry; false at the end (the position is then unspecified).
    mutating func advance<S: PageSource>(_ source: S, _ root: TreeRoot) throws(StorageError) -> Bool {
        let leaf = try source.node(leafPage)
        if leafIndex + 1 < leaf.count {
            leafIndex += 1
            return true
        }
        // Climb to the first ancestor with a next child, then descend leftmost.
        var depth = steps.count - 1
        while depth >= 0 {
            let node = try source.node(steps[depth].page)
            if steps[depth].index + 1 < node.count { break }
            depth -= 1
        }
        guard depth >= 0 else { return false }
        steps[depth].index += 1
        var page = try source.node(steps[depth].page).child(steps[depth].index)
        for d in (depth + 1)..<steps.count {
            steps[d] = PathStep(page: page, index: 0)
            let node = try source.node(page)
            guard !node.isLeaf else { throw TreeSearch.depthError(page, UInt32(d + 1), root) }
            page = node.child(0)
        }
        let node = try source.node(page)
        guard node.isLeaf else { throw TreeSearch.depthError(page, root.height, root) }
        leafPage = page
        leafIndex = 0
        return node.count > 0 ? true : try advance(source, root)
    }

    /// Moves to the previous entry; false at the start.
    mutating func retreat<S: PageSource>(_ source: S, _ root: TreeRoot) throws(StorageError) -> Bool {
        if leafIndex > 0 {
            leafIndex -= 1
            return true
        }
        var depth = steps.count - 1
        while depth >= 0 && steps[depth].index == 0 { depth -= 1 }
        guard depth >= 0 else { return false }
        steps[depth].index -= 1
        var page = try source.node(steps[depth].page).child(steps[depth].index)
        for d in (depth + 1)..<steps.count {
            let node = try source.node(page)
            guard !node.isLeaf else { throw TreeSearch.depthError(page, UInt32(d + 1), root) }
            steps[d] = PathStep(page: page, index: node.count - 1)
            page = node.child(node.count - 1)
        }
        let node = try source.node(page)
        guard node.isLeaf else { throw TreeSearch.depthError(page, root.height, root) }
        leafPage = page
        leafIndex = node.count - 1
        return node.count > 0 ? true : try retreat(source, root)
    }
}
