import Foundation

extension User {
    /// Links another identity to this user, who can then log in with it too, and returns the
    /// user (with new tokens).
    ///
    /// - `.jwt(token:)`: the token's subject becomes one of the user's identities.
    /// - `.emailPassword(email:password:)`: an account just registered with
    ///   ``EmailPasswordAuth/registerUser(email:password:)`` gives this user its name and
    ///   password and is deleted, so that an anonymous user keeps their data:
    ///
    /// ```swift
    /// let guest = try await app.login(credentials: .anonymous)
    /// // ... later, the guest signs up:
    /// try await app.emailPasswordAuth.registerUser(email: "ann@example.com", password: "s3cret!")
    /// try await guest.linkUser(credentials: .emailPassword(email: "ann@example.com", password: "s3cret!"))
    /// ```
    ///
    /// Throws ``SyncAuthError``: `.userAlreadyExists` when the identity is another user's (an
    /// account with realms, grants, keys or custom data of its own, or this user already has a
    /// user name), `.invalidCredentials`, `.userNotConfirmed`, `.badRequest` for credentials
    /// that cannot be linked (anonymous, API keys), `.invalidAccessToken` when logged out...
    @discardableResult
    public func linkUser(credentials: Credentials) async throws -> User {
        guard case .login(let body) = credentials.request.kind else {
            throw SyncAuthError(.badRequest, "these credentials cannot be linked to a user")
        }
        let reply = try await authorizedCall(.POST, "auth/link", body: body, answer: LoginReply.self)
        guard reply.userId == id else {
            throw SyncAuthError(.badResponse, "POST /auth/link answered a login of user \(reply.userId), not \(id)")
        }
        let replaced = refreshToken
        let user = app.adopt(reply, provider: provider)
        // The link answered a new session: the one it replaces ends.
        if let replaced, replaced != reply.refreshToken { app.revokeInBackground(replaced) }
        return user
    }

    /// Links `credentials` (see ``linkUser(credentials:)``) and calls `completion` with the user
    /// or the error, on `queue`.
    public func linkUser(credentials: Credentials, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                         _ completion: @escaping @Sendable (Result<User, any Error>) -> Void) {
        CallbackDelivery.deliver(on: queue, completion) { try await self.linkUser(credentials: credentials) }
    }
}
