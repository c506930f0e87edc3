import Foundation

extension App {
    /// Logs a user in and returns them; they become the ``currentUser``. Logging in a user
    /// who is already on this device returns the same ``User`` object with new tokens.
    ///
    /// ```swift
    /// do {
    ///     let user = try await app.login(credentials: .emailPassword(email: "ann", password: "s3cret!"))
    /// } catch SyncAuthError.invalidCredentials {
    ///     print("wrong user name or password")
    /// }
    /// ```
    ///
    /// Throws ``SyncAuthError``: `.invalidCredentials`, `.providerDisabled`, `.rateLimited`,
    /// `.networkFailure`, `.timedOut`, `.badResponse`...
    public func login(credentials: Credentials) async throws -> User {
        if credentials == .anonymous, let user = loggedInAnonymousUser() {
            user.touch()
            persist(user)
            return user
        }
        return try await logIn(credentials.request)
    }

    /// Logs a user in and calls `completion` with the user or a ``SyncAuthError``, on
    /// ``Dispatch/DispatchQueue/fiefCallbacks`` (Linux programs have no main queue to wait
    /// on; RealmSwift calls back on the main queue).
    ///
    /// ```swift
    /// app.login(credentials: .anonymous) { result in
    ///     switch result {
    ///     case .success(let user): print("logged in as \(user.id)")
    ///     case .failure(let error): print("login failed: \(error)")
    ///     }
    /// }
    /// ```
    public func login(credentials: Credentials, _ completion: @escaping @Sendable (Result<User, any Error>) -> Void) {
        login(credentials: credentials, callbackQueue: .fiefCallbacks, completion)
    }

    /// Logs a user in and calls `completion` with the user or a ``SyncAuthError`` on `queue`.
    ///
    /// ```swift
    /// app.login(credentials: .anonymous, callbackQueue: uiQueue) { result in
    ///     if case .success(let user) = result { show(user) }
    /// }
    /// ```
    public func login(credentials: Credentials, callbackQueue queue: DispatchQueue,
                      _ completion: @escaping @Sendable (Result<User, any Error>) -> Void) {
        CallbackDelivery.deliver(on: queue, completion) { try await self.login(credentials: credentials) }
    }

    /// Sends a login (or registration) and adopts the user it returns.
    func logIn(_ request: LoginRequest, timeout: TimeInterval? = nil) async throws(SyncAuthError) -> User {
        let reply = try await auth.logIn(request, timeout: timeout)
        return adopt(reply, provider: request.provider)
    }

    /// Registers email and password accounts: `app.emailPasswordAuth.registerUser(...)`.
    public var emailPasswordAuth: EmailPasswordAuth { EmailPasswordAuth(app: self) }
}

/// Creates password accounts on the server. Get it from ``App/emailPasswordAuth``.
///
/// ```swift
/// try await app.emailPasswordAuth.registerUser(email: "ann@example.com", password: "s3cret!")
/// let user = try await app.login(credentials: .emailPassword(email: "ann@example.com", password: "s3cret!"))
/// ```
public struct EmailPasswordAuth: Sendable {
    /// The app whose server holds the accounts.
    public let app: App

    /// Creates an account; it does not log in (call ``App/login(credentials:)`` next). On a
    /// server that requires confirmation (`fief-server --require-confirmation`), the account
    /// logs in once confirmed with ``confirmUser(_:tokenId:)``.
    ///
    /// Throws ``SyncAuthError``: `.userAlreadyExists`, `.invalidUsername` (letters, digits and
    /// `.-_@+`, at most 128), `.invalidPassword` (6 to 1024 characters), `.rateLimited`,
    /// `.networkFailure`...
    public func registerUser(email: String, password: String) async throws {
        // A server that requires confirmation answers no login (the token goes to its webhook).
        guard let reply = try await app.auth.register(username: email, password: password) else { return }
        // The server logs the new account in; registering alone must not leave a session open.
        app.revokeInBackground(reply.refreshToken)
    }

    /// Creates an account and calls `completion` with nil or the ``SyncAuthError``, on `queue`.
    ///
    /// ```swift
    /// app.emailPasswordAuth.registerUser(email: "ann", password: "s3cret!") { error in
    ///     if let error { print("cannot register: \(error)") }
    /// }
    /// ```
    public func registerUser(email: String, password: String, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                             completion: @escaping @Sendable ((any Error)?) -> Void) {
        CallbackDelivery.report(on: queue, completion) { try await self.registerUser(email: email, password: password) }
    }
}
