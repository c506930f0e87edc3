import Foundation

/// Runs async work from the harness's synchronous code: the calling thread blocks until the
/// task is done. The work runs on the cooperative pool (or on the actors it calls), never on
/// the blocked thread, so this cannot deadlock unless the work needs the calling thread.
enum AsyncBridge {
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = AsyncBridgeBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        guard let result = box.result else { throw BenchError.harness("async work finished without a result") }
        return try result.get()
    }
}

/// The outcome of one bridged task; written once by the task before it signals.
private final class AsyncBridgeBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
