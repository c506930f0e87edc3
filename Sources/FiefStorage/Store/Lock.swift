#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock for short critical sections.
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A gate that one holder passes at a time; unlike a mutex it may be released from another
/// thread than the one that took it (a write transaction can move between threads).
final class Gate: @unchecked Sendable {
    private let monitor = Monitor()
    // Guarded by `monitor`.
    private var held = false

    func enter() {
        monitor.withLock {
            while held { monitor.wait() }
            held = true
        }
    }

    func leave() {
        monitor.withLock {
            held = false
            monitor.signal()
        }
    }
}

/// Seconds on a monotonic clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
