#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with one condition variable: state guarded by the mutex, and threads that wait for
/// that state to change.
final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the mutex until another thread calls `broadcast()`, then takes it again. Call
    /// only inside `withLock`, in a loop that rechecks what it waits for.
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// As ``wait()``, but gives up after about `seconds`; returns false when the time ran out
    /// without a wake-up. Call only inside `withLock`, in a loop that rechecks what it waits for.
    func wait(seconds: Double) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(seconds * 1e9)
        var deadline = timespec()
        deadline.tv_sec = now.tv_sec + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }

    /// Wakes one waiting thread. Call inside `withLock`.
    func signal() {
        pthread_cond_signal(condition)
    }

    /// Wakes every waiting thread. Call inside `withLock`.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
