#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for durability on a thread of its own, for callers that must not block (completion
/// callbacks and `async` waits): the blocking sync never runs on the caller's thread or on the
/// Swift concurrency pool.
///
/// Requests queue up; one thread, started when the queue becomes non-empty and ending when it
/// is empty again, waits for the newest version requested (leading a group sync when no one
/// else does) and then completes every request that version covers.
final class SyncWorker: @unchecked Sendable {
    typealias Completion = @Sendable (Result<Void, StorageError>) -> Void

    private let lock = Lock()
    // Guarded by `lock`.
    private var queue: [(version: UInt64, completion: Completion)] = []
    private var running = false

    /// Queues a wait for `version` of `env`; `completion` runs on the worker thread.
    func enqueue(_ version: UInt64, env: Environment, completion: @escaping Completion) {
        let start = lock.withLock { () -> Bool in
            queue.append((version, completion))
            if running { return false }
            running = true
            return true
        }
        if start {
            let started = DetachedThread.start { self.drain(env) }
            if !started {
                // No thread: wait here instead (still correct, only blocking).
                drain(env)
            }
        }
    }

    private func drain(_ env: Environment) {
        while true {
            let batch = lock.withLock { () -> [(version: UInt64, completion: Completion)] in
                let taken = queue
                queue.removeAll()
                if taken.isEmpty { running = false }
                return taken
            }
            if batch.isEmpty { return }
            let highest = batch.map(\.version).max()!
            var outcome: Result<Void, StorageError> = .success(())
            do { try env.waitUntilDurable(highest) } catch { outcome = .failure(error) }
            for request in batch {
                // A failed round may still have covered the older requests.
                request.completion(env.coordinator.isDurable(request.version) ? .success(()) : outcome)
            }
        }
    }
}

/// Starts a detached POSIX thread.
enum DetachedThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread; false if the thread could not be created.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        #else
        var thread: pthread_t?
        let result = pthread_create(&thread, nil, { argument in
            let box = Unmanaged<Box>.fromOpaque(argument).takeRetainedValue()
            box.body()
            return nil
        }, context)
        #endif
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
        return true
    }
}
