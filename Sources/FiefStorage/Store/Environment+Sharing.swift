#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who in this process uses the writer lease of a shared file: the write transaction, a group
/// sync, a seal. The lease is taken from the lock file by the first user and given back when
/// the last one is done and no deferred-sync commit waits for its meta page (only this process
/// could write it).
final class LeaseUse: @unchecked Sendable {
    let monitor = Monitor()
    // Guarded by `monitor`.
    var held = false
    var users = 0
    var acquiring = false
}

/// Sharing one file between processes (FORMAT.md, section 11).
extension Environment {
    // MARK: Readers

    /// Pins the newest version published by any process, adopting it first when this process
    /// has not seen it yet. Called holding `lock`.
    ///
    /// The pin is published before the check that nothing newer appeared: a writer that decides
    /// what it may overwrite either sees the pin, or began before that check and then can only
    /// overwrite pages of versions older than the one pinned.
    func pinNewestPublished(_ sharing: ProcessSharing) throws -> Snapshot {
        while true {
            if let newest = sharing.latestTxnID, newest > latest.meta.txnID,
               let published = sharing.latestPublished(pageSize: physicalPageSize), published.txnID > latest.meta.txnID {
                latest = try snapshotOfForeignCommit(published, currentMap: latest.map)
            }
            let version = latest.meta.txnID
            pins[version, default: 0] += 1
            sharing.publishOldestPin(pins.keys.min())
            if let published = sharing.latestTxnID, published > version {
                if let n = pins[version] { pins[version] = n > 1 ? n - 1 : nil }
                continue
            }
            return latest
        }
    }

    /// A snapshot of `meta`, a version another process wrote. Pages that process wrote may hold
    /// what this process once verified or decrypted under the same numbers: forget both.
    func snapshotOfForeignCommit(_ meta: MetaPage, currentMap: PageMap) throws(StorageError) -> Snapshot {
        let size: UInt64
        do { size = try file.size() } catch { throw asStorageError(error, file) }
        let filePages = size / UInt64(physicalPageSize)
        var map = currentMap
        if max(meta.pageCount, filePages) > map.capacityPages {
            map = try Environment.makeMap(file, pageSize: physicalPageSize, pages: max(meta.pageCount, filePages), readAround: readAround)
        } else {
            map.forgetVerifiedPages()
        }
        encryption?.cache.removeAll()
        return Snapshot(meta: meta, map: map, pageLimit: min(meta.pageCount, filePages))
    }

    // MARK: The writer lease

    /// Takes a use of the writer lease: the first user in this process takes it from the lock
    /// file, waiting while another process holds it, and adopts what other processes wrote.
    func acquireLeaseUse() throws(StorageError) {
        guard let sharing else { return }
        let mustTake = lease.monitor.withLock { () -> Bool in
            while lease.acquiring { lease.monitor.wait() }
            if lease.held {
                lease.users += 1
                return false
            }
            lease.acquiring = true
            return true
        }
        guard mustTake else { return }
        var failure: StorageError?
        do throws(StorageError) {
            let history = try sharing.acquireLease()
            do throws(StorageError) {
                switch history {
                case .heldLast: break
                case let .handedOver(handOver?): try adoptHandOver(handOver, sharing)
                case .handedOver(nil), .abandoned: try adoptFileAfterOtherWriter()
                }
            } catch {
                sharing.releaseLease()
                throw error
            }
        } catch { failure = error }
        lease.monitor.withLock {
            lease.acquiring = false
            if failure == nil {
                lease.held = true
                lease.users += 1
            }
            lease.monitor.broadcast()
        }
        if let failure { throw failure }
    }

    /// Ends a use of the writer lease; the last gives it back, unless a deferred-sync commit
    /// still waits for its meta page (the group sync that writes it gives the lease back).
    func releaseLeaseUse() {
        guard let sharing else { return }
        lease.monitor.withLock {
            lease.users -= 1
            guard lease.users == 0, lease.held else { return }
            let state = coordinator.state
            guard state.unwrittenMeta == nil else { return }
            sharing.noteUsed(through: nextTxnID - 1)
            // A writer that syncs nothing (`.none`) leaves no state: its state counts every
            // commit as durable, and an opener would take that as leave to skip its sync.
            let handOver = options.durability == .none ? nil : ProcessSharing.HandOver(state: state, nextTxnID: nextTxnID)
            sharing.releaseLease(handingOver: handOver)
            lease.held = false
        }
    }

    /// After another process held the writer lease and gave it back: carries on from the writer
    /// state it left, as if this process's writer had made its commits (FORMAT.md, section 11).
    /// Nothing is synced or written. Falls back to re-reading the file when the state does not
    /// match the newest published version.
    private func adoptHandOver(_ handOver: ProcessSharing.HandOver, _ sharing: ProcessSharing) throws(StorageError) {
        guard let published = sharing.latestPublished(pageSize: physicalPageSize), published.txnID == handOver.state.newestTxnID,
              handOver.state.unwrittenMeta == nil else {
            return try adoptFileAfterOtherWriter()
        }
        let current = lock.withLock { latest.map }
        let snapshot = try snapshotOfForeignCommit(published, currentMap: current)
        let size: UInt64
        do { size = try file.size() } catch { throw asStorageError(error, file) }
        nextTxnID = max(nextTxnID, handOver.nextTxnID, sharing.highestTxnID + 1)
        coordinator.update { $0 = handOver.state }
        fileBytes = size
        allocator = nil
        relocationCursor = nil
        lock.withLock { if snapshot.meta.txnID >= latest.meta.txnID { latest = snapshot } }
    }

    /// After another process held the writer lease and left no state (or died holding it):
    /// re-reads the file as an open does (FORMAT.md, section 9) and starts the writer state
    /// afresh from it. The sync makes whatever that process wrote durable, so recovery sees its
    /// last meta page intact unless it died mid-commit, and then chooses the version before, as
    /// after a crash.
    func adoptFileAfterOtherWriter() throws(StorageError) {
        guard let sharing else { return }
        do { try file.sync() } catch { throw asStorageError(error, file) }
        lastSync = monotonicSeconds()
        let choice = try Recovery.chooseMeta(file: file, key: options.encryptionKey)
        if let published = sharing.latestTxnID, choice.meta.txnID < published {
            throw .corruptFile(path: file.path, reason: "version \(published), published by another process, "
                               + "is no longer intact (the newest intact version is \(choice.meta.txnID))")
        }
        let size: UInt64
        do { size = try file.size() } catch { throw asStorageError(error, file) }
        nextTxnID = max(nextTxnID, choice.highestTxnSeen + 2, sharing.highestTxnID + 1)
        var state = DurabilityState(recovered: choice.meta, slot: choice.slot, fileLimit: size / UInt64(physicalPageSize),
                                    nextTxnID: nextTxnID)
        state.latestIsSealed = choice.meta.unsyncedRanges.isEmpty && !choice.rejectedNewer
        coordinator.update { [state] in $0 = state }
        fileBytes = size
        allocator = nil
        relocationCursor = nil
        let current = lock.withLock { latest.map }
        let snapshot = try snapshotOfForeignCommit(choice.meta, currentMap: current)
        lock.withLock { latest = snapshot }
        do { try writeSealedTwin() } catch {
            let cause = asStorageError(error, file)
            markFailed(cause)
            throw cause
        }
        // A process that died after its meta page was written may not have published it.
        if sharing.latestTxnID != choice.meta.txnID { sharing.publish(choice.meta) }
    }

    /// After a deferred-sync commit, when other processes have the file open: start a group
    /// sync on the store's thread, so that the writer lease this process keeps until the
    /// commit's meta page is written goes back soon even if nobody waits for durability.
    func releaseLeaseSoonAfterDeferredCommit(_ version: UInt64) {
        guard let sharing, sharing.othersPresent else { return }
        syncWorker.enqueue(version, env: self) { _ in }
    }
}
