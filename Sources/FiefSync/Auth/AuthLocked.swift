import Foundation

/// A value behind a lock, for the auth types' state that several threads and tasks share.
/// The closure runs with the lock held: keep it short, never `await` or call out of it.
final class AuthLocked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
