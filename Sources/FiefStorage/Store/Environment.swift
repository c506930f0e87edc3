#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFiefShims

/// One committed version as readers see it: its meta and the map to read its pages from.
struct Snapshot {
    let meta: MetaPage
    let map: PageMap
    /// Pages that exist in the file for this version (never past the end of the file).
    let pageLimit: UInt64
}

/// The single per-file coordinator inside a process: it owns the file, its map, the writer gate,
/// the versions readers pin, and the writer's free-space state. Every ``Store`` handle on the
/// same file (or in-memory identifier) shares one.
final class Environment: @unchecked Sendable {
    let file: StorageFile
    let options: StorageOptions
    /// The logical page size the B+tree and run layouts use: the file's page size, less the
    /// 40-byte cipher trailer in an encrypted store.
    let pageSize: Int
    /// The page size of the file (pages sit at multiples of it).
    let physicalPageSize: Int
    /// The cipher and decrypted-page cache of an encrypted store.
    let encryption: EncryptionContext?
    let writerGate = Gate()
    /// The lock file through which other processes share the file (nil for an in-memory store,
    /// a caller-supplied file, or a file whose directory does not let the lock file be made).
    let sharing: ProcessSharing?
    /// Who in this process uses the writer lease (see `Environment+Sharing.swift`).
    let lease = LeaseUse()
    /// Calls observers when other processes commit (nil when the file is not shared).
    let commitWatcher: CommitWatcher?
    let lock = Lock()
    /// Whether new maps let faults read around (off until the first scan).
    let readAround = ReadAround()

    // Guarded by `lock`.
    var latest: Snapshot
    var pins: [UInt64: Int] = [:]
    private var failure: StorageError?
    private var retired = false

    // Owned by the writer (whoever is inside `writerGate`).
    var allocator: PageAllocator?
    /// The id the next write transaction gets. Ids are never reused, not even those of commits
    /// that failed or were lost in a crash: their pages may still be in the file, and recovery
    /// tells a page of the commit it checks by its id.
    var nextTxnID: UInt64
    var fileBytes: UInt64
    /// Where tail relocation continues at the next commit (nil: start a new pass).
    var relocationCursor: RelocationCursor?
    /// Pages tail relocation has moved since the store was opened (for tests and statistics).
    var relocatedPageCount = 0

    /// What is durable, what each meta slot holds, and the sync role (see ``SyncCoordinator``).
    let coordinator: SyncCoordinator
    /// When the file was last synced. Owned by the holder of the sync role.
    var lastSync = monotonicSeconds()
    /// The thread that waits for durability on behalf of callbacks and async callers.
    let syncWorker = SyncWorker()

    init(file: StorageFile, options: StorageOptions, create: Bool, sharing: ProcessSharing? = nil) throws(StorageError) {
        self.file = file
        self.options = options
        self.sharing = sharing
        commitWatcher = sharing.map { CommitWatcher(sharing: $0) }
        // Recovery may sync and write a sealed meta page: no other process may write meanwhile.
        let holdsLease = !options.readOnly && sharing != nil
        let leaseHistory = holdsLease ? try sharing!.acquireLease() : nil
        // The open re-reads the file whatever the previous holder left; it leaves no state.
        defer { if holdsLease { sharing!.releaseLease() } }
        var size: UInt64
        do { size = try file.size() } catch { throw asStorageError(error, file) }
        if size == 0 && create && !options.readOnly {
            try Environment.initialize(file, pageSize: options.pageSize, key: options.encryptionKey)
            size = UInt64(2 * options.pageSize)
        }
        // A reader joining processes that may be writing cannot check the newest meta page's
        // unsynced pages: a commit may reuse them at any moment. It takes the newest meta page
        // whose checksum holds; its first read transaction then pins the newest version any
        // process published (FORMAT.md, section 11), and a process crash cannot have torn a page.
        let writersMayRun = sharing.map { !$0.joinedAlone && options.readOnly } ?? false
        let choice = try Recovery.chooseMeta(file: file, key: options.encryptionKey,
                                             acceptingDamage: options.opensDamagedNewestVersion || writersMayRun)
        physicalPageSize = choice.meta.pageSize
        encryption = choice.cipher.map {
            EncryptionContext(cipher: $0, physicalPageSize: choice.meta.pageSize, cacheCapacity: options.decryptedPageCacheSize)
        }
        pageSize = encryption?.logicalPageSize ?? physicalPageSize
        if !options.readOnly && !Self.leftEntirelyDurable(leaseHistory, choice) {
            // What recovery read may sit only in the page cache (the process died, the system
            // did not): make it durable before building on it.
            do { try file.sync() } catch { throw asStorageError(error, file) }
        }
        // Skip the id a commit in flight at a crash may have used, and keep the first commit's
        // window clear of both.
        nextTxnID = max(choice.highestTxnSeen, choice.meta.txnID) + 2
        let filePages = size / UInt64(physicalPageSize)
        var state = DurabilityState(recovered: choice.meta, slot: choice.slot, fileLimit: filePages,
                                    nextTxnID: nextTxnID)
        // A rejected newer meta in the other slot must be overwritten before anything else.
        state.latestIsSealed = choice.meta.unsyncedRanges.isEmpty && !choice.rejectedNewer
        coordinator = SyncCoordinator(state)
        fileBytes = size
        // Size the map by the file, not by the meta's page count: pages past the end of the file
        // are never read (only free ones can be there), and a damaged count must not make the
        // map or its bitmaps huge. Commits remap when the file outgrows the map.
        let map = try Environment.makeMap(file, pageSize: physicalPageSize, pages: filePages, readAround: readAround)
        latest = Snapshot(meta: choice.meta, map: map, pageLimit: min(choice.meta.pageCount, filePages))
        if !options.readOnly && !state.latestIsSealed {
            // Make the recovered version durable and sealed before anything else is written.
            try syncAndSeal(holdingLease: true)
        }
        if holdsLease {
            sharing!.noteUsed(through: nextTxnID - 1)
            sharing!.publish(latest.meta)
        }
    }

    /// Whether the last writer gave the lease back with everything durable and sealed, and
    /// recovery chose the sealed version it left: then nothing an opener reads can be only in
    /// the page cache, and the open needs no sync (FORMAT.md, section 11). After a system crash
    /// the lock file may be stale, but then nothing is in the page cache either.
    private static func leftEntirelyDurable(_ history: ProcessSharing.LeaseHistory?, _ choice: Recovery.Choice) -> Bool {
        guard case let .handedOver(handOver?)? = history, handOver.state.isEntirelyDurable else { return false }
        return handOver.state.newestTxnID == choice.meta.txnID && choice.meta.unsyncedRanges.isEmpty && !choice.rejectedNewer
    }

    /// Pages freed by commits up to this id may be overwritten by the next write transaction
    /// (see ``DurabilityState/reuseLimit(oldestPinned:)``).
    var reuseLimit: UInt64 {
        // `D` before the pins: a reader in another process publishes its pin before it checks
        // that no newer version was published, so a limit above its version needs a `D` read
        // after that pin was visible (FORMAT.md, section 11).
        let state = coordinator.state
        return state.reuseLimit(oldestPinned: oldestPinnedVersion)
    }

    /// Unsynced ranges a meta page of this store can list.
    var metaRangeCapacity: Int { MetaPage.rangeCapacity(pageSize: physicalPageSize, encrypted: encryption != nil) }

    /// A reader of `snapshot`'s pages. For an encrypted store `decryptor` must be given, and the
    /// caller keeps it alive while it uses the reader.
    func reader(_ snapshot: Snapshot, decryptor: PageDecryptor?, verifyChecksums: Bool? = nil) -> MappedPages {
        snapshot.map.reader(pageLimit: snapshot.pageLimit, newestTxn: snapshot.meta.txnID,
                            verifyChecksums: verifyChecksums ?? options.verifyChecksums, decryptor: decryptor)
    }

    /// A new decryptor for one transaction (nil for an unencrypted store).
    func makeDecryptor(sharedCache: Bool = true) -> PageDecryptor? {
        encryption.map { PageDecryptor(context: $0, usesSharedCache: sharedCache) }
    }

    /// Writes the two meta pages of an empty store (encrypted, with a fresh salt, given a key).
    private static func initialize(_ file: StorageFile, pageSize: Int, key: [UInt8]?) throws(StorageError) {
        let page = UnsafeMutableRawPointer.allocate(byteCount: pageSize, alignment: 16)
        defer { page.deallocate() }
        let meta = MetaPage.empty(pageSize: pageSize)
        let cipher = key.map { PageCipher(keys: DerivedKeys(masterKey: $0, salt: DerivedKeys.randomBytes(DerivedKeys.saltLength))) }
        do {
            for slot in 0..<2 {
                meta.encode(into: page, pageNumber: UInt64(slot), cipher: cipher)
                try file.write(UnsafeRawBufferPointer(start: page, count: pageSize), at: UInt64(slot * pageSize))
            }
            try file.sync()
        } catch { throw asStorageError(error, file) }
        if let posix = file as? PosixFile, !posix.path.hasPrefix("memory:") { PosixFile.syncDirectory(of: posix.path) }
    }

    /// Maps the file with room to grow: capacity doubles, so remapping is rare.
    static func makeMap(_ file: StorageFile, pageSize: Int, pages: UInt64, readAround: ReadAround) throws(StorageError) -> PageMap {
        var capacity = 1 << 24 // 16 MiB
        let needed = Int(pages) * pageSize
        while capacity < needed { capacity = capacity < (1 << 30) ? capacity * 2 : capacity + (1 << 30) }
        do { return PageMap(region: try file.map(length: capacity), pageSize: pageSize, readAround: readAround) } catch {
            throw asStorageError(error, file)
        }
    }

    // MARK: Readers

    /// Pins the newest version for a reader (in a shared file, the newest any process published).
    func beginRead() throws -> Snapshot {
        try lock.withLock { () throws -> Snapshot in
            if let failure { throw failure }
            guard let sharing else {
                pins[latest.meta.txnID, default: 0] += 1
                return latest
            }
            return try pinNewestPublished(sharing)
        }
    }

    func endRead(_ version: UInt64) {
        lock.withLock {
            if let n = pins[version] { pins[version] = n > 1 ? n - 1 : nil }
            sharing?.publishOldestPin(pins.keys.min())
        }
    }

    /// The newest version without pinning it.
    var latestSnapshot: Snapshot { lock.withLock { latest } }

    /// The oldest version a reader holds, in this process or (in a shared file) another, if any.
    var oldestPinnedVersion: UInt64? {
        let local = lock.withLock { pins.keys.min() }
        guard let foreign = sharing?.oldestPinInOtherProcesses() else { return local }
        return min(local ?? .max, foreign)
    }

    /// Number of versions currently pinned by readers.
    var pinnedVersionCount: Int { lock.withLock { pins.count } }

    // MARK: Writer

    func checkUsable() throws(StorageError) {
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    /// Makes every further operation fail: an I/O error (`cause`) left the file in an unknown
    /// state. Threads waiting for durability get `cause`.
    func markFailed(_ cause: StorageError? = nil) {
        let reopen = StorageError.needsReopen(path: file.path)
        lock.withLock { if failure == nil { failure = reopen } }
        coordinator.poison(cause ?? reopen)
    }

    /// Makes `snapshot` the newest version for readers in this process and, when its meta page
    /// is written (`metaWritten`), for other processes.
    func publish(_ snapshot: Snapshot, metaWritten: Bool) {
        lock.withLock { latest = snapshot }
        if metaWritten { sharing?.publish(snapshot.meta) }
    }

    /// Loads the free list of the newest version the first time a writer needs it.
    func loadAllocator(_ snapshot: Snapshot) throws(StorageError) -> PageAllocator {
        if let allocator { return allocator }
        let decryptor = makeDecryptor()
        let loaded = try withExtendedLifetime(decryptor) { () throws(StorageError) -> PageAllocator in
            try PageAllocator.load(snapshot.meta, from: reader(snapshot, decryptor: decryptor)).allocator
        }
        allocator = loaded
        return loaded
    }

    /// Makes every commit durable, then writes a sealed twin of the newest meta page (one that
    /// lists no unsynced pages) into the other slot. Recovery prefers the sealed twin, so damage
    /// that appears later in the newest commit's pages is reported as corruption instead of
    /// being mistaken for an interrupted commit.
    func syncAndSeal() throws(StorageError) {
        try syncAndSeal(holdingLease: false)
    }

    /// `syncAndSeal()`; `holdingLease` when the caller already holds the writer lease and is
    /// the only user of the writer state (an open, or adopting another process's commits).
    func syncAndSeal(holdingLease: Bool) throws(StorageError) {
        writerGate.enter()
        defer { writerGate.leave() }
        try checkUsable()
        guard !options.readOnly, options.durability != .none else { return }
        if !holdingLease { try acquireLeaseUse() }
        defer { if !holdingLease { releaseLeaseUse() } }
        try coordinator.acquireRole()
        defer { coordinator.releaseRole() }
        do {
            if coordinator.state.durableTxnID < coordinator.state.newestTxnID {
                try runGroupSync()
            }
            try writeSealedTwin()
        } catch {
            let cause = asStorageError(error, file)
            markFailed(cause)
            throw cause
        }
    }

    /// Writes a sealed twin of the newest meta page into the other slot and syncs, unless the
    /// newest meta page is sealed already. Everything it names must be written.
    func writeSealedTwin() throws {
        let state = coordinator.state
        guard !state.latestIsSealed else { return }
        var meta = latestSnapshot.meta
        meta.syncedThrough = meta.txnID
        meta.unsyncedRanges = []
        let slot = 1 - state.latestSlot
        try writeMetaPage(meta, slot: slot)
        try file.sync()
        lastSync = monotonicSeconds()
        coordinator.update {
            $0.recordMeta(meta, slot: slot)
            $0.markLatestMetaDurable()
        }
        sharing?.publish(meta)
    }

    /// Writes `meta` into `slot`, sealed for that slot's page number (and encrypted with the
    /// store's cipher, if any), with one write of a physical page.
    func writeMetaPage(_ meta: MetaPage, slot: Int) throws {
        let physical = physicalPageSize
        let page = UnsafeMutableRawPointer.allocate(byteCount: physical, alignment: 4096)
        defer { page.deallocate() }
        meta.encode(into: page, pageNumber: UInt64(slot), cipher: encryption?.cipher)
        try file.write(UnsafeRawBufferPointer(start: page, count: physical), at: UInt64(slot * physical))
    }

    /// Set once a compaction renamed a new file over this one's path: closing then writes
    /// nothing (FORMAT.md, section 11).
    var isRetired: Bool {
        get { lock.withLock { retired } }
        set { lock.withLock { retired = newValue } }
    }

    /// Whether the file at `path` is this environment's file (not one renamed over it).
    func isStillAt(_ path: String) -> Bool {
        guard let posix = file as? PosixFile else { return true }
        var open = stat(), named = stat()
        guard fstat(posix.descriptor, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    deinit {
        if !options.readOnly && !retired { try? syncAndSeal() }
        syncWorker.stop()
    }
}
