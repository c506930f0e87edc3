import Foundation

extension User {
    /// Deletes the user's account on the server (with their API keys, custom data,
    /// permissions and sessions on every device) and removes the user from this device, as
    /// ``remove()`` does. Their realms' data stays on the server; synced realm files on this
    /// device are not deleted.
    ///
    /// ```swift
    /// try await user.delete()
    /// ```
    ///
    /// Throws ``SyncAuthError``: `.invalidAccessToken` when the user is logged out (log in
    /// first), `.networkFailure`, `.timedOut`... The user stays on this device when it throws.
    public func delete() async throws {
        struct Deleted: Decodable { var status: String }
        _ = try await authorizedCall(.DELETE, "users/\(id)", body: nil as CreateAPIKeyBody?, answer: Deleted.self)
        _ = endSession(.removed)
    }
}
