import FiefSyncProtocol
import Foundation

/// A user logged in to an ``App``: the identity synced realms sync as. There is one `User`
/// object per user id and app, so `app.currentUser === user` after a login.
///
/// ```swift
/// let user = try await app.login(credentials: .anonymous)
/// user.errorHandler = { user, error in
///     if error.code == .invalidAccessToken { showLogin() }   // the session ended on the server
/// }
/// ```
public final class User: @unchecked Sendable {
    /// The user's id on the server (the `~` of realm paths).
    public let id: String
    /// The app the user belongs to.
    public let app: App
    /// How the user logged in: ``Provider/usernamePassword``, ``Provider/anonymous``,
    /// ``Provider/jwt``, ``Provider/userAPIKey`` or ``Provider/serverAPIKey``.
    public let provider: Provider
    let core: AuthLocked<Core>

    /// The mutable part, behind ``core``'s lock.
    struct Core {
        var state: UserState
        var accessToken: String?
        var refreshToken: String?
        var isAdmin: Bool
        var customData: [String: CustomDataValue] = [:]
        var profile = UserProfile()
        var lastActiveAt: Date
        var errorHandler: (@Sendable (User, SyncAuthError) -> Void)?
        var logoutObservers: [@Sendable () -> Void] = []
        var refreshTask: Task<String, any Error>?
    }

    init(id: String, app: App, provider: Provider) {
        self.id = id
        self.app = app
        self.provider = provider
        core = AuthLocked(Core(state: .loggedOut, isAdmin: false, lastActiveAt: Date()))
    }

    /// A user from the cache.
    init(restoring record: CachedUser, app: App) {
        id = record.id
        self.app = app
        provider = Provider(rawValue: record.provider)
        let loggedIn = record.state == .loggedIn && record.refreshToken != nil
        core = AuthLocked(Core(state: loggedIn ? .loggedIn : .loggedOut, accessToken: loggedIn ? record.accessToken : nil,
                               refreshToken: loggedIn ? record.refreshToken : nil, isAdmin: record.isAdmin,
                               customData: record.customData, profile: record.profile, lastActiveAt: record.lastActiveAt))
    }

    /// Logged in, logged out or removed.
    public var state: UserState { core.withLock { $0.state } }

    /// Whether the user is logged in (``state`` is ``UserState/loggedIn``).
    public var isLoggedIn: Bool { state == .loggedIn }

    /// The refresh token, which obtains access tokens until logout; nil when logged out.
    public var refreshToken: String? { core.withLock { $0.refreshToken } }

    /// The latest access token (a JWT the server checks on each request); it may have
    /// expired: sync refreshes it when needed. Nil when logged out.
    public var accessToken: String? { core.withLock { $0.accessToken } }

    /// Whether the server made this user an administrator.
    public var isAdmin: Bool { core.withLock { $0.isAdmin } }

    /// The user's custom data, as the server sent it with the last login or token refresh
    /// (empty when an administrator set none). Administrators set it with
    /// `PUT /users/<id>/custom-data`; permission rules see it as `$user.custom_data.<field>`.
    /// Kept in the user cache, so it is there after a restart.
    ///
    /// ```swift
    /// if case .string(let team)? = user.customData["team"] { print("on team \(team)") }
    /// ```
    public var customData: [String: CustomDataValue] { core.withLock { $0.customData } }

    /// What the identity provider said about the user at their last login: their email for a
    /// password account, the OpenID Connect claims of a JWT login (see ``UserProfile``).
    /// Kept in the user cache, so it is there after a restart.
    ///
    /// ```swift
    /// let user = try await app.login(credentials: .jwt(token: token))
    /// greet(user.profile.firstName ?? user.profile.name ?? "there")
    /// ```
    public var profile: UserProfile { core.withLock { $0.profile } }

    /// The Realm Object Server era's name of ``id``.
    public var identity: String? { id }

    /// The server the user logged in to (the app's base URL).
    public var authenticationServer: URL? { app.baseURL }

    /// Called, on ``Dispatch/DispatchQueue/fiefCallbacks``, when the user meets an error
    /// outside any call of yours. `.invalidAccessToken` means the server ended the user's
    /// session (the refresh token expired or was revoked): the user is already logged out.
    ///
    /// ```swift
    /// user.errorHandler = { user, error in
    ///     print("\(user.id): \(error)")
    /// }
    /// ```
    public var errorHandler: (@Sendable (User, SyncAuthError) -> Void)? {
        get { core.withLock { $0.errorHandler } }
        set { core.withLock { $0.errorHandler = newValue } }
    }

    /// When the user last logged in or was switched to.
    var lastActiveAt: Date { core.withLock { $0.lastActiveAt } }

    /// Makes the user the most recently active one.
    func touch() {
        core.withLock { $0.lastActiveAt = Date() }
    }

    /// The user as the cache keeps it.
    var cached: CachedUser {
        core.withLock { core in
            CachedUser(id: id, provider: provider.rawValue, refreshToken: core.refreshToken, accessToken: core.accessToken,
                       serverURL: app.baseURL.absoluteString, appId: app.appId, state: core.state, isAdmin: core.isAdmin,
                       customData: core.customData, profile: core.profile, lastActiveAt: core.lastActiveAt)
        }
    }

    /// Takes the tokens of a new login; returns the refresh token it replaces, if any.
    func didLogIn(accessToken: String, refreshToken: String, isAdmin: Bool, customData: [String: CustomDataValue], profile: UserProfile) -> String? {
        core.withLock { core in
            let replaced = core.refreshToken
            core.state = .loggedIn
            core.accessToken = accessToken
            core.refreshToken = refreshToken
            core.isAdmin = isAdmin
            core.customData = customData
            core.profile = profile
            core.lastActiveAt = Date()
            core.refreshTask = nil
            return replaced == refreshToken ? nil : replaced
        }
    }

    /// Asks to be told when the user logs out or is removed: `body` runs once, on the thread
    /// that ends the session (keep it short and non-blocking), or at once when the user is no
    /// longer logged in. For the sync sessions of the user.
    func addLogoutObserver(_ body: @escaping @Sendable () -> Void) {
        let runNow = core.withLock { core in
            guard core.state == .loggedIn else { return true }
            core.logoutObservers.append(body)
            return false
        }
        if runNow { body() }
    }

    /// Ends the session on this device: clears the tokens, sets `state`, updates the cache
    /// and tells the observers. Returns the refresh token it held (to revoke on the server).
    @discardableResult
    func endSession(_ newState: UserState) -> String? {
        let (token, observers) = core.withLock { core in
            let token = core.refreshToken
            let observers = core.logoutObservers
            core.state = newState
            core.accessToken = nil
            core.refreshToken = nil
            core.logoutObservers = []
            core.refreshTask = nil
            return (token, observers)
        }
        app.persist(self)
        if newState == .removed { app.forget(self) }
        for observer in observers { observer() }
        return token
    }

    /// Reports `error` to the ``errorHandler``, if there is one.
    func report(_ error: SyncAuthError) {
        guard let handler = errorHandler else { return }
        DispatchQueue.fiefCallbacks.async { handler(self, error) }
    }
}

extension User: Hashable {
    /// Users are equal when they are the same object (one object per user id and app).
    public static func == (lhs: User, rhs: User) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension User: CustomStringConvertible {
    public var description: String { "User(id: \(id), provider: \(provider), state: \(state), server: \(app.baseURL.absoluteString))" }
}

/// The user of the Realm Object Server era's API: the same type as ``User``.
public typealias SyncUser = User
