import Foundation

/// How the completion-handler forms of FiefSync's async API are built: the async call runs in
/// a new task, and its outcome reaches the completion handler on the caller's queue
/// (``Dispatch/DispatchQueue/fiefCallbacks`` unless the caller gives another).
enum CallbackDelivery {
    /// Runs `call` and hands its result, or the error it threw, to `completion` on `queue`.
    static func deliver<T: Sendable>(on queue: DispatchQueue, _ completion: @escaping @Sendable (Result<T, any Error>) -> Void,
                                     _ call: @escaping @Sendable () async throws -> T) {
        Task {
            let result: Result<T, any Error>
            do { result = .success(try await call()) } catch { result = .failure(error) }
            queue.async { completion(result) }
        }
    }

    /// Runs `call`, which returns nothing, and hands nil or the error it threw to `completion`
    /// on `queue`.
    static func report(on queue: DispatchQueue, _ completion: @escaping @Sendable ((any Error)?) -> Void,
                       _ call: @escaping @Sendable () async throws -> Void) {
        deliver(on: queue, { result in
            if case .failure(let error) = result { completion(error) } else { completion(nil) }
        }, call)
    }
}
