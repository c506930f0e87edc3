import Foundation

/// What ``User/logIn(with:server:timeout:callbackQueue:onCompletion:)`` calls back with:
/// the user, or the error (a ``SyncAuthError``).
public typealias UserCompletionBlock = @Sendable (SyncUser?, (any Error)?) -> Void

extension User {
    /// Logs a user in to the `fief-server` at `authServerURL` and calls `completion` with the
    /// user or a ``SyncAuthError``, on `queue`.
    ///
    /// ```swift
    /// let credentials = SyncCredentials.usernamePassword(username: "ann", password: "s3cret!")
    /// SyncUser.logIn(with: credentials, server: URL(string: "http://127.0.0.1:9080")!) { user, error in
    ///     if let user {
    ///         Realm.Configuration.defaultConfiguration = user.configuration()
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - credentials: who the user is.
    ///   - authServerURL: the server's HTTP address, for example `http://sync.example.com:9080`
    ///     (not the `realm://` address of a realm).
    ///   - timeout: how long the request may take, in seconds.
    ///   - queue: where `completion` runs: ``Dispatch/DispatchQueue/fiefCallbacks`` by default,
    ///     which is the main queue on Apple platforms and a serial queue of FiefSync's on Linux
    ///     (where nothing may run the main queue). Safe to call from any thread.
    ///   - completion: called once with the user or the error.
    public static func logIn(with credentials: SyncCredentials, server authServerURL: URL, timeout: TimeInterval = 30,
                             callbackQueue queue: DispatchQueue = .fiefCallbacks,
                             onCompletion completion: @escaping UserCompletionBlock) {
        Task {
            do {
                let user = try await logIn(with: credentials, server: authServerURL, timeout: timeout)
                queue.async { completion(user, nil) }
            } catch {
                queue.async { completion(nil, error) }
            }
        }
    }

    /// Logs a user in to the `fief-server` at `authServerURL` and returns them.
    ///
    /// ```swift
    /// let user = try await SyncUser.logIn(with: .anonymous(), server: URL(string: "http://127.0.0.1:9080")!)
    /// ```
    ///
    /// Throws ``SyncAuthError`` (`.invalidCredentials`, `.userAlreadyExists` when registering
    /// a taken name, `.networkFailure`, `.timedOut`, `.badResponse`, `.invalidURL`...).
    public static func logIn(with credentials: SyncCredentials, server authServerURL: URL,
                             timeout: TimeInterval = 30) async throws -> SyncUser {
        let app = try ServerApps.shared.app(for: authServerURL)
        return try await app.logIn(credentials.request, timeout: timeout)
    }

    /// The logged-in user of the Realm Object Server era's API (users of
    /// ``logIn(with:server:timeout:callbackQueue:onCompletion:)``), nil when none is logged in.
    /// When several are logged in, it is the one who logged in most recently (it never
    /// fails); use ``all`` to choose among them.
    ///
    /// ```swift
    /// if let user = SyncUser.current { open(user) } else { showLogin() }
    /// ```
    public static var current: SyncUser? {
        ServerApps.shared.allApps().compactMap(\.currentUser).max { $0.lastActiveAt < $1.lastActiveAt }
    }

    /// Every logged-in user of the Realm Object Server era's API, by id.
    ///
    /// ```swift
    /// for (id, user) in SyncUser.all { print(id, user.authenticationServer!) }
    /// ```
    public static var all: [String: SyncUser] {
        var users: [String: SyncUser] = [:]
        for app in ServerApps.shared.allApps() {
            for (id, user) in app.allUsers where user.state == .loggedIn { users[id] = user }
        }
        return users
    }
}
