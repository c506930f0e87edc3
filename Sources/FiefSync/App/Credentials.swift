/// How a user proves who they are to ``App/login(credentials:)``.
///
/// ```swift
/// let user = try await app.login(credentials: .emailPassword(email: "ann@example.com", password: "s3cret!"))
/// let guest = try await app.login(credentials: .anonymous)
/// ```
public enum Credentials: Sendable, Equatable {
    /// A password account created with ``EmailPasswordAuth/registerUser(email:password:)``.
    /// The email is the account's user name (letters, digits and `.-_@+`).
    case emailPassword(email: String, password: String)
    /// A JSON Web Token the server is configured to trust.
    case jwt(token: String)
    /// A new anonymous user; while one is logged in on this app, logging in anonymously again
    /// returns that user.
    case anonymous
    /// An API key the user created with ``APIKeyAuth/createAPIKey(named:)``: logs in as that
    /// user while the key exists and is enabled.
    case userAPIKey(String)
    /// The server's administrator token (`fief-server --admin-token`): logs in as the server's
    /// administrator. fief-server has no other server-wide keys.
    case serverAPIKey(String)

    /// The login request these credentials send.
    var request: LoginRequest {
        switch self {
        case .emailPassword(let email, let password):
            LoginRequest(kind: .login(LoginBody(provider: "password", username: email, password: password)))
        case .jwt(let token):
            LoginRequest(kind: .login(LoginBody(provider: "jwt", token: token)))
        case .anonymous:
            LoginRequest(kind: .login(LoginBody(provider: "anonymous")))
        case .userAPIKey(let key):
            LoginRequest(kind: .login(LoginBody(provider: "api-key", token: key)))
        case .serverAPIKey(let key):
            LoginRequest(kind: .login(LoginBody(provider: "admin-token", token: key)))
        }
    }
}
