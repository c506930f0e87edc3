#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for durability on a thread of its own, for callers that must not block (completion
/// callbacks and `async` waits): the blocking sync never runs on the caller's thread or on the
/// Swift concurrency pool.
///
/// Requests queue up; one thread, started when the first request arrives, waits for the newest
/// version requested (leading a group sync when no one else does) and then completes every
/// request that version covers. When the queue is empty the thread waits up to `linger`
/// seconds for the next request before it ends, so that a task awaiting one durable
/// commit after another (an actor's `asyncWrite`s) does not start a thread for each. While it
/// waits it holds no reference to the store: each request holds its own.
final class SyncWorker: @unchecked Sendable {
    typealias Completion = @Sendable (Result<Void, StorageError>) -> Void

    /// How long an idle thread waits for another request before it ends, in seconds.
    let linger: Double

    private struct Request {
        let version: UInt64
        let env: Environment
        let completion: Completion
    }

    private let monitor = Monitor()
    // Guarded by `monitor`.
    private var queue: [Request] = []
    private var running = false
    private var stopped = false
    private var startedThreads = 0

    /// A worker whose idle thread waits `linger` seconds for the next request. The default,
    /// 20 ms, covers the gap between one durable commit of a task and its next (well under a
    /// millisecond when the task writes in a loop) while keeping few idle threads in a process
    /// with many stores, each written now and then.
    init(linger: Double = 0.02) {
        self.linger = linger
    }

    /// Whether a thread of this worker exists (serving requests or waiting for one).
    var isRunning: Bool { monitor.withLock { running } }

    /// How many times this worker has started serving: on a thread of its own, or on the
    /// caller's thread when no thread could be created.
    var threadsStarted: Int { monitor.withLock { startedThreads } }

    /// Queues a wait for `version` of `env`; `completion` runs on the worker thread.
    func enqueue(_ version: UInt64, env: Environment, completion: @escaping Completion) {
        let start = monitor.withLock { () -> Bool in
            queue.append(Request(version: version, env: env, completion: completion))
            if running {
                monitor.signal()
                return false
            }
            running = true
            startedThreads += 1
            return true
        }
        if start {
            let started = DetachedThread.start { self.serve(lingering: true) }
            if !started {
                // No thread: wait here instead (still correct, only blocking).
                serve(lingering: false)
            }
        }
    }

    /// Ends an idle thread at once instead of after `linger` seconds (its store is closing).
    func stop() {
        monitor.withLock {
            stopped = true
            monitor.signal()
        }
    }

    private func serve(lingering: Bool) {
        while var batch = nextBatch(lingering: lingering) {
            let outcomes = Self.wait(for: batch)
            // The requests hold the store: let go of them before anyone learns the outcome, so
            // that a caller who closes the store right after is not kept waiting for this thread.
            batch = []
            for (completion, result) in outcomes { completion(result) }
        }
    }

    /// Every request queued so far; when there is none, waits for one (up to `linger` seconds,
    /// and only on the worker's own thread). Nil when the thread is to end: it no longer counts
    /// as running, so the next request starts another.
    private func nextBatch(lingering: Bool) -> [Request]? {
        monitor.withLock { () -> [Request]? in
            var timedOut = false
            while queue.isEmpty {
                if stopped || !lingering || timedOut {
                    running = false
                    return nil
                }
                timedOut = !monitor.wait(seconds: linger)
            }
            defer { queue.removeAll() }
            return queue
        }
    }

    /// Waits for the newest version of `batch`; returns each request's completion with its own
    /// version's outcome (a failed round may still have covered the older requests).
    private static func wait(for batch: [Request]) -> [(Completion, Result<Void, StorageError>)] {
        let env = batch[0].env
        let highest = batch.map(\.version).max()!
        var outcome: Result<Void, StorageError> = .success(())
        do { try env.waitUntilDurable(highest) } catch { outcome = .failure(error) }
        return batch.map { ($0.completion, env.coordinator.isDurable($0.version) ? .success(()) : outcome) }
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
