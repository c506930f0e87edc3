#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Serializes the reads of one frozen realm that fill its caches.
///
/// A frozen realm may be read from any thread at once, but reading it fills caches shared by
/// every reader: the table stores of its transaction, their cluster directories and pinned
/// chunks, the transaction's open trees, the evaluated keys of its results. Every read that
/// touches them holds this lock. What a reader uses without it is immutable once published:
/// a frozen object's row location and pinned cluster (set when the object is made) and the
/// chunks of a pinned cluster (all looked up when the cluster is first pinned).
///
/// The lock is recursive: a read holding it may call another that takes it (evaluating results
/// makes objects, making an object locates its row).
final class FrozenReadLock: @unchecked Sendable {
    private let mutex = NSRecursiveLock()
    /// The thread holding the lock (`pthread_self` bits), 0 when free: for debug checks.
    private let owner = Atomic<UInt>(0)
    /// How many times the owner has taken the lock; read and written only by the owner.
    private var depth = 0

    func lock() {
        mutex.lock()
        if depth == 0 { owner.store(Self.currentThread, ordering: .relaxed) }
        depth += 1
    }

    func unlock() {
        depth -= 1
        if depth == 0 { owner.store(0, ordering: .relaxed) }
        mutex.unlock()
    }

    /// Whether the calling thread holds the lock.
    var isHeldByCurrentThread: Bool { owner.load(ordering: .relaxed) == Self.currentThread }

    private static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        pthread_self()
        #endif
    }
}
