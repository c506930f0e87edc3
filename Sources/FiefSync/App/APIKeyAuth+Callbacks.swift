import Foundation

// The completion-handler forms of ``APIKeyAuth``: each runs the async call and calls
// `completion` on `queue` (``Dispatch/DispatchQueue/fiefCallbacks`` unless given).
extension APIKeyAuth {
    /// Creates an API key named `name` and calls `completion` with it (key included) or the
    /// ``SyncAuthError``.
    public func createAPIKey(named name: String, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                             completion: @escaping @Sendable (Result<UserAPIKey, any Error>) -> Void) {
        CallbackDelivery.deliver(on: queue, completion) { try await createAPIKey(named: name) }
    }

    /// Fetches the API key with id `objectId` and calls `completion` with it or the error.
    public func fetchAPIKey(_ objectId: ObjectId, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                            _ completion: @escaping @Sendable (Result<UserAPIKey, any Error>) -> Void) {
        CallbackDelivery.deliver(on: queue, completion) { try await fetchAPIKey(objectId) }
    }

    /// Fetches every API key of the user and calls `completion` with them or the error.
    public func fetchAPIKeys(callbackQueue queue: DispatchQueue = .fiefCallbacks,
                             _ completion: @escaping @Sendable (Result<[UserAPIKey], any Error>) -> Void) {
        CallbackDelivery.deliver(on: queue, completion) { try await fetchAPIKeys() }
    }

    /// Deletes the API key with id `objectId` and calls `completion` with nil or the error.
    public func deleteAPIKey(_ objectId: ObjectId, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                             completion: @escaping @Sendable ((any Error)?) -> Void) {
        CallbackDelivery.report(on: queue, completion) { try await deleteAPIKey(objectId) }
    }

    /// Enables the API key with id `objectId` and calls `completion` with nil or the error.
    public func enableAPIKey(_ objectId: ObjectId, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                             completion: @escaping @Sendable ((any Error)?) -> Void) {
        CallbackDelivery.report(on: queue, completion) { try await enableAPIKey(objectId) }
    }

    /// Disables the API key with id `objectId` and calls `completion` with nil or the error.
    public func disableAPIKey(_ objectId: ObjectId, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                              completion: @escaping @Sendable ((any Error)?) -> Void) {
        CallbackDelivery.report(on: queue, completion) { try await disableAPIKey(objectId) }
    }
}
