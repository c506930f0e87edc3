/// Edits a branch or leaf page that belongs to the current write transaction (a dirty page).
struct MutableNode {
    let base: UnsafeMutableRawPointer
    let pageSize: Int

    init(_ base: UnsafeMutableRawPointer, pageSize: Int) {
        self.base = base
        self.pageSize = pageSize
    }

    var node: Node { Node(base, pageSize: pageSize) }

    /// Clears the page and makes it an empty node of `type`.
    static func initialize(_ base: UnsafeMutableRawPointer, pageSize: Int, type: PageType) -> MutableNode {
        base.initializeMemory(as: UInt8.self, repeating: 0, count: Layout.nodeHeaderSize)
        base.setU8(Layout.typeOffset, type.rawValue)
        base.setU32(Layout.cellAreaOffset, UInt32(pageSize))
        return MutableNode(base, pageSize: pageSize)
    }

    private var count: Int {
        get { Int(base.u16(Layout.countOffset)) }
        nonmutating set { base.setU16(Layout.countOffset, UInt16(newValue)) }
    }
    private var cellAreaStart: Int {
        get { Int(base.u32(Layout.cellAreaOffset)) }
        nonmutating set { base.setU32(Layout.cellAreaOffset, UInt32(newValue)) }
    }
    private var deadBytes: Int {
        get { Int(base.u32(Layout.deadBytesOffset)) }
        nonmutating set { base.setU32(Layout.deadBytesOffset, UInt32(newValue)) }
    }
    private func setSlot(_ index: Int, _ offset: Int) {
        base.setU16(Layout.nodeHeaderSize + 2 * index, UInt16(offset))
    }

    /// Whether a cell of `size` bytes fits, after compaction if need be.
    func canFit(_ size: Int) -> Bool { node.reclaimableSpace >= size + 2 }

    /// Makes room for a cell of `size` bytes at slot `index` and returns where to write it, or nil
    /// when the page is too full. `scratch` (one page) is used to compact dead space.
    func reserveCell(at index: Int, size: Int, scratch: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        guard canFit(size) else { return nil }
        let slotsEnd = Layout.nodeHeaderSize + 2 * count
        if cellAreaStart - slotsEnd < size + 2 { compact(scratch: scratch) }
        let n = count
        let slots = base + Layout.nodeHeaderSize
        if index < n { (slots + 2 * index + 2).copyMemory(from: slots + 2 * index, byteCount: 2 * (n - index)) }
        let offset = cellAreaStart - size
        cellAreaStart = offset
        count = n + 1
        setSlot(index, offset)
        return base + offset
    }

    /// Removes the cell at slot `index`; its bytes become dead space.
    func removeCell(at index: Int) {
        let size = node.cellSize(index)
        let n = count
        let slots = base + Layout.nodeHeaderSize
        if index < n - 1 { (slots + 2 * index).copyMemory(from: slots + 2 * index + 2, byteCount: 2 * (n - index - 1)) }
        count = n - 1
        deadBytes += size
        if count == 0 { cellAreaStart = pageSize; deadBytes = 0 }
    }

    /// Rewrites the cells contiguously at the end of the page, dropping dead space.
    func compact(scratch: UnsafeMutableRawPointer) {
        scratch.copyMemory(from: base, byteCount: pageSize)
        let old = Node(scratch, pageSize: pageSize)
        var top = pageSize
        for i in 0..<old.count {
            let size = old.cellSize(i)
            top -= size
            (base + top).copyMemory(from: scratch + old.cellOffset(i), byteCount: size)
            setSlot(i, top)
        }
        cellAreaStart = top
        deadBytes = 0
    }

    /// Appends a cell copied from `cell` as the last slot. The caller knows it fits.
    func appendCell(_ cell: UnsafeRawPointer, size: Int) {
        let offset = cellAreaStart - size
        (base + offset).copyMemory(from: cell, byteCount: size)
        cellAreaStart = offset
        setSlot(count, offset)
        count += 1
    }

    /// Points the overflow value of leaf slot `index` at the run starting at `page`.
    func setOverflowPage(_ index: Int, _ page: UInt64) {
        base.setU64(UnsafeRawPointer(base).distance(to: node.payload(index)), page)
    }

    func setChild(_ index: Int, _ page: UInt64) {
        base.setU64(node.cellOffset(index) + 2, page)
    }

    // MARK: Cell encoding

    static func leafCellSize(keyLength: Int, kind: ValueKind, valueLength: Int) -> Int {
        Layout.leafCellHeader + keyLength + (kind == .inline ? valueLength : Layout.overflowReferenceSize)
    }

    /// Writes a leaf cell. `payload` is the inline value or the 12-byte overflow reference.
    static func writeLeafCell(_ cell: UnsafeMutableRawPointer, key: UnsafeRawBufferPointer, kind: ValueKind,
                              valueLength: Int, payload: UnsafeRawBufferPointer) {
        cell.setU16(0, UInt16(key.count))
        cell.setU8(2, kind.rawValue)
        cell.setU32(3, UInt32(valueLength))
        if key.count > 0 { (cell + Layout.leafCellHeader).copyMemory(from: key.baseAddress!, byteCount: key.count) }
        if payload.count > 0 {
            (cell + Layout.leafCellHeader + key.count).copyMemory(from: payload.baseAddress!, byteCount: payload.count)
        }
    }

    static func writeBranchCell(_ cell: UnsafeMutableRawPointer, key: UnsafeRawBufferPointer, child: UInt64) {
        cell.setU16(0, UInt16(key.count))
        cell.setU64(2, child)
        if key.count > 0 { (cell + Layout.branchCellHeader).copyMemory(from: key.baseAddress!, byteCount: key.count) }
    }
}
