/// Why an authentication request failed. ``code`` is what clients match on.
public enum AuthError: Error, Equatable, CustomStringConvertible {
    /// The body is not the JSON the endpoint takes, or a field is missing.
    case invalidRequest(String)
    /// The user name is empty, too long or has characters other than letters, digits and `.-_@+`.
    case invalidUsername(String)
    /// The password is shorter than 6 or longer than 1024 characters.
    case invalidPassword(String)
    /// Another account has this user name.
    case usernameTaken(String)
    /// Wrong user name, password or admin token.
    case invalidCredentials
    /// A `jwt` login token failed a check (signature, expiry, issuer, audience...), named here.
    case rejectedToken(String)
    /// The provider is not `password`, `anonymous`, `admin-token`, `api-key` or `jwt`.
    case unknownProvider(String)
    /// The provider exists but this server does not offer it (no admin token or JWT key configured).
    case providerDisabled(String)
    /// Too many login attempts for this user name or from this address.
    case rateLimited(LoginRateLimiter.Limit)
    /// The refresh token is unknown, expired or revoked.
    case invalidRefreshToken
    /// The access token is missing, malformed, signed with another key or expired.
    case invalidAccessToken(String)
    /// The API key with this id is disabled: logins with it are refused until it is enabled.
    case apiKeyDisabled(String)
    /// The user has no API key with this id.
    case apiKeyNotFound(String)
    /// The user has an API key with this name.
    case apiKeyNameTaken(String)
    /// The password account has not been confirmed yet (``AccountFlowConfiguration``).
    case userNotConfirmed
    /// A confirmation or password-reset token is unknown, used, expired or not for this purpose.
    case invalidAccountToken(String)
    /// The account webhook did not take a token (the operator's program is down).
    case deliveryFailed(String)
    /// The webhook, as the reset password function, refused the reset; its message.
    case resetRefused(String)
    /// The identity to link belongs to another user (or the user already has one of its kind).
    case identityInUse(String)

    /// The machine-readable code, for example `invalidAccessToken`.
    public var code: String {
        switch self {
        case .invalidRequest: "invalidRequest"
        case .invalidUsername: "invalidUsername"
        case .invalidPassword: "invalidPassword"
        case .usernameTaken: "usernameTaken"
        case .invalidCredentials, .rejectedToken: "invalidCredentials"
        case .unknownProvider: "unknownProvider"
        case .providerDisabled: "providerDisabled"
        case .rateLimited: "rateLimited"
        case .invalidRefreshToken: "invalidRefreshToken"
        case .invalidAccessToken: "invalidAccessToken"
        case .apiKeyDisabled: "apiKeyDisabled"
        case .apiKeyNotFound: "apiKeyNotFound"
        case .apiKeyNameTaken: "apiKeyNameTaken"
        case .userNotConfirmed: "userNotConfirmed"
        case .invalidAccountToken: "invalidAccountToken"
        case .deliveryFailed: "deliveryFailed"
        case .resetRefused: "resetRefused"
        case .identityInUse: "identityInUse"
        }
    }

    public var description: String {
        switch self {
        case .invalidRequest(let reason): "invalid request: \(reason)"
        case .invalidUsername(let reason): "invalid user name: \(reason)"
        case .invalidPassword(let reason): "invalid password: \(reason)"
        case .usernameTaken(let name): "the user name \(name) is taken"
        case .invalidCredentials: "wrong user name, password or token"
        case .rejectedToken(let reason): "invalid credentials: \(reason)"
        case .unknownProvider(let name): "unknown provider \(name); use password, anonymous, admin-token, api-key or jwt"
        case .providerDisabled(let name): "the \(name) provider is not enabled on this server"
        case .rateLimited(.user): "too many login attempts for this user name; try again in a minute"
        case .rateLimited(.address): "too many login attempts from this address; try again in a minute"
        case .invalidRefreshToken: "the refresh token is unknown, expired or revoked"
        case .invalidAccessToken(let reason): "invalid access token: \(reason)"
        case .apiKeyDisabled(let id): "the API key \(id) is disabled; enable it to log in with it"
        case .apiKeyNotFound(let id): "the user has no API key with id \(id)"
        case .apiKeyNameTaken(let name): "the user already has an API key named \(name)"
        case .userNotConfirmed: "the account is not confirmed yet: confirm it with the token the server sent, or ask for another one"
        case .invalidAccountToken(let reason): "invalid token: \(reason)"
        case .deliveryFailed(let reason): "the token could not be delivered: \(reason)"
        case .resetRefused(let reason): "the reset password function refused: \(reason)"
        case .identityInUse(let reason): "the identity cannot be linked: \(reason)"
        }
    }
}
