import FiefSyncProtocol
import Foundation

/// A user as the user cache (`metadata.fief`) keeps it.
struct CachedUser: Sendable, Equatable {
    /// The user's id on the server.
    var id: String
    /// How the user logged in: `password`, `anonymous`, `jwt` or `admin-token`.
    var provider: String
    /// The refresh token; nil once logged out.
    var refreshToken: String?
    /// The last access token; nil once logged out.
    var accessToken: String?
    /// The server's base URL the user logged in to.
    var serverURL: String
    /// The id of the app the user belongs to.
    var appId: String
    /// Logged in, logged out or removed.
    var state: UserState
    /// Whether the server made the user an administrator.
    var isAdmin: Bool
    /// The custom data the server last sent (``User/customData``).
    var customData: [String: CustomDataValue] = [:]
    /// What the identity provider said at the last login (``User/profile``).
    var profile = UserProfile()
    /// The last login or switch to this user: the most recent logged-in user is current.
    var lastActiveAt: Date
}
