/// What waits on a session: downloads (answered by the server's download-completion marks)
/// and uploads (answered by acknowledgments), each failing on an error that ends the wait.
struct SessionWaiters {
    enum Kind {
        /// Waits for the mark `request` (nil: not asked yet, the connection is not ready).
        case download(request: UInt64?)
        /// Waits until the server acknowledged client version `target`.
        case upload(target: UInt64)
    }

    struct Waiter {
        let id: Int
        var kind: Kind
        /// Whether a failed connection ends the wait (opens do; `wait(for:)` waits it out).
        let failsOnConnectionError: Bool
        let continuation: CheckedContinuation<Void, Error>
    }

    private var waiters: [Waiter] = []
    private var nextID = 0
    private var nextMark: UInt64 = 0

    mutating func add(_ kind: Kind, failsOnConnectionError: Bool, _ continuation: CheckedContinuation<Void, Error>) -> Int {
        nextID += 1
        waiters.append(Waiter(id: nextID, kind: kind, failsOnConnectionError: failsOnConnectionError, continuation: continuation))
        return nextID
    }

    /// Whether nothing waits.
    var isEmpty: Bool { waiters.isEmpty }

    /// Whether a download waiter needs a mark sent.
    var hasUnsentMarks: Bool {
        waiters.contains { if case .download(nil) = $0.kind { true } else { false } }
    }

    /// A new mark number, given to every download waiter without one.
    mutating func assignMark() -> UInt64 {
        nextMark += 1
        for i in waiters.indices {
            if case .download(nil) = waiters[i].kind { waiters[i].kind = .download(request: nextMark) }
        }
        return nextMark
    }

    /// The answer to mark `request`: its waiters (and those of earlier marks) are done.
    mutating func markArrived(_ request: UInt64) {
        finish { if case .download(let r?) = $0.kind { r <= request } else { false } }
    }

    /// The server acknowledged uploads through `clientVersion`.
    mutating func uploadsAcknowledged(through clientVersion: UInt64) {
        finish { if case .upload(let target) = $0.kind { target <= clientVersion } else { false } }
    }

    /// The connection was lost: marks asked on it will never be answered, so their waiters ask
    /// again on the next one; waiters that fail on connection errors fail.
    mutating func failConnectionSensitive(_ error: Error) {
        rearmMarks()
        fail(error) { $0.failsOnConnectionError }
    }

    /// Marks asked on a connection that is being replaced are asked again on the next one.
    mutating func rearmMarks() {
        for i in waiters.indices {
            if case .download(.some) = waiters[i].kind { waiters[i].kind = .download(request: nil) }
        }
    }

    /// Upload waiters fail (their writes were refused).
    mutating func failUploads(_ error: Error) {
        fail(error) { if case .upload = $0.kind { true } else { false } }
    }

    /// Every waiter fails.
    mutating func failAll(_ error: Error) { fail(error) { _ in true } }

    /// Waiter `id` fails (timeout, cancellation); no effect once it finished.
    mutating func fail(id: Int, _ error: Error) { fail(error) { $0.id == id } }

    private mutating func finish(_ matches: (Waiter) -> Bool) {
        let done = waiters.filter(matches)
        waiters.removeAll(where: matches)
        for waiter in done { waiter.continuation.resume() }
    }

    private mutating func fail(_ error: Error, _ matches: (Waiter) -> Bool) {
        let done = waiters.filter(matches)
        waiters.removeAll(where: matches)
        for waiter in done { waiter.continuation.resume(throwing: error) }
    }
}
