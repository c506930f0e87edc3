import Foundation

/// Runs the same job on several new threads that start their timed part together.
///
/// Each thread first does its untimed setup (opening its own connection, say), then calls the
/// `ready` closure it is given, which blocks until every thread is ready. The gang measures from
/// that common start until the last thread finishes.
enum ThreadGang {
    /// Runs `body(thread, ready)` on `count` new threads and returns the seconds from the moment
    /// all of them were ready until all of them returned. Rethrows the first error a thread threw.
    static func run(count: Int, _ body: @escaping @Sendable (_ thread: Int, _ ready: () -> Void) throws -> Void) throws -> Double {
        let state = GangState()
        let readies = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for thread in 0..<count {
            finished.enter()
            Thread {
                var signalled = false
                let ready = {
                    signalled = true
                    readies.signal()
                    gate.wait()
                }
                do { try body(thread, ready) } catch { state.record(error) }
                if !signalled { readies.signal() }
                finished.leave()
            }.start()
        }
        for _ in 0..<count { readies.wait() }
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { gate.signal() }
        finished.wait()
        let elapsed = (clock.now - start).components
        if let error = state.firstError { throw error }
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}

/// The first error any thread of a gang threw.
private final class GangState: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?

    func record(_ error: any Error) {
        lock.withLock { if self.error == nil { self.error = error } }
    }

    var firstError: (any Error)? {
        lock.withLock { error }
    }
}
