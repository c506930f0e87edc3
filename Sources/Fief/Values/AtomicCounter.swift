import Foundation

/// A thread-safe increasing counter (a lock is plenty for how often ids are generated).
final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64

    init(start: UInt64) { value = start }

    /// Returns the next value.
    func increment() -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        value &+= 1
        return value
    }
}
