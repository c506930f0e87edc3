/// Watches a shared file for commits by other processes and calls the handlers registered with
/// ``Store/observeCommitsByOtherProcesses(_:)`` on a thread of its own. The thread waits on the
/// lock file's commit counter (a futex shared between processes on Linux), runs while at least
/// one handler is registered, and ends within a quarter of a second after the last goes.
final class CommitWatcher: @unchecked Sendable {
    private let sharing: ProcessSharing
    private let lock = Lock()
    // Guarded by `lock`.
    private var handlers: [UInt64: @Sendable () -> Void] = [:]
    private var nextID: UInt64 = 0
    private var running = false

    init(sharing: ProcessSharing) { self.sharing = sharing }

    /// Registers `handler`; returns the id that removes it.
    func add(_ handler: @escaping @Sendable () -> Void) -> UInt64 {
        lock.withLock {
            nextID += 1
            handlers[nextID] = handler
            if !running {
                running = DetachedThread.start { [self] in watch() }
            }
            return nextID
        }
    }

    func remove(_ id: UInt64) {
        lock.withLock { handlers[id] = nil }
    }

    private func watch() {
        var seen = sharing.commitCounter
        while true {
            sharing.waitForCommit(after: seen, milliseconds: 250)
            let now = sharing.commitCounter
            let current = lock.withLock { () -> [@Sendable () -> Void]? in
                if handlers.isEmpty {
                    running = false
                    return nil
                }
                return Array(handlers.values)
            }
            guard let current else { return }
            guard now != seen else { continue }
            seen = now
            if sharing.lastPublisher != sharing.token { current.forEach { $0() } }
        }
    }
}

/// A registration of ``Store/observeCommitsByOtherProcesses(_:)``; the handler is called until
/// ``cancel()`` or until the observation is released.
public final class CommitObservation: Sendable {
    private let cancellation: @Sendable () -> Void

    init(_ cancellation: @escaping @Sendable () -> Void) { self.cancellation = cancellation }

    /// Stops the calls. Safe to call more than once.
    public func cancel() { cancellation() }

    deinit { cancellation() }
}
