import Foundation

/// A user logged in to an ``App``: the identity synced realms sync as.
public final class User: @unchecked Sendable {
    /// The user's id on the server (the `~` of realm paths).
    public let id: String
    /// The app the user belongs to.
    public let app: App

    init(id: String, app: App) {
        self.id = id
        self.app = app
    }

    /// An access token valid for at least a minute, refreshed with the refresh token when
    /// needed (or always, with `forceRefresh`). A refused refresh token logs the user out,
    /// reports `invalidAccessToken` to the user's error handler and throws it.
    func syncAccessToken(forceRefresh: Bool) async throws -> String {
        fatalError("filled in by the auth work")
    }
}

/// The user of the Realm Object Server era's API: the same type as ``User``.
public typealias SyncUser = User
