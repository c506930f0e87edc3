/// The asynchronous write work of one realm (``Realm/beginAsyncWrite(_:)`` and
/// ``Realm/commitAsyncWrite(allowGrouping:_:)``): blocks waiting for the write lock, in
/// order, and commits whose completion handlers have not run. Used only on the realm's own
/// thread or actor.
final class AsyncWriteState {
    /// A block waiting for its write transaction.
    struct Queued {
        let block: () -> Void
        /// Told when the transaction cannot start; nil traps instead.
        let onBeginFailure: ((Swift.Error) -> Void)?
    }

    private var lastID: AsyncTransactionId = 0
    private var queue: [(AsyncTransactionId, Queued)] = []
    /// Whether a loop is running the queue.
    private var draining = false
    /// The block running now, if any.
    private var running: AsyncTransactionId?
    /// Commits waiting for durability, and those of them whose handler was cancelled.
    private var commits: Set<AsyncTransactionId> = []
    private var cancelledCommits: Set<AsyncTransactionId> = []

    func newID() -> AsyncTransactionId {
        lastID &+= 1
        if lastID == 0 { lastID = 1 }
        return lastID
    }

    func enqueue(_ queued: Queued) -> AsyncTransactionId {
        let id = newID()
        queue.append((id, queued))
        return id
    }

    /// Claims the draining loop; false when one is running already.
    func startDraining() -> Bool {
        if draining { return false }
        draining = true
        return true
    }

    func stopDraining() { draining = false }

    /// The next block to run, removed from the queue.
    func next() -> (AsyncTransactionId, Queued)? {
        guard !queue.isEmpty else { return nil }
        let entry = queue.removeFirst()
        running = entry.0
        return entry
    }

    func finished(_ id: AsyncTransactionId) { if running == id { running = nil } }

    func commitStarted(_ id: AsyncTransactionId) { commits.insert(id) }

    /// Forgets a commit; returns whether its handler should still run.
    func commitFinished(_ id: AsyncTransactionId) -> Bool {
        commits.remove(id)
        return cancelledCommits.remove(id) == nil
    }

    /// Drops a queued block, or silences a pending commit's handler.
    func cancel(_ id: AsyncTransactionId) {
        if let i = queue.firstIndex(where: { $0.0 == id }) {
            queue.remove(at: i)
        } else if commits.contains(id) {
            cancelledCommits.insert(id)
        }
    }

    var isBusy: Bool { draining || !queue.isEmpty || running != nil || !commits.isEmpty }
}
