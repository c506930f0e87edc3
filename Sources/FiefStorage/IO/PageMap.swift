import CFiefShims

/// A read-only map of the store file plus bitmaps of pages already verified in it.
///
/// Committed pages never change while any snapshot can reach them (copy-on-write), so a page
/// needs its checksum and structure checked only the first time this process reads it through
/// this mapping. Nodes and runs have separate bitmaps: a page checked as one kind is checked
/// again if something reaches it as the other. Pages the writer itself writes are marked when
/// it seals them.
final class PageMap: @unchecked Sendable {
    let region: MappedRegion
    let pageSize: Int
    let capacityPages: UInt64
    private let nodeBits: UnsafeMutablePointer<UInt64>
    private let runBits: UnsafeMutablePointer<UInt64>

    /// Whether this map's faults may read around the faulted page (see ``ReadAround``).
    private let readAround: ReadAround
    private let adviceLock = Lock()
    // Guarded by `adviceLock`.
    private var readsAround: Bool

    init(region: MappedRegion, pageSize: Int, readAround: ReadAround) {
        self.region = region
        self.pageSize = pageSize
        self.readAround = readAround
        readsAround = readAround.isOn
        if !readsAround { region.adviseReadAround(false) }
        capacityPages = UInt64(region.length / pageSize)
        let words = Int((capacityPages + 63) / 64) + 1
        nodeBits = .allocate(capacity: 2 * words)
        nodeBits.initialize(repeating: 0, count: 2 * words)
        runBits = nodeBits + words
    }

    deinit { nodeBits.deallocate() }

    /// Lets faults in this map, and in every later map of the store, read around the faulted
    /// page: the reader is about to scan (see ``ReadAround``). Cheap after the first call.
    func allowReadAround() {
        adviceLock.withLock {
            guard !readsAround else { return }
            readsAround = true
            readAround.turnOn()
            region.adviseReadAround(true)
        }
    }

    /// Starts reading the `pages` pages from `page` in one request, without waiting for them:
    /// before a run spanning several pages is first checked (one read, not a fault per page),
    /// and for several runs at once (requests issued together are read in parallel, where
    /// touching the pages one after another waits for each read in turn). A no-op when the map
    /// reads around.
    func startReading(_ page: UInt64, pages: Int) {
        guard pages > 0, page + UInt64(pages) <= capacityPages, !adviceLock.withLock({ readsAround }) else { return }
        region.adviseWillNeed(offset: Int(page) * pageSize, count: pages * pageSize)
    }

    /// Records that the writer sealed `pages` pages from `page` (a node, or a run): the first is
    /// verified as that kind, and no page of them is whatever the bits vouched for before.
    func markWritten(_ page: UInt64, pages: Int, isRun: Bool) {
        guard page < capacityPages else { return }
        for number in page..<min(page + UInt64(pages), capacityPages) {
            let word = Int(number >> 6), bit: UInt64 = 1 << (number & 63)
            fief_atomic_and_u64(nodeBits + word, ~bit)
            fief_atomic_and_u64(runBits + word, ~bit)
        }
        fief_atomic_or_u64((isRun ? runBits : nodeBits) + Int(page >> 6), 1 << (page & 63))
    }

    /// Forgets which pages were verified: another process wrote to the file, possibly reusing
    /// page numbers this process checked (FORMAT.md, section 11). Readers of older versions
    /// only re-check what they read next.
    func forgetVerifiedPages() {
        let words = Int((capacityPages + 63) / 64) + 1
        for word in 0..<(2 * words) { fief_atomic_store_u64(nodeBits + word, 0) }
    }

    /// The pointer values a reader needs, without reference counting on the hot path. The
    /// caller keeps this map alive while it uses them.
    /// For an encrypted store, `decryptor` reads the pages (the caller keeps it alive too), and
    /// the page size the reader reports is the logical one.
    func reader(pageLimit: UInt64, newestTxn: UInt64, verifyChecksums: Bool, decryptor: PageDecryptor?) -> MappedPages {
        MappedPages(map: self, base: region.base, pageSize: decryptor?.context.logicalPageSize ?? pageSize,
                    pageLimit: min(pageLimit, capacityPages), newestTxn: newestTxn, nodeBits: nodeBits, runBits: runBits,
                    verifyChecksums: verifyChecksums, decryptor: decryptor)
    }
}

/// Bytes of a page or run, and the decrypted buffer that holds them (nil when they are read in
/// place from the map). Keep the value alive while using the pointer.
struct PageBytes {
    let pointer: UnsafeRawPointer
    let owner: PageBuffer?
}

/// Anything the B+tree code can read pages from: a snapshot's map, or a write transaction's
/// dirty pages in front of its map.
protocol PageSource {
    var pageSize: Int { get }
    /// The node page `number`, verified; throws `corruptPage` when it cannot be trusted.
    func node(_ number: UInt64) throws(StorageError) -> Node
    /// The run starting at `number` holding `dataLength` data bytes, verified (from its header).
    func run(_ number: UInt64, type: PageType, dataLength: Int) throws(StorageError) -> PageBytes
}

/// Committed pages read straight from the map (or, for an encrypted store, decrypted from it).
/// The owner (a transaction) keeps the map and the decryptor alive.
struct MappedPages: PageSource {
    unowned(unsafe) let map: PageMap
    let base: UnsafeRawPointer
    /// The logical page size (the physical one unless the store is encrypted).
    let pageSize: Int
    let pageLimit: UInt64
    /// The version being read: no page it reaches can have been written later.
    let newestTxn: UInt64
    let nodeBits: UnsafeMutablePointer<UInt64>
    let runBits: UnsafeMutablePointer<UInt64>
    let verifyChecksums: Bool
    unowned(unsafe) let decryptor: PageDecryptor?

    @inline(__always) private static func isSet(_ bits: UnsafeMutablePointer<UInt64>, _ page: UInt64) -> Bool {
        fief_atomic_load_u64(bits + Int(page >> 6)) & (1 << (page & 63)) != 0
    }

    @inline(__always) private static func set(_ bits: UnsafeMutablePointer<UInt64>, _ page: UInt64) {
        fief_atomic_or_u64(bits + Int(page >> 6), 1 << (page & 63))
    }

    /// Whether the run starting at `number` was already checked in this map (so its pages were
    /// read once, and are most likely still in memory).
    @inline(__always) func isCheckedRun(_ number: UInt64) -> Bool { MappedPages.isSet(runBits, number) }

    /// Starts reading the run of `dataLength` data bytes at `number` without waiting, unless
    /// it was checked already, lies outside the file, or the store is encrypted (an encrypted
    /// run is read with `pread`). Nothing is checked until the run is read with ``run(_:type:dataLength:)``.
    func startReading(run number: UInt64, dataLength: Int) {
        guard decryptor == nil, number >= 2, number < pageLimit, !isCheckedRun(number) else { return }
        let pages = PageCheck.runPages(dataLength: dataLength, pageSize: pageSize)
        guard UInt64(pages) <= pageLimit - number else { return }
        map.startReading(number, pages: pages)
    }

    @inline(__always)
    func node(_ number: UInt64) throws(StorageError) -> Node {
        guard number >= 2, number < pageLimit else {
            throw .corruptPage(page: number, reason: "page number out of range (file has \(pageLimit) pages)")
        }
        if let decryptor { return try decryptor.node(number, from: self) }
        let pointer = base + Int(number) * pageSize
        if !MappedPages.isSet(nodeBits, number) {
            try PageCheck.verifyNode(pointer, pageSize: pageSize, number: number, checksum: verifyChecksums, newestTxn: newestTxn)
            MappedPages.set(nodeBits, number)
        }
        return Node(pointer, pageSize: pageSize)
    }

    /// A run whose data length is read from its own header (free-space runs), verified.
    func run(_ number: UInt64, type: PageType) throws(StorageError) -> RunData {
        guard number >= 2, number < pageLimit else {
            throw .corruptPage(page: number, reason: "\(type) run lies outside the file (\(pageLimit) pages)")
        }
        let length = try decryptor?.runDataLength(number, from: self)
            ?? (base + Int(number) * pageSize).u64(Layout.runLengthOffset)
        guard length <= (pageLimit - number) * UInt64(pageSize) else {
            throw .corruptPage(page: number, reason: "\(type) run claims \(length) bytes, more than the file holds")
        }
        let bytes = try run(number, type: type, dataLength: Int(length))
        return RunData(data: UnsafeRawBufferPointer(start: bytes.pointer + Layout.runHeaderSize, count: Int(length)),
                       owner: bytes.owner)
    }

    func run(_ number: UInt64, type: PageType, dataLength: Int) throws(StorageError) -> PageBytes {
        let pages = PageCheck.runPages(dataLength: dataLength, pageSize: pageSize)
        guard number >= 2, number < pageLimit, UInt64(pages) <= pageLimit - number else {
            throw .corruptPage(page: number, reason: "run of \(pages) pages lies outside the file (\(pageLimit) pages)")
        }
        if let decryptor { return try decryptor.run(number, pages: pages, type: type, dataLength: dataLength, from: self) }
        let pointer = base + Int(number) * pageSize
        // The bit vouches for the run's type and header; the length is cheap to recheck.
        if !MappedPages.isSet(runBits, number) || pointer.u64(Layout.runLengthOffset) != UInt64(dataLength)
            || pointer.u8(Layout.typeOffset) != type.rawValue {
            // Checking reads the whole run: one read request for it, not a fault per page.
            if pages > 1 { map.startReading(number, pages: pages) }
            try PageCheck.verifyRun(pointer, pageSize: pageSize, number: number, type: type,
                                    dataLength: dataLength, checksum: verifyChecksums, newestTxn: newestTxn)
            MappedPages.set(runBits, number)
        }
        return PageBytes(pointer: pointer, owner: nil)
    }
}

/// The data of a free-space run, and the decrypted buffer holding it (nil for a mapped run).
/// Keep the value alive while using `data`.
struct RunData {
    let data: UnsafeRawBufferPointer
    let owner: PageBuffer?
}
