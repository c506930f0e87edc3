/// How a user proves who they are to fief-server: the provider of a login. ``User/provider``
/// says which one a user logged in with, and ``Credentials/provider`` which one credentials use.
///
/// ```swift
/// if user.provider == .anonymous { offerToRegister() }
/// ```
///
/// A provider is its server name (``rawValue``): `password`, `anonymous`, `jwt`, `api-key`,
/// `admin-token`, `apple` and `google`. Atlas's Facebook, Google server-auth-code and function
/// providers have no counterpart.
public struct Provider: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The provider's name on the server.
    public let rawValue: String

    /// The provider named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The provider named by the literal.
    public init(stringLiteral value: String) { rawValue = value }

    /// Email and password accounts (``Credentials/emailPassword(email:password:)``).
    public static let usernamePassword = Provider(rawValue: "password")
    /// Anonymous users (``Credentials/anonymous``).
    public static let anonymous = Provider(rawValue: "anonymous")
    /// JSON Web Tokens signed by a key the server trusts (``Credentials/jwt(token:)``).
    public static let jwt = Provider(rawValue: "jwt")
    /// A user's API keys (``Credentials/userAPIKey(_:)``).
    public static let userAPIKey = Provider(rawValue: "api-key")
    /// The server's administrator token (``Credentials/serverAPIKey(_:)``).
    public static let serverAPIKey = Provider(rawValue: "admin-token")
    /// Sign in with Apple (``Credentials/apple(idToken:)``).
    public static let apple = Provider(rawValue: "apple")
    /// Google ID tokens (``Credentials/googleId(token:)``).
    public static let google = Provider(rawValue: "google")

    /// The server name.
    public var description: String { rawValue }
}
