/// Where a ``User`` stands.
///
/// ```swift
/// if user.state == .loggedIn { ... }
/// ```
public enum UserState: String, Sendable, CaseIterable {
    /// Logged in: the user has a refresh token and syncs.
    case loggedIn
    /// Logged out: the tokens are gone (on this device and, when it could be reached, on the
    /// server); synced realms stay on disk. Log in again to sync.
    case loggedOut
    /// Removed from this device with ``User/remove()``; the object is no longer in the app's
    /// users.
    case removed

    /// The Realm Object Server era's name of ``loggedIn``.
    public static var active: UserState { .loggedIn }
}
