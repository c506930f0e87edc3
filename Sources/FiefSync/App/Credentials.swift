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
    /// The identity token of Sign in with Apple (`ASAuthorizationAppleIDCredential.identityToken`
    /// as a string). The server checks it against Apple's keys and its `--apple-client-id`s.
    case apple(idToken: String)
    /// A Google ID token (Google Sign-In's `idToken`). The server checks it against Google's
    /// keys and its `--google-client-id`s.
    case googleId(token: String)

    /// The provider these credentials log in with.
    public var provider: Provider {
        switch self {
        case .emailPassword: .usernamePassword
        case .jwt: .jwt
        case .anonymous: .anonymous
        case .userAPIKey: .userAPIKey
        case .serverAPIKey: .serverAPIKey
        case .apple: .apple
        case .googleId: .google
        }
    }

    /// The login request these credentials send.
    var request: LoginRequest {
        let name = provider.rawValue
        return switch self {
        case .emailPassword(let email, let password): LoginRequest(kind: .login(LoginBody(provider: name, username: email, password: password)))
        case .jwt(let token), .userAPIKey(let token), .serverAPIKey(let token), .apple(let token), .googleId(let token):
            LoginRequest(kind: .login(LoginBody(provider: name, token: token)))
        case .anonymous: LoginRequest(kind: .login(LoginBody(provider: name)))
        }
    }
}
