import Foundation
import Logging

/// A client of one `fief-server`: it logs users in and keeps them, and it is where synced
/// realms of those users live on this device.
///
/// ```swift
/// let app = App(id: "tasks")                    // http://localhost:9080, or $FIEF_BASE_URL
/// let user = try await app.login(credentials: .anonymous)
/// ```
///
/// Logged-in users are kept on the device (in `metadata.fief` under the app's folder): an
/// app created later with the same id and root directory, after a restart for example, finds
/// them again in ``currentUser`` and ``allUsers`` without the network. Create one `App` per
/// id and keep it; each `App` object reads the cache once, when it is created.
public final class App: @unchecked Sendable {
    /// The app's name: it separates the users and files of several apps on one device.
    public let appId: String
    /// How the app reaches its server and where it keeps files.
    public let configuration: AppConfiguration
    /// The server's HTTP address, for example `http://localhost:9080`.
    public let baseURL: URL
    /// Why the user cache on disk cannot be used (a wrong or missing metadata encryption key,
    /// a folder that cannot be written...), or nil when it works. While it is set, users
    /// live only in memory and must log in again after a restart.
    public var userCacheError: (any Error)? { cacheState.withLock { $0.error } }

    let userCache: UserCache
    let auth: AuthClient
    let exchange: ServerExchange
    private let users = AuthLocked<[String: User]>([:])
    private let cacheState = AuthLocked<CacheState>(CacheState())
    private static let logger = Logging.Logger(label: "fief-sync.app")

    private struct CacheState {
        var error: (any Error)?
    }

    /// An app of `fief-server` at `configuration.baseURL`, or at `$FIEF_BASE_URL`, or at
    /// `http://localhost:9080`.
    public init(id: String, configuration: AppConfiguration? = nil) {
        appId = id
        self.configuration = configuration ?? AppConfiguration()
        let text = self.configuration.baseURL ?? ProcessInfo.processInfo.environment["FIEF_BASE_URL"] ?? "http://localhost:9080"
        baseURL = URL(string: text) ?? URL(string: "http://localhost:9080")!
        exchange = ServerExchange(baseURL: baseURL, timeout: TimeInterval(self.configuration.defaultRequestTimeoutMS) / 1000,
                                  trustedRootCertificates: self.configuration.trustedRootCertificates)
        auth = AuthClient(exchange: exchange)
        let root = (self.configuration.rootDirectory ?? AppConfiguration.defaultRootDirectory)
            .appendingPathComponent("fief-sync").appendingPathComponent(id)
        userCache = UserCache(directory: root, encryptionKey: self.configuration.metadataEncryptionKey)
        restoreUsers()
    }

    /// The folder that holds this app's files: synced realms under `<user id>/` and the user
    /// cache `metadata.fief`.
    var rootDirectory: URL { userCache.fileURL.deletingLastPathComponent() }

    /// The logged-in user who logged in (or was switched to) most recently; nil when no user
    /// is logged in.
    ///
    /// ```swift
    /// let user = if let user = app.currentUser { user } else { try await app.login(credentials: .anonymous) }
    /// ```
    public var currentUser: User? {
        users.withLock { Array($0.values) }
            .filter { $0.state == .loggedIn }
            .max { $0.lastActiveAt < $1.lastActiveAt }
    }

    /// Every user of this app on this device, logged in or logged out (removed users are
    /// gone), by id.
    public var allUsers: [String: User] { users.withLock { $0 } }

    /// Makes `user`, who must be logged in to this app, the ``currentUser``.
    public func `switch`(to user: User) {
        precondition(user.app === self, "switch(to:) needs a user of this app; \(user.id) belongs to \(user.app.appId)")
        user.touch()
        persist(user)
    }

    // MARK: Users and the cache

    /// Loads the cache and creates the users it holds.
    private func restoreUsers() {
        let records: [CachedUser]
        do {
            records = try userCache.load()
        } catch {
            noteCacheFailure(error)
            return
        }
        users.withLock { users in
            for record in records where record.appId == appId && record.state != .removed {
                users[record.id] = User(restoring: record, app: self)
            }
        }
    }

    /// The user for a successful login: the existing object for that id (identity-mapped), or a new one.
    func adopt(_ reply: LoginReply, provider: Provider) -> User {
        let user = users.withLock { users in
            if let existing = users[reply.userId] { return existing }
            let user = User(id: reply.userId, app: self, provider: provider)
            users[reply.userId] = user
            return user
        }
        if let replaced = user.didLogIn(accessToken: reply.accessToken, refreshToken: reply.refreshToken, isAdmin: reply.isAdmin,
                                        customData: reply.customData ?? [:], profile: reply.profile ?? UserProfile()) {
            revokeInBackground(replaced)
        }
        persist(user)
        return user
    }

    /// The logged-in anonymous user, if any.
    func loggedInAnonymousUser() -> User? {
        users.withLock { Array($0.values) }.first { $0.provider == .anonymous && $0.state == .loggedIn }
    }

    /// Forgets a removed user.
    func forget(_ user: User) {
        users.withLock { users in
            if users[user.id] === user { users[user.id] = nil }
        }
    }

    /// Writes `user` to the cache; a failure is logged and kept in ``userCacheError``.
    func persist(_ user: User) {
        guard cacheState.withLock({ $0.error == nil }) else { return }
        do {
            try userCache.save(user.cached)
        } catch {
            noteCacheFailure(error)
        }
    }

    private func noteCacheFailure(_ error: any Error) {
        cacheState.withLock { $0.error = error }
        Self.logger.error("the user cache cannot be used; users stay in memory only",
                          metadata: ["app": "\(appId)", "file": "\(userCache.fileURL.path)", "error": "\(error)"])
    }

    /// Revokes a refresh token no one uses any more, without waiting.
    func revokeInBackground(_ refreshToken: String) {
        let auth = auth
        Task.detached { try? await auth.logOut(refreshToken) }
    }
}
