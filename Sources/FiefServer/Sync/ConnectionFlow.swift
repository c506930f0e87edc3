import Synchronization

/// Bounds what a connection queues: frames read but not yet handled (so a client that sends
/// faster than the server integrates waits, instead of filling the server's memory), and
/// realm-change notices (at most one pending per session, however busy the realm).
final class ConnectionFlow: Sendable {
    private struct State {
        var credit: Int
        var waiter: CheckedContinuation<Void, Never>?
        var closed = false
        var pendingChanges: Set<UInt32> = []
    }

    private let state: Mutex<State>

    /// A flow that lets `frames` frames wait for handling at once.
    init(frames: Int) {
        state = Mutex(State(credit: max(1, frames)))
    }

    /// Waits until one more frame may be queued (returns at once after ``close()``).
    func acquireFrame() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.closed || state.credit > 0 {
                    state.credit -= state.closed ? 0 : 1
                    return true
                }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// A queued frame was handled.
    func releaseFrame() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.credit += 1
            return nil
        }
        waiter?.resume()
    }

    /// Ends the flow: a waiting reader goes on (to see the connection end).
    func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Records a change for `session`; true when no notice for it is pending yet.
    func markChanged(_ session: UInt32) -> Bool {
        state.withLock { $0.pendingChanges.insert(session).inserted }
    }

    /// The notice for `session` is being handled: later changes need a new one.
    func clearChanged(_ session: UInt32) {
        _ = state.withLock { $0.pendingChanges.remove(session) }
    }
}
