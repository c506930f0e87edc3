/// Group commit (FORMAT.md, section 8.2): deferred-sync commits write their pages and leave the
/// meta page and the sync to whoever waits for them first.
extension Environment {
    /// Blocks until `version` is durable. The first waiter that finds the sync role free leads a
    /// group sync for every commit written so far; the others wait for its outcome, and those
    /// whose commit it did not cover wait for (or lead) the next one.
    func waitUntilDurable(_ version: UInt64) throws(StorageError) {
        while true {
            switch coordinator.awaitTurn(for: version) {
            case .durable:
                return
            case let .failed(error):
                throw error
            case .lead:
                defer { coordinator.releaseRole() }
                do {
                    try acquireLeaseUse()
                    defer { releaseLeaseUse() }
                    try runGroupSync()
                } catch {
                    // Readers may have seen commits that will now never be durable: poison the
                    // store, so that nothing builds on them (the loop then reports the error).
                    markFailed(asStorageError(error, file))
                }
            }
        }
    }

    /// One group sync, run by the holder of the sync role: writes the meta page of the newest
    /// version if a deferred-sync commit left it unwritten, then syncs once, which makes that
    /// version and every one before it durable. Commits that write their pages meanwhile are
    /// not covered; they stay listed as unsynced for the next round.
    ///
    /// The meta page goes into the slot that does not hold the durable version. If its window
    /// `(S, txn]` contains a skipped id, or its page list would not fit, the pages are synced
    /// first and the meta page lists none (as in the commit protocol's step 6).
    func runGroupSync() throws {
        // Taken together with the newest version, so that no commit cuts the file shorter than
        // that version's page count from now until its meta page is written (section 7).
        let state = coordinator.update { state -> DurabilityState in
            if let meta = state.unwrittenMeta {
                for slot in 0..<2 { state.slotPageCount[slot] = max(state.slotPageCount[slot], meta.pageCount) }
            }
            return state
        }
        let target = state.newestTxnID
        if var meta = state.unwrittenMeta {
            if state.needsWindowRestart || state.unsyncedRanges.count > metaRangeCapacity {
                try file.sync()
                lastSync = monotonicSeconds()
                coordinator.update {
                    $0.markLatestMetaDurable()
                    $0.markSynced(through: target)
                }
                meta.syncedThrough = target
                meta.unsyncedRanges = []
            } else {
                meta.syncedThrough = state.syncedThrough
                meta.unsyncedRanges = state.unsyncedRanges
            }
            let slot = 1 - coordinator.state.durableSlot
            try writeMetaPage(meta, slot: slot)
            coordinator.update { $0.recordMeta(meta, slot: slot) }
            // Before `D` can reach it (FORMAT.md, section 11: a reader's pin check relies on it).
            sharing?.publish(meta)
        }
        try file.sync()
        lastSync = monotonicSeconds()
        coordinator.update {
            $0.markLatestMetaDurable()
            $0.markSynced(through: target)
        }
    }
}
