import FiefSyncProtocol
import Foundation

/// Users and tokens: registration, the login providers, refresh, logout and access-token checks.
public struct AuthService: Sendable {
    /// How long an access token lasts (30 minutes).
    public static let accessTokenLifetime: Int64 = 30 * 60
    /// How long a refresh token lasts (60 days).
    public static let refreshTokenLifetime: TimeInterval = 60 * 24 * 3600

    let store: any ServerStore
    let hasher: PasswordHasher
    let signer: AccessTokenSigner
    let limiter: LoginRateLimiter
    let adminToken: String?
    let jwt: JWTLoginVerifier?
    /// The ID-token providers (`apple`, `google`) by name.
    let identityProviders: [String: IdentityProviderVerifier]
    /// How accounts are confirmed and passwords reset.
    let accounts: AccountFlowConfiguration
    let webhook: AccountWebhook?

    /// A service over `store`, signing with `signingKey`; `adminToken`, when set, lets
    /// `admin-token` logins in as the administrator; `jwt`, when set, enables `jwt` logins
    /// and `identityProviders` the `apple` and `google` ones (``JWTConfigurationError`` when
    /// their keys are unusable); `accounts` says how password accounts are confirmed and reset
    /// (``AccountFlowConfigurationError`` when it cannot work).
    public init(store: any ServerStore, signingKey: [UInt8], adminToken: String?, rateLimits: LoginRateLimits,
                jwt: JWTLoginConfiguration? = nil, identityProviders: [IdentityProviderConfiguration] = [],
                accounts: AccountFlowConfiguration = AccountFlowConfiguration(), hasher: PasswordHasher = PasswordHasher()) throws {
        try accounts.validate()
        self.accounts = accounts
        webhook = accounts.webhook.map(AccountWebhook.init)
        self.jwt = try jwt.map(JWTLoginVerifier.init)
        var verifiers: [String: IdentityProviderVerifier] = [:]
        for provider in identityProviders { verifiers[provider.name] = try IdentityProviderVerifier(provider) }
        self.identityProviders = verifiers
        self.store = store
        self.hasher = hasher
        signer = AccessTokenSigner(key: signingKey)
        limiter = LoginRateLimiter(limits: rateLimits)
        self.adminToken = adminToken.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Creates a password account and logs it in or, when accounts must be confirmed, sends
    /// the confirmation token to the account webhook.
    public func register(_ request: RegisterRequest, address: String) async throws -> RegisterResult {
        try Self.checkUsername(request.username)
        try Self.checkPassword(request.password)
        if let limit = await limiter.attempt(username: nil, address: address) { throw AuthError.rateLimited(limit) }
        let hash = try await hasher.hash(request.password)
        let user = StoredUser(id: try Self.newUserId(), username: request.username, passwordHash: hash, provider: "password",
                              isAdmin: false, createdAt: Date())
        // Marked before it exists: a crash between the two never leaves it able to log in unconfirmed.
        if accounts.confirmationRequired { try await store.setAwaitingConfirmation(true, userId: user.id) }
        do { try await store.createUser(user) } catch ServerStoreError.usernameTaken(let name) {
            if accounts.confirmationRequired { try await store.setAwaitingConfirmation(false, userId: user.id) }
            throw AuthError.usernameTaken(name)
        }
        guard accounts.confirmationRequired else { return .loggedIn(try await issueTokens(for: user)) }
        try await sendToken(.confirmation, to: user)
        return .awaitingConfirmation(userId: user.id)
    }

    /// Logs in with one of the providers.
    public func login(_ request: LoginRequest, address: String) async throws -> LoginResponse {
        switch request.provider {
        case "password":
            guard let username = request.username, let password = request.password else {
                throw AuthError.invalidRequest("the password provider needs username and password")
            }
            if let limit = await limiter.attempt(username: username, address: address) { throw AuthError.rateLimited(limit) }
            let user = try await store.user(username: username)
            guard try await hasher.verify(password, against: user?.passwordHash), let user else { throw AuthError.invalidCredentials }
            guard try await !store.isAwaitingConfirmation(userId: user.id) else { throw AuthError.userNotConfirmed }
            return try await issueTokens(for: user)
        case "anonymous":
            if let limit = await limiter.attempt(username: nil, address: address) { throw AuthError.rateLimited(limit) }
            let user = StoredUser(id: try Self.newUserId(), username: nil, passwordHash: nil, provider: "anonymous", isAdmin: false, createdAt: Date())
            try await store.createUser(user)
            return try await issueTokens(for: user)
        case "admin-token":
            guard let adminToken else { throw AuthError.providerDisabled("admin-token") }
            guard let token = request.token else { throw AuthError.invalidRequest("the admin-token provider needs token") }
            if let limit = await limiter.attempt(username: "admin-token", address: address) { throw AuthError.rateLimited(limit) }
            let expected = try Crypto.sha256(Array(adminToken.utf8))
            guard Crypto.constantTimeEqual(try Crypto.sha256(Array(token.utf8)), expected) else { throw AuthError.invalidCredentials }
            let id = String(ByteEncodings.hex(try Crypto.sha256(Array("fief-server admin-token user".utf8))).prefix(32))
            if let existing = try await store.user(id: id) { return try await issueTokens(for: existing) }
            let admin = StoredUser(id: id, username: nil, passwordHash: nil, provider: "admin-token", isAdmin: true, createdAt: Date())
            try await store.createUser(admin)
            return try await issueTokens(for: admin)
        case "api-key":
            guard let token = request.token, !token.isEmpty else { throw AuthError.invalidRequest("the api-key provider needs token") }
            if let limit = await limiter.attempt(username: nil, address: address) { throw AuthError.rateLimited(limit) }
            guard let key = try await store.apiKey(hash: try Self.hash(token)), let user = try await store.user(id: key.userId) else {
                throw AuthError.invalidCredentials
            }
            guard !key.disabled else { throw AuthError.apiKeyDisabled(key.id) }
            return try await issueTokens(for: user, apiKeyId: key.id)
        case "jwt", "apple", "google":
            return try await logInExternal(provider: request.provider, try await externalIdentity(request, address: address))
        default:
            throw AuthError.unknownProvider(request.provider)
        }
    }

    /// The subject and profile of a `jwt`, `apple` or `google` login token, once its provider
    /// checked it: ``AuthError/providerDisabled(_:)`` when the provider is not configured,
    /// rate-limited per address like the other providers.
    func externalIdentity(_ request: LoginRequest, address: String) async throws -> (subject: String, profile: UserProfile) {
        let name = request.provider
        guard name == "jwt" ? jwt != nil : identityProviders[name] != nil else { throw AuthError.providerDisabled(name) }
        guard let token = request.token, !token.isEmpty else { throw AuthError.invalidRequest("the \(name) provider needs token") }
        if let limit = await limiter.attempt(username: nil, address: address) { throw AuthError.rateLimited(limit) }
        if let jwt, name == "jwt" { return try await jwt.identity(of: token) }
        return try identityProviders[name]!.identity(of: token)
    }

    /// Logs in the user of an outside identity (`jwt`, `apple`, `google`) checked by its
    /// provider, making the user at their first login.
    private func logInExternal(provider: String, _ identity: (subject: String, profile: UserProfile)) async throws -> LoginResponse {
        if let existing = try await store.user(provider: provider, subject: identity.subject) {
            return try await issueTokens(for: existing, profile: identity.profile)
        }
        let user = StoredUser(id: try Self.newUserId(), username: nil, passwordHash: nil, provider: provider, isAdmin: false, createdAt: Date())
        return try await issueTokens(for: try await store.createExternalUser(user, subject: identity.subject), profile: identity.profile)
    }

    /// Throws ``JWTConfigurationError`` when an ID-token provider cannot read its key set or
    /// has no client id.
    public static func checkIdentityProviders(_ providers: [IdentityProviderConfiguration]) throws {
        for provider in providers { _ = try IdentityProviderVerifier(provider) }
    }

    /// Throws ``JWTConfigurationError`` when the `jwt` provider cannot use `configuration`'s keys.
    public static func checkJWT(_ configuration: JWTLoginConfiguration) throws {
        _ = try JWTLoginVerifier(configuration)
    }

    /// A new access token for a valid refresh token.
    public func refresh(_ request: RefreshRequest) async throws -> RefreshResponse {
        let stored = try await store.refreshToken(hash: try Self.hash(request.refreshToken))
        guard let stored, !stored.revoked, stored.expiresAt > Date(), let user = try await store.user(id: stored.userId) else {
            throw AuthError.invalidRefreshToken
        }
        // A session of an API key lasts while the key does and is enabled.
        if let keyId = stored.apiKeyId {
            guard let key = try await store.apiKey(id: keyId), !key.disabled else { throw AuthError.invalidRefreshToken }
        }
        return RefreshResponse(userId: user.id, accessToken: try accessToken(for: user), isAdmin: user.isAdmin,
                               customData: try await store.customData(userId: user.id))
    }

    /// Revokes a refresh token.
    public func logout(_ request: RefreshRequest) async throws {
        guard try await store.revokeRefreshToken(hash: try Self.hash(request.refreshToken)) else { throw AuthError.invalidRefreshToken }
    }

    /// The user `token` identifies; ``AuthError/invalidAccessToken(_:)`` otherwise.
    public func authenticate(accessToken token: String) throws(AuthError) -> AuthenticatedUser {
        do {
            let claims = try signer.verify(token, now: Int64(Date().timeIntervalSince1970))
            return AuthenticatedUser(id: claims.sub, isAdmin: claims.adm)
        } catch let error as AccessTokenError {
            throw .invalidAccessToken(error.description)
        } catch {
            throw .invalidAccessToken("\(error)")
        }
    }

    /// Logs `user` in: a new refresh token (tied to `apiKeyId` for an API-key login), an access
    /// token, the custom data and `profile` (by default what the account itself says).
    func issueTokens(for user: StoredUser, apiKeyId: String? = nil, profile: UserProfile? = nil) async throws -> LoginResponse {
        let refresh = ByteEncodings.base64URL(try Crypto.randomBytes(32))
        try await store.saveRefreshToken(StoredRefreshToken(tokenHash: try Self.hash(refresh), userId: user.id,
                                                            expiresAt: Date().addingTimeInterval(Self.refreshTokenLifetime), revoked: false,
                                                            apiKeyId: apiKeyId))
        return LoginResponse(userId: user.id, accessToken: try accessToken(for: user), refreshToken: refresh, isAdmin: user.isAdmin,
                             customData: try await store.customData(userId: user.id), profile: profile ?? UserProfile(account: user))
    }

    private func accessToken(for user: StoredUser) throws -> String {
        let now = Int64(Date().timeIntervalSince1970)
        return try signer.sign(AccessTokenClaims(sub: user.id, iat: now, exp: now + Self.accessTokenLifetime, adm: user.isAdmin))
    }

    /// The SHA-256 of a refresh token or API key, in hexadecimal: what the store keeps.
    static func hash(_ secret: String) throws -> String {
        ByteEncodings.hex(try Crypto.sha256(Array(secret.utf8)))
    }

    static func checkPassword(_ password: String) throws {
        guard (6...1024).contains(password.count) else { throw AuthError.invalidPassword("a password has 6 to 1024 characters") }
    }

    static func newUserId() throws -> String {
        ByteEncodings.hex(try Crypto.randomBytes(16))
    }

    static func checkUsername(_ name: String) throws {
        guard (1...128).contains(name.count) else { throw AuthError.invalidUsername("a user name has 1 to 128 characters") }
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-_@+".unicodeScalars.contains($0)) }
        guard allowed else { throw AuthError.invalidUsername("use letters, digits and . - _ @ +") }
    }
}
