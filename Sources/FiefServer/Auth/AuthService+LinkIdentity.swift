import Foundation

extension AuthService {
    /// Links another identity to `caller`, who can then log in with it too (RealmSwift's
    /// `linkUser(credentials:)`):
    ///
    /// - `jwt`, `apple`, `google`: the token's subject becomes one of the caller's identities.
    /// - `password`: the account with this user name and password gives its name, password and
    ///   identities to the caller and is deleted, provided it is fresh (registered for this
    ///   purpose: no realms, grants, API keys or custom data) and the caller has no user name
    ///   yet. This is how an anonymous user keeps their data when they register.
    ///
    /// Throws ``AuthError/identityInUse(_:)`` when the identity belongs to another user who
    /// cannot be merged, ``AuthError/invalidCredentials`` for a wrong password or token.
    public func link(_ request: LoginRequest, to caller: AuthenticatedUser, address: String) async throws -> LoginResponse {
        guard let user = try await store.user(id: caller.id) else { throw AuthError.invalidAccessToken("the user \(caller.id) no longer exists") }
        switch request.provider {
        case "jwt", "apple", "google":
            let subject = try await externalIdentity(request, address: address).subject
            let owner = try await store.linkExternalIdentity(provider: request.provider, subject: subject, userId: user.id)
            guard owner == user.id else { throw AuthError.identityInUse("the \(request.provider) subject \(subject) is another user's identity") }
        case "password":
            guard let username = request.username, let password = request.password else {
                throw AuthError.invalidRequest("the password provider needs username and password")
            }
            if let limit = await limiter.attempt(username: username, address: address) { throw AuthError.rateLimited(limit) }
            let donor = try await store.user(username: username)
            guard try await hasher.verify(password, against: donor?.passwordHash), let donor else { throw AuthError.invalidCredentials }
            guard donor.id != user.id else { break }
            guard user.username == nil else { throw AuthError.identityInUse("the user \(user.id) already has the user name \(user.username ?? "")") }
            guard try await !store.isAwaitingConfirmation(userId: donor.id) else { throw AuthError.userNotConfirmed }
            guard try await isFresh(donor) else {
                throw AuthError.identityInUse("the account \(username) holds data of its own (realms, grants, API keys or custom data)")
            }
            guard try await store.movePasswordIdentity(from: donor.id, to: user.id) else {
                throw AuthError.identityInUse("the account \(username) could not be linked to user \(user.id)")
            }
        case "anonymous", "admin-token", "api-key":
            throw AuthError.invalidRequest("\(request.provider) credentials cannot be linked to a user")
        default:
            throw AuthError.unknownProvider(request.provider)
        }
        return try await issueTokens(for: try await store.user(id: user.id) ?? user)
    }

    /// Whether the account holds nothing but its name and password.
    private func isFresh(_ account: StoredUser) async throws -> Bool {
        guard !account.isAdmin, account.provider == "password" else { return false }
        let realms = try await store.realms(under: "/\(account.id)/")
        let grants = try await store.grants(userId: account.id)
        let keys = try await store.apiKeys(userId: account.id)
        let data = try await store.customData(userId: account.id)
        return realms.isEmpty && grants.isEmpty && keys.isEmpty && data == nil
    }
}
