import Foundation

/// Runs `body` on a new thread and waits for it: realms are cached per thread, so a second,
/// independent instance of a configuration is opened on another thread.
func onAnotherThread(_ body: @escaping @Sendable () throws -> Void) throws {
    let failure = LockedBox<Error?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        do { try body() } catch { failure.set(error) }
        done.signal()
    }
    thread.start()
    done.wait()
    if let error = failure.get() { throw error }
}
