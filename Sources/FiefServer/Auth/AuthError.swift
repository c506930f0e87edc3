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
    /// The provider is not `password`, `anonymous`, `admin-token` or `jwt`.
    case unknownProvider(String)
    /// The provider exists but this server does not offer it (no admin token or JWT key configured).
    case providerDisabled(String)
    /// Too many login attempts for this user name or from this address.
    case rateLimited(LoginRateLimiter.Limit)
    /// The refresh token is unknown, expired or revoked.
    case invalidRefreshToken
    /// The access token is missing, malformed, signed with another key or expired.
    case invalidAccessToken(String)

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
        case .unknownProvider(let name): "unknown provider \(name); use password, anonymous, admin-token or jwt"
        case .providerDisabled(let name): "the \(name) provider is not enabled on this server"
        case .rateLimited(.user): "too many login attempts for this user name; try again in a minute"
        case .rateLimited(.address): "too many login attempts from this address; try again in a minute"
        case .invalidRefreshToken: "the refresh token is unknown, expired or revoked"
        case .invalidAccessToken(let reason): "invalid access token: \(reason)"
        }
    }
}
