/// What the writer knows about stable storage (FORMAT.md, sections 7, 8 and 8.2): which version
/// is durable, what each meta slot holds, and which pages were written since the last sync.
/// Kept by ``SyncCoordinator``, which guards it.
struct DurabilityState {
    /// `D`: the newest version whose meta page is known to be on stable storage.
    var durableTxnID: UInt64
    /// The slot holding `D`'s meta page.
    var durableSlot: Int
    /// The slot holding the newest meta page written.
    var latestSlot: Int
    /// Whether the newest meta page written lists no unsynced pages (recovery trusts it as is).
    var latestIsSealed: Bool
    /// `S`: every page written by commits up to this id is on stable storage.
    var syncedThrough: UInt64
    /// Pages written since `S`, merged as the next meta page will list them.
    private(set) var unsyncedRanges: [PageRange] = []
    /// The same pages by commit, oldest first, so that a sync covering only the older commits
    /// (a group sync while writers go on) keeps the rest listed.
    private(set) var unsyncedCommits: [(txnID: UInt64, ranges: [PageRange])] = []
    /// The version whose meta page each slot holds, as written.
    var slotTxnID: [UInt64]
    /// The `syncedThrough` field of the meta page in each slot, as written on disk. The pages a
    /// meta lists were written after it, so they must not be overwritten while that meta may be
    /// needed: see `reuseLimit`.
    var slotSyncedThrough: [UInt64]
    /// The page count of the meta page in each slot: the file must stay at least this long.
    var slotPageCount: [UInt64]
    /// The highest id used up without becoming a version (a failed commit attempt, or the ids
    /// skipped at open). Pages sealed with it may be in the file, so no meta page may list a
    /// window `(S, txn]` that contains it: the next meta page syncs first and lists nothing.
    var highestSkippedID: UInt64
    /// The newest committed version.
    var newestTxnID: UInt64
    /// The newest version's meta page while it is not written yet (a deferred-sync commit); the
    /// next group sync writes it.
    var unwrittenMeta: MetaPage?

    init(recovered meta: MetaPage, slot: Int, fileLimit: UInt64, nextTxnID: UInt64) {
        durableTxnID = meta.txnID
        durableSlot = slot
        latestSlot = slot
        latestIsSealed = meta.unsyncedRanges.isEmpty
        syncedThrough = meta.txnID
        slotTxnID = [meta.txnID, meta.txnID]
        slotSyncedThrough = [0, 0]
        slotSyncedThrough[slot] = meta.syncedThrough
        // The other slot's meta is unknown here; keeping the file as long as it is now covers it.
        slotPageCount = [max(meta.pageCount, fileLimit), max(meta.pageCount, fileLimit)]
        highestSkippedID = nextTxnID - 1
        newestTxnID = meta.txnID
    }

    /// The state another process's writer left when it handed the writer lease over
    /// (FORMAT.md, section 11). Its unsynced pages count as written by its newest commit.
    init(durableTxnID: UInt64, durableSlot: Int, latestSlot: Int, latestIsSealed: Bool, syncedThrough: UInt64,
         unsyncedRanges: [PageRange], slotTxnID: [UInt64], slotSyncedThrough: [UInt64], slotPageCount: [UInt64],
         highestSkippedID: UInt64, newestTxnID: UInt64) {
        self.durableTxnID = durableTxnID
        self.durableSlot = durableSlot
        self.latestSlot = latestSlot
        self.latestIsSealed = latestIsSealed
        self.syncedThrough = syncedThrough
        self.unsyncedRanges = unsyncedRanges
        unsyncedCommits = unsyncedRanges.isEmpty ? [] : [(newestTxnID, unsyncedRanges)]
        self.slotTxnID = slotTxnID
        self.slotSyncedThrough = slotSyncedThrough
        self.slotPageCount = slotPageCount
        self.highestSkippedID = highestSkippedID
        self.newestTxnID = newestTxnID
    }

    /// Pages freed by commits up to this id may be overwritten by the next write transaction:
    /// no reader holds an older version, the version that freed them is durable, and they are
    /// not listed as unsynced in the durable meta page that recovery would fall back to.
    func reuseLimit(oldestPinned: UInt64?) -> UInt64 {
        min(durableTxnID, oldestPinned ?? .max, slotSyncedThrough[durableSlot] + 1)
    }

    /// Whether the next meta page must sync the pages first and list none (section 8, step 6).
    var needsWindowRestart: Bool { highestSkippedID > syncedThrough }

    /// Whether everything this writer's versions consist of is on stable storage: the newest
    /// version is synced and durable, and its meta page is written, sealed and synced. A writer
    /// that gives the lease back in this state leaves nothing an opener would have to sync
    /// (FORMAT.md, section 11). Pages of failed commit attempts (`highestSkippedID`) do not
    /// count: no version holds them.
    var isEntirelyDurable: Bool {
        unwrittenMeta == nil && unsyncedRanges.isEmpty && latestIsSealed
            && syncedThrough >= newestTxnID && durableTxnID >= newestTxnID && slotTxnID[durableSlot] == newestTxnID
    }

    /// Notes the pages commit `txnID` wrote.
    mutating func recordWritten(_ ranges: [PageRange], by txnID: UInt64) {
        unsyncedCommits.append((txnID, ranges))
        PageRangeList.merge(ranges, into: &unsyncedRanges)
    }

    /// Every page written by commits up to `txnID` is on stable storage.
    mutating func markSynced(through txnID: UInt64) {
        syncedThrough = max(syncedThrough, txnID)
        let before = unsyncedCommits.count
        unsyncedCommits.removeAll { $0.txnID <= syncedThrough }
        guard unsyncedCommits.count != before else { return }
        unsyncedRanges = []
        for commit in unsyncedCommits { PageRangeList.merge(commit.ranges, into: &unsyncedRanges) }
    }

    /// Notes that `meta` was written into `slot`.
    mutating func recordMeta(_ meta: MetaPage, slot: Int) {
        slotTxnID[slot] = meta.txnID
        slotSyncedThrough[slot] = meta.syncedThrough
        slotPageCount[slot] = meta.pageCount
        latestSlot = slot
        latestIsSealed = meta.unsyncedRanges.isEmpty
        if let unwritten = unwrittenMeta, unwritten.txnID <= meta.txnID { unwrittenMeta = nil }
    }

    /// After a sync: the newest meta page written is on stable storage.
    mutating func markLatestMetaDurable() {
        durableTxnID = max(durableTxnID, slotTxnID[latestSlot])
        durableSlot = latestSlot
    }
}
