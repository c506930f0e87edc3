/// Waiting for deferred-sync commits to become durable (group commit, FORMAT.md section 8.2).
extension Store {
    /// Blocks until the commit behind `ticket` is on stable storage.
    ///
    /// If no group sync is under way, the calling thread leads one: it writes the newest
    /// version's meta page and syncs the file once, which covers every commit written so far,
    /// its own and other threads'. Otherwise it waits for that sync and, if it did not cover
    /// this commit, for the next one. Call it outside any write transaction of this store.
    ///
    /// - Throws: the error of the failed sync (or meta page write) when the store failed before
    ///   this commit was durable. Such a failure poisons the store: readers in this process may
    ///   have seen commits that will never be durable, so every later transaction fails with
    ///   ``StorageError/needsReopen(path:)``; reopen the store to see what survived. A ticket of
    ///   another store gives ``StorageError/invalidOption(_:)``.
    public func waitUntilDurable(_ ticket: CommitTicket) throws(StorageError) {
        try check(ticket)
        try env.waitUntilDurable(ticket.version)
    }

    /// Calls `completion` once the commit behind `ticket` is on stable storage, or with the
    /// error that kept it from getting there (see ``waitUntilDurable(_:)``). Returns at once:
    /// the wait, and the sync it may lead, run on a thread of the store's own, where
    /// `completion` is called (possibly before this method returns).
    public func waitUntilDurable(_ ticket: CommitTicket,
                                 completion: @escaping @Sendable (Result<Void, StorageError>) -> Void) {
        do { try check(ticket) } catch {
            completion(.failure(error))
            return
        }
        if env.coordinator.isDurable(ticket.version) {
            completion(.success(()))
            return
        }
        env.syncWorker.enqueue(ticket.version, env: env, completion: completion)
    }

    /// Suspends until the commit behind `ticket` is on stable storage (see
    /// ``waitUntilDurable(_:)``). The blocking sync runs on a thread of the store's own, never on
    /// the caller's executor or the Swift concurrency pool, so an actor can await it.
    public func waitUntilDurable(_ ticket: CommitTicket) async throws(StorageError) {
        try check(ticket)
        if env.coordinator.isDurable(ticket.version) { return }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, StorageError>, Never>) in
            env.syncWorker.enqueue(ticket.version, env: env) { continuation.resume(returning: $0) }
        }
        try result.get()
    }

    /// Whether the commit behind `ticket` is known to be on stable storage.
    public func isDurable(_ ticket: CommitTicket) -> Bool {
        env.coordinator.isDurable(ticket.version)
    }

    private func check(_ ticket: CommitTicket) throws(StorageError) {
        guard ticket.environment == ObjectIdentifier(env) else {
            throw .invalidOption("\(ticket) was issued by another store")
        }
    }
}
