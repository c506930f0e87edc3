#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFiefShims

/// The lock file beside a store file (`<store>.lock`) through which several processes share the
/// store (FORMAT.md, section 11): who may write, which version is newest, which versions
/// readers in each process hold, and which processes are alive.
///
/// The file is mapped shared into every process that has the store open. Its words are read and
/// written with sequentially consistent atomics; its byte-range locks (owned by the open file
/// description, so released when a process dies, however it dies) say who holds what:
///
/// - byte 0, exclusive: the *writer lease*, held by the process whose writer may write pages,
///   meta pages, and sync;
/// - byte 1, exclusive: held while a process sets the file up or joins it;
/// - byte 2, shared: held by every process that has the store open (an opener that gets it
///   exclusively is alone and starts the file afresh);
/// - byte `3840 + r`, exclusive: held by the process that claimed role `r` (``Store/claimProcessRole(_:)``);
/// - byte `slotsOffset + 64·i`, exclusive: held by the process that owns reader slot `i`.
final class ProcessSharing: @unchecked Sendable {
    /// "FIEFLCK1", little-endian.
    static let magic: UInt64 = 0x314B_434C_4645_4946
    static let slotCount = 1024
    static let slotSize = 64
    static let slotsOffset = 4096
    static let fileLength = slotsOffset + slotCount * slotSize

    // Header words (byte offsets).
    private static let magicOffset = 0
    /// The newest published version: `txn << 1 | b`, its fields in publication buffer `b`.
    private static let latestOffset = 8
    /// Counts publications of a newest version; processes wait on it for commits.
    private static let commitCounterOffset = 16
    /// The token of the process holding the writer lease, 0 when it was released cleanly.
    private static let leaseHolderOffset = 24
    /// The token of the last process that held the writer lease.
    private static let lastLeaseHolderOffset = 32
    /// The highest transaction id any writer has used up.
    private static let highestTxnOffset = 40
    /// One past the highest reader slot ever claimed since the file was set up.
    private static let slotsInUseOffset = 48
    /// The token of the process that published the newest version last.
    private static let lastPublisherOffset = 56
    /// Two publication buffers of 6 words: the meta fields of a published version (`txn`,
    /// `pageCount`, the catalog's root page and height, `freeListPage`, `syncedThrough`).
    private static let publicationOffset = 64
    private static let publicationSize = 48
    /// The writer state a process left when it gave the lease back: the token of that process
    /// (0: none), then the fields of ``HandOver``, then its unsynced page ranges.
    private static let handOverOffset = 160
    private static let handOverRangesOffset = 288
    /// The most unsynced ranges a hand-over carries; a writer with more leaves none, and the
    /// next holder re-reads the file instead.
    static let handOverRangeCapacity = (slotsOffset - handOverRangesOffset) / 16

    private static let leaseByte: UInt64 = 0
    private static let setupByte: UInt64 = 1
    private static let presenceByte: UInt64 = 2

    /// The lock file's path.
    let path: String
    private let descriptor: Int32
    private let base: UnsafeMutableRawPointer
    /// This process's reader slot.
    let slot: Int
    /// A random non-zero value naming this process's use of the store.
    let token: UInt64
    /// Whether no other process had the store open when this one joined.
    let joinedAlone: Bool

    /// Opens (creating it if needed) the lock file for the store at `storePath`, joins it, and
    /// claims a reader slot. Returns nil when the lock file cannot be created or written (a
    /// read-only directory or file): the caller then falls back to an exclusive `flock` of the
    /// store file.
    static func join(storePath: String) throws(StorageError) -> ProcessSharing? {
        let path = storePath + ".lock"
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            if fd < 0 {
                if errno == EACCES || errno == EROFS || errno == EPERM { return nil }
                throw .io(operation: "open", path: path, errno: errno)
            }
            guard fief_range_lock(fd, setupByte, 1, 2, 1) == 0 else {
                close(fd)
                throw .io(operation: "lock", path: path, errno: errno)
            }
            // Someone may have deleted the lock file (while no process had the store open, as
            // is safe) while this one waited: it would hold a file no longer at the path.
            var held = stat(), current = stat()
            guard fstat(fd, &held) == 0, stat(path, &current) == 0, held.st_dev == current.st_dev, held.st_ino == current.st_ino
            else {
                close(fd)
                continue
            }
            do {
                return try ProcessSharing(path: path, descriptor: fd)
            } catch {
                close(fd)
                throw error
            }
        }
    }

    /// Joins through `fd`, whose setup byte the caller holds; releases it.
    private init(path: String, descriptor fd: Int32) throws(StorageError) {
        self.path = path
        descriptor = fd
        token = UInt64.random(in: 1...UInt64.max)
        defer { _ = fief_range_lock(fd, Self.setupByte, 1, 0, 0) }
        joinedAlone = fief_range_lock(fd, Self.presenceByte, 1, 2, 0) == 0
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(operation: "fstat", path: path, errno: errno) }
        if joinedAlone {
            // A new lock file (or one of another length) gets its length; an existing one is
            // started afresh through the map below.
            if info.st_size != off_t(Self.fileLength) {
                guard ftruncate(fd, 0) == 0, ftruncate(fd, off_t(Self.fileLength)) == 0 else {
                    throw .io(operation: "ftruncate", path: path, errno: errno)
                }
            }
        } else if info.st_size != off_t(Self.fileLength) {
            throw .corruptFile(path: path, reason: "the lock file is \(info.st_size) bytes long, not \(Self.fileLength)")
        }
        // Every process present holds the presence byte shared (an exclusive lock converts).
        guard fief_range_lock(fd, Self.presenceByte, 1, 1, 0) == 0 else { throw .io(operation: "lock", path: path, errno: errno) }
        guard let mapped = mmap(nil, Self.fileLength, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw .io(operation: "mmap", path: path, errno: errno)
        }
        if joinedAlone {
            // Nobody else has the store open: whatever the file holds is left over from
            // processes that are gone. Zero the header and the slots that were used, except the
            // writer state the last lease holder left when it gave the lease back cleanly: an
            // opener reads it to know whether the file needs a sync (FORMAT.md, section 11).
            let usedSlots = min(Int(Self.load(Self.slotsInUseOffset, in: mapped)), Self.slotCount)
            let leftState = Self.cleanlyLeftState(in: mapped)
            memset(mapped, 0, Self.slotsOffset + usedSlots * Self.slotSize)
            Self.store(Self.magic, at: Self.magicOffset, in: mapped)
            if let leftState {
                leftState.withUnsafeBytes { (mapped + Self.handOverOffset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                Self.store(Self.load(Self.handOverOffset, in: mapped), at: Self.lastLeaseHolderOffset, in: mapped)
            }
        } else if Self.load(Self.magicOffset, in: mapped) != Self.magic {
            munmap(mapped, Self.fileLength)
            throw .corruptFile(path: path, reason: "the lock file does not start with Fief's lock-file magic")
        }
        var claimed: Int?
        for index in 0..<Self.slotCount where fief_range_lock(fd, Self.slotLockByte(index), 1, 2, 0) == 0 {
            claimed = index
            break
        }
        guard let claimed else {
            munmap(mapped, Self.fileLength)
            throw .fileLocked(path: path)
        }
        base = mapped
        slot = claimed
        // A dead owner may have left a pin behind.
        store(0, at: Self.slotOffset(claimed))
        while true {
            let inUse = load(Self.slotsInUseOffset)
            if inUse > UInt64(claimed) || compareAndSwap(Self.slotsInUseOffset, expected: inUse, new: UInt64(claimed) + 1) { break }
        }
    }

    deinit {
        store(0, at: Self.slotOffset(slot))
        munmap(base, Self.fileLength)
        close(descriptor) // releases every lock this process holds on the file
    }

    // MARK: The newest version

    /// The id of the newest published version (nil before any was published).
    var latestTxnID: UInt64? {
        let packed = load(Self.latestOffset)
        return packed == 0 ? nil : packed >> 1
    }

    /// The newest published version's meta fields (`pageSize` is the caller's, no unsynced
    /// list), read consistently: a writer fills the buffer that is not published, then
    /// publishes it, so a buffer is rewritten only after a newer version was published.
    func latestPublished(pageSize: Int) -> MetaPage? {
        while true {
            let packed = load(Self.latestOffset)
            if packed == 0 { return nil }
            let buffer = Self.publicationOffset + Int(packed & 1) * Self.publicationSize
            let field = { (index: Int) in self.load(buffer + 8 * index) }
            let meta = MetaPage(txnID: field(0), pageSize: pageSize, pageCount: field(1),
                                catalog: TreeRoot(page: field(2), height: UInt32(truncatingIfNeeded: field(3))),
                                freeListPage: field(4), syncedThrough: field(5), unsyncedRanges: [])
            if load(Self.latestOffset) == packed && meta.txnID == packed >> 1 { return meta }
        }
    }

    /// Publishes `meta`, a version whose meta page is written, as the newest, and wakes
    /// processes waiting for commits. Called by the lease holder.
    func publish(_ meta: MetaPage) {
        let current = load(Self.latestOffset)
        let next: UInt64 = current == 0 ? 0 : 1 - (current & 1)
        let buffer = Self.publicationOffset + Int(next) * Self.publicationSize
        let fields = [meta.txnID, meta.pageCount, meta.catalog.page, UInt64(meta.catalog.height), meta.freeListPage, meta.syncedThrough]
        for (index, value) in fields.enumerated() { store(value, at: buffer + 8 * index) }
        store(token, at: Self.lastPublisherOffset)
        store(meta.txnID << 1 | next, at: Self.latestOffset)
        let counter = (base + Self.commitCounterOffset).assumingMemoryBound(to: UInt32.self)
        fief_shared_add_u32(counter, 1)
        fief_shared_wake(counter)
    }

    /// The token of the process that published the newest version last.
    var lastPublisher: UInt64 { load(Self.lastPublisherOffset) }

    /// A value that changes whenever a newest version is published.
    var commitCounter: UInt32 {
        fief_shared_load_u32((base + Self.commitCounterOffset).assumingMemoryBound(to: UInt32.self))
    }

    /// Waits until ``commitCounter`` differs from `seen`, at most `milliseconds`.
    func waitForCommit(after seen: UInt32, milliseconds: Int32) {
        fief_shared_wait((base + Self.commitCounterOffset).assumingMemoryBound(to: UInt32.self), seen, milliseconds)
    }

    /// The highest transaction id any writer has used up.
    var highestTxnID: UInt64 { load(Self.highestTxnOffset) }

    /// Records that ids up to `txnID` are used up (called by the lease holder).
    func noteUsed(through txnID: UInt64) {
        if txnID > load(Self.highestTxnOffset) { store(txnID, at: Self.highestTxnOffset) }
    }

    // MARK: Readers

    /// Publishes the oldest version readers in this process hold (nil: none).
    func publishOldestPin(_ version: UInt64?) {
        store(version ?? 0, at: Self.slotOffset(slot))
    }

    /// The oldest version a reader in another live process holds, if any. A slot whose owner
    /// died is ignored: its owner's lock on the slot is gone.
    func oldestPinInOtherProcesses() -> UInt64? {
        var oldest: UInt64?
        let inUse = min(Int(load(Self.slotsInUseOffset)), Self.slotCount)
        for index in 0..<inUse where index != slot {
            let pin = load(Self.slotOffset(index))
            guard pin != 0, pin < (oldest ?? .max) else { continue }
            if fief_range_is_locked(descriptor, Self.slotLockByte(index), 1) != 0 { oldest = pin }
        }
        return oldest
    }

    /// Whether another process has the store open.
    var othersPresent: Bool {
        fief_range_is_locked(descriptor, Self.presenceByte, 1) == 1
    }

    /// Runs `body` while no other process has the store open, keeping new ones from joining
    /// until it returns (they wait). Throws ``StorageError/fileLocked(path:)`` when another
    /// process has the store open.
    func withoutOtherProcesses<R>(storePath: String, _ body: () throws -> R) throws -> R {
        guard fief_range_lock(descriptor, Self.setupByte, 1, 2, 1) == 0 else {
            throw StorageError.io(operation: "lock", path: path, errno: errno)
        }
        defer { _ = fief_range_lock(descriptor, Self.setupByte, 1, 0, 0) }
        if othersPresent { throw StorageError.fileLocked(path: storePath) }
        return try body()
    }

    // MARK: Roles

    /// Takes process role `role` (0...255) without waiting: true when this process holds it
    /// (already, or now), false while another does. Byte 3,840 + role, exclusive.
    func claimRole(_ role: UInt8) -> Bool {
        fief_range_lock(descriptor, 3_840 + UInt64(role), 1, 2, 0) == 0
    }

    /// Gives process role `role` back.
    func releaseRole(_ role: UInt8) {
        _ = fief_range_lock(descriptor, 3_840 + UInt64(role), 1, 0, 0)
    }

    // MARK: The writer lease

    /// What a process finds when it takes the writer lease.
    enum LeaseHistory {
        /// This process held the lease last: what it knows about the file is current.
        case heldLast
        /// Another process held it since and gave it back, leaving its writer state (nil when
        /// it left none).
        case handedOver(HandOver?)
        /// A process died holding it, perhaps in the middle of a commit.
        case abandoned
    }

    /// The writer state a process hands over with the lease (FORMAT.md, section 11).
    struct HandOver {
        var state: DurabilityState
        var nextTxnID: UInt64
    }

    /// Takes the writer lease, waiting while another process holds it, and says who held it
    /// before.
    func acquireLease() throws(StorageError) -> LeaseHistory {
        guard fief_range_lock(descriptor, Self.leaseByte, 1, 2, 1) == 0 else {
            throw .io(operation: "lock", path: path, errno: errno)
        }
        let diedHolding = load(Self.leaseHolderOffset) != 0
        let last = load(Self.lastLeaseHolderOffset)
        store(token, at: Self.leaseHolderOffset)
        store(token, at: Self.lastLeaseHolderOffset)
        if diedHolding { return .abandoned }
        if last == token { return .heldLast }
        return .handedOver(last != 0 && load(Self.handOverOffset) == last ? readHandOver() : nil)
    }

    /// Gives the writer lease back, leaving `handOver` for the next holder (nil: none, the next
    /// holder re-reads the file).
    func releaseLease(handingOver handOver: HandOver? = nil) {
        if let handOver, handOver.state.unsyncedRanges.count <= Self.handOverRangeCapacity {
            writeHandOver(handOver)
        } else {
            store(0, at: Self.handOverOffset)
        }
        store(0, at: Self.leaseHolderOffset)
        _ = fief_range_lock(descriptor, Self.leaseByte, 1, 0, 0)
    }

    private func writeHandOver(_ handOver: HandOver) {
        let state = handOver.state
        let fields: [UInt64] = [
            state.durableTxnID, UInt64(state.durableSlot), UInt64(state.latestSlot), state.latestIsSealed ? 1 : 0,
            state.syncedThrough, state.slotTxnID[0], state.slotTxnID[1], state.slotSyncedThrough[0],
            state.slotSyncedThrough[1], state.slotPageCount[0], state.slotPageCount[1], state.highestSkippedID,
            state.newestTxnID, handOver.nextTxnID, UInt64(state.unsyncedRanges.count),
        ]
        for (index, value) in fields.enumerated() { store(value, at: Self.handOverOffset + 8 + 8 * index) }
        for (index, range) in state.unsyncedRanges.enumerated() {
            store(range.first, at: Self.handOverRangesOffset + 16 * index)
            store(UInt64(range.count), at: Self.handOverRangesOffset + 16 * index + 8)
        }
        store(token, at: Self.handOverOffset)
    }

    /// The bytes of the hand-over area (token, writer state and unsynced ranges) when the last
    /// process to take the writer lease gave it back leaving its state; nil when it died
    /// holding the lease or left none.
    private static func cleanlyLeftState(in base: UnsafeMutableRawPointer) -> [UInt8]? {
        guard load(magicOffset, in: base) == magic, load(leaseHolderOffset, in: base) == 0 else { return nil }
        let token = load(handOverOffset, in: base)
        guard token != 0, token == load(lastLeaseHolderOffset, in: base) else { return nil }
        return Array(UnsafeRawBufferPointer(start: base + handOverOffset, count: slotsOffset - handOverOffset))
    }

    private func readHandOver() -> HandOver? {
        let field = { (index: Int) in self.load(Self.handOverOffset + 8 + 8 * index) }
        let rangeCount = Int(min(field(14), UInt64(Self.handOverRangeCapacity)))
        let ranges = (0..<rangeCount).map {
            PageRange(first: load(Self.handOverRangesOffset + 16 * $0),
                      count: UInt32(truncatingIfNeeded: load(Self.handOverRangesOffset + 16 * $0 + 8)))
        }
        let state = DurabilityState(durableTxnID: field(0), durableSlot: Int(field(1) & 1), latestSlot: Int(field(2) & 1),
                                    latestIsSealed: field(3) != 0, syncedThrough: field(4), unsyncedRanges: ranges,
                                    slotTxnID: [field(5), field(6)], slotSyncedThrough: [field(7), field(8)],
                                    slotPageCount: [field(9), field(10)], highestSkippedID: field(11), newestTxnID: field(12))
        return HandOver(state: state, nextTxnID: field(13))
    }

    // MARK: Words

    private static func slotOffset(_ index: Int) -> Int { slotsOffset + index * slotSize }
    private static func slotLockByte(_ index: Int) -> UInt64 { UInt64(slotOffset(index)) }

    private func load(_ offset: Int) -> UInt64 { Self.load(offset, in: base) }

    private func store(_ value: UInt64, at offset: Int) { Self.store(value, at: offset, in: base) }

    private static func load(_ offset: Int, in base: UnsafeMutableRawPointer) -> UInt64 {
        fief_shared_load_u64((base + offset).assumingMemoryBound(to: UInt64.self))
    }

    private static func store(_ value: UInt64, at offset: Int, in base: UnsafeMutableRawPointer) {
        fief_shared_store_u64((base + offset).assumingMemoryBound(to: UInt64.self), value)
    }

    private func compareAndSwap(_ offset: Int, expected: UInt64, new: UInt64) -> Bool {
        fief_shared_cas_u64((base + offset).assumingMemoryBound(to: UInt64.self), expected, new) != 0
    }
}
