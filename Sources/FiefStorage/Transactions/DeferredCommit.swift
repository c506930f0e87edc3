/// A commit that is visible but may not be durable yet; redeem it with
/// ``Store/waitUntilDurable(_:)`` (or its callback and `async` forms) to learn when it is.
///
/// Tickets are cheap values; any number of threads or tasks may wait on copies of one.
public struct CommitTicket: Sendable, Hashable, CustomStringConvertible {
    /// The version the commit created (for a read transaction: the version it read).
    public let version: UInt64
    /// The coordinator of the store that issued the ticket.
    let environment: ObjectIdentifier

    /// "version N".
    public var description: String { "version \(version)" }
}

/// Deferred-sync commits for group commit (FORMAT.md, section 8.2).
extension Transaction {
    /// Makes the transaction's changes the newest version and ends it, without waiting for them
    /// to reach stable storage: the transaction's pages are written and the write lock is
    /// released at once, so the next write transaction can start while this one's sync is still
    /// to come. Pass the returned ticket to ``Store/waitUntilDurable(_:)`` to wait for
    /// durability; many waiters share one sync (group commit).
    ///
    /// Until then the commit is visible to readers in this process, but a crash (a power loss,
    /// or even a process crash, since the meta page naming the version is written by the group
    /// sync) may lose it, together with every later commit; recovery never yields a version
    /// without every earlier one. The store's ``Durability`` mode does not apply to these
    /// commits; with ``Durability/none`` the commit is made at once, like ``commit()``. When
    /// many pages wait for a sync and no one waits for durability, the store starts a group
    /// sync by itself on a thread of its own, so that freed pages can be reused.
    ///
    /// On a read transaction this ends it and returns a ticket for the version it read. If the
    /// commit fails, nothing of it is visible and the store stays at the previous version.
    ///
    /// ```swift
    /// let txn = try store.beginWrite()
    /// try txn.createTree("kv").put(Array("k".utf8), Array("v".utf8))
    /// let ticket = try txn.commitDeferringSync()   // the next writer may start now
    /// try store.waitUntilDurable(ticket)            // one sync for many commits
    /// ```
    public func commitDeferringSync() throws(StorageError) -> CommitTicket {
        try checkOpen()
        let ticket = CommitTicket(version: isWritable ? txnID : version, environment: ObjectIdentifier(env))
        guard isWritable else {
            finish()
            return ticket
        }
        guard env.options.durability != .none else {
            do { try commit() } catch { throw asStorageError(error, env.file) }
            return ticket
        }
        defer { finish() }
        env.nextTxnID = txnID + 1
        do {
            let (meta, map, written) = try writePages()
            let waiting = try register(meta, written: written)
            try shrinkFileIfPossible()
            env.allocator = allocator
            env.publish(Snapshot(meta: meta, map: map, pageLimit: min(meta.pageCount, env.fileBytes / UInt64(env.physicalPageSize))),
                        metaWritten: false)
            if waiting >= max(1024, Int(meta.pageCount / 4)) {
                // Pages wait for a sync before they can be reused: when many do and no one has
                // asked for durability, start a group sync on the store's thread, so the file
                // does not grow without bound (the volume trigger of relaxed durability).
                env.syncWorker.enqueue(txnID, env: env) { _ in }
            } else {
                env.releaseLeaseSoonAfterDeferredCommit(txnID)
            }
        } catch {
            let id = txnID
            env.coordinator.update { $0.highestSkippedID = max($0.highestSkippedID, id) }
            throw asStorageError(error, env.file)
        }
        return ticket
    }

    /// Records the commit as the newest version, its meta page left for the next group sync.
    /// Returns how many pages now wait for a sync.
    private func register(_ meta: MetaPage, written: [PageRange]) throws(StorageError) -> Int {
        if let failure = env.coordinator.poisoned { throw failure }
        let id = txnID
        return env.coordinator.update {
            $0.recordWritten(written, by: id)
            $0.newestTxnID = id
            $0.unwrittenMeta = meta
            return $0.unsyncedRanges.reduce(0) { $0 + Int($1.count) }
        }
    }
}
