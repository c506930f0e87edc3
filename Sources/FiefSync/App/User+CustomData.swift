import FiefSyncProtocol
import Foundation

extension User {
    /// Asks the server for the user's custom data as it is now (it refreshes the access
    /// token, which brings the custom data with it), updates ``customData`` and returns it.
    ///
    /// ```swift
    /// let data = try await user.refreshCustomData()
    /// if case .int(let level)? = data["level"] { print("level \(level)") }
    /// ```
    ///
    /// Throws ``SyncAuthError`` as a token refresh does: `.invalidAccessToken` when the user is
    /// logged out or the server refused the refresh token; `.networkFailure`, `.timedOut` or
    /// `.serverError` when trying later may work.
    @discardableResult
    public func refreshCustomData() async throws -> [String: CustomDataValue] {
        _ = try await syncAccessToken(forceRefresh: true)
        return customData
    }

    /// Refreshes the custom data (see ``refreshCustomData()``) and calls `completion` with it
    /// or the error, on `queue`.
    public func refreshCustomData(callbackQueue queue: DispatchQueue = .fiefCallbacks,
                                  _ completion: @escaping @Sendable (Result<[String: CustomDataValue], any Error>) -> Void) {
        CallbackDelivery.deliver(on: queue, completion) { try await self.refreshCustomData() }
    }
}
