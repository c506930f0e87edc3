/// Guards an environment's ``DurabilityState`` and hands out the *sync role*: the right to
/// write meta pages and sync the file. One holder at a time: a committing writer (steps 5 to 9
/// of the commit protocol), `Store.sync()`, or the leader of a group sync (FORMAT.md,
/// section 8.2). Write transactions do not need the role to write their pages, so writers go on
/// while a group sync is under way.
///
/// Threads waiting for a version to become durable wait here; the first that finds the role
/// free leads the next group sync, and its one sync covers every commit written before it.
final class SyncCoordinator: @unchecked Sendable {
    private let monitor = Monitor()
    // Guarded by `monitor`.
    private var current: DurabilityState
    private var roleHeld = false
    private var failure: StorageError?

    init(_ state: DurabilityState) { current = state }

    /// A copy of the state.
    var state: DurabilityState { monitor.withLock { current } }

    /// Changes the state. Waiters are woken when the role is released (only its holder makes
    /// versions durable) or the store is poisoned, not on every change: a deferred-sync commit
    /// registering itself must not wake every waiting thread.
    @discardableResult
    func update<R>(_ body: (inout DurabilityState) -> R) -> R {
        monitor.withLock { body(&current) }
    }

    /// The error that poisoned the store, if one did.
    var poisoned: StorageError? { monitor.withLock { failure } }

    /// Records that a sync, meta write or other I/O failed in a way that leaves the state on
    /// disk uncertain: every waiter whose version is not durable yet gets `error`, and the role
    /// is never granted again.
    func poison(_ error: StorageError) {
        monitor.withLock {
            if failure == nil { failure = error }
            monitor.broadcast()
        }
    }

    /// Waits for the sync role. Throws the poisoning error once the store is poisoned.
    func acquireRole() throws(StorageError) {
        try monitor.withLock { () throws(StorageError) in
            while true {
                if let failure { throw failure }
                if !roleHeld { break }
                monitor.wait()
            }
            roleHeld = true
        }
    }

    /// Gives the role back and wakes the waiters.
    func releaseRole() {
        monitor.withLock {
            roleHeld = false
            monitor.broadcast()
        }
    }

    /// What a thread waiting for version `version` should do next.
    enum Turn {
        /// The version is durable.
        case durable
        /// The store was poisoned before the version became durable.
        case failed(StorageError)
        /// The caller now holds the sync role and must run a group sync, then release it.
        case lead
    }

    /// Blocks until `version` is durable, the store is poisoned, or the role is free (which the
    /// caller then holds).
    func awaitTurn(for version: UInt64) -> Turn {
        monitor.withLock {
            while true {
                if current.durableTxnID >= version { return .durable }
                if let failure { return .failed(failure) }
                if !roleHeld {
                    roleHeld = true
                    return .lead
                }
                monitor.wait()
            }
        }
    }

    /// Whether `version` is durable.
    func isDurable(_ version: UInt64) -> Bool {
        monitor.withLock { current.durableTxnID >= version }
    }
}
