import Foundation

/// The per-file queue of writers in this process: writers get the write lock one at a time, in
/// the order they asked for it, whether they wait asynchronously (`asyncWrite`, which never
/// blocks its actor) or by blocking their thread (`write`).
final class WriteQueue: @unchecked Sendable {
    private enum Waiter {
        case async(id: UInt64, CheckedContinuation<Bool, Never>)
        case blocking(DispatchSemaphore)
    }

    private let lock = NSLock()
    private var busy = false
    private var waiters: [Waiter] = []
    private var nextID: UInt64 = 0
    /// Waiters cancelled before they were queued.
    private var cancelledEarly: Set<UInt64> = []

    /// Waits for the lock without blocking the caller's thread. Returns false (without the
    /// lock) if the task was cancelled while waiting.
    func acquire() async -> Bool {
        if Task.isCancelled { return false }
        let id: UInt64? = lock.withLock {
            if !busy {
                busy = true
                return nil
            }
            nextID += 1
            return nextID
        }
        guard let id else { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                lock.lock()
                if cancelledEarly.remove(id) != nil {
                    lock.unlock()
                    continuation.resume(returning: false)
                } else if !busy {
                    busy = true
                    lock.unlock()
                    continuation.resume(returning: true)
                } else {
                    waiters.append(.async(id: id, continuation))
                    lock.unlock()
                }
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Blocks the calling thread until the lock is free, then takes it.
    func acquireBlocking() {
        lock.lock()
        if !busy {
            busy = true
            lock.unlock()
            return
        }
        let semaphore = DispatchSemaphore(value: 0)
        waiters.append(.blocking(semaphore))
        lock.unlock()
        semaphore.wait()
    }

    /// Hands the lock to the next waiter in line, or frees it.
    func release() {
        lock.lock()
        guard !waiters.isEmpty else {
            busy = false
            lock.unlock()
            return
        }
        let next = waiters.removeFirst()
        lock.unlock()
        switch next {
        case .async(_, let continuation): continuation.resume(returning: true)
        case .blocking(let semaphore): semaphore.signal()
        }
    }

    private func cancel(_ id: UInt64) {
        lock.lock()
        guard let index = waiters.firstIndex(where: { if case .async(let w, _) = $0 { w == id } else { false } }),
              case .async(_, let continuation) = waiters.remove(at: index) else {
            // Not queued yet (or already granted): remember it so it is not queued later.
            cancelledEarly.insert(id)
            lock.unlock()
            return
        }
        lock.unlock()
        continuation.resume(returning: false)
    }
}
