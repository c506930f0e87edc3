import FiefSyncProtocol

/// `POST /auth/register` body.
public struct RegisterRequest: Codable, Sendable {
    /// The new user name.
    public var username: String
    /// The new password.
    public var password: String
}

/// `POST /auth/login` body.
public struct LoginRequest: Codable, Sendable {
    /// `password`, `anonymous`, `admin-token`, `api-key` or `jwt`.
    public var provider: String
    /// For `password`.
    public var username: String?
    /// For `password`.
    public var password: String?
    /// For `admin-token` (the token), `api-key` (the user's API key) and `jwt` (the identity
    /// provider's JWT).
    public var token: String?
}

/// `POST /auth/refresh` and `POST /auth/logout` body.
public struct RefreshRequest: Codable, Sendable {
    /// The refresh token from login.
    public var refreshToken: String
}

/// The answer to a login (and to a register, which logs in).
public struct LoginResponse: Codable, Sendable, Equatable {
    /// The user's id.
    public var userId: String
    /// A short-lived access token (a JWT) for HTTP and sync.
    public var accessToken: String
    /// A long-lived token that obtains new access tokens until logout.
    public var refreshToken: String
    /// Whether the user is an administrator.
    public var isAdmin: Bool
    /// The user's custom data (``CustomDataValue``); absent when none was set.
    public var customData: [String: CustomDataValue]?
    /// What the identity provider says about the user (``UserProfile``).
    public var profile: UserProfile?
}

/// The answer to `POST /auth/refresh`.
public struct RefreshResponse: Codable, Sendable, Equatable {
    /// The user's id.
    public var userId: String
    /// A new access token.
    public var accessToken: String
    /// Whether the user is an administrator.
    public var isAdmin: Bool
    /// The user's custom data as it is now; absent when none was set.
    public var customData: [String: CustomDataValue]?
}

/// The user an access token identifies.
public struct AuthenticatedUser: Sendable, Equatable {
    /// The user's id.
    public var id: String
    /// Whether the user is an administrator.
    public var isAdmin: Bool
}

/// What `POST /auth/register` did.
public enum RegisterResult: Sendable, Equatable {
    /// The account was created and logged in (accounts need no confirmation).
    case loggedIn(LoginResponse)
    /// The account was created and its confirmation token sent to the account webhook: it
    /// logs in once confirmed.
    case awaitingConfirmation(userId: String)
}

/// The answer to `POST /auth/register` when the account must be confirmed first.
public struct AwaitingConfirmationResponse: Codable, Sendable, Equatable {
    /// The new account's id.
    public var userId: String
    /// Always `awaitingConfirmation`.
    public var status: String
}

/// `POST /auth/confirm` body, and the token part of `POST /auth/password/reset`.
public struct AccountTokenRequest: Codable, Sendable {
    /// The secret token the webhook received.
    public var token: String
    /// The token's id.
    public var tokenId: String
}

/// `POST /auth/confirm/resend` and `POST /auth/password/reset/send` body.
public struct AccountNameRequest: Codable, Sendable {
    /// The account's user name.
    public var username: String
}

/// `POST /auth/password/reset` body.
public struct ResetPasswordRequest: Codable, Sendable {
    /// The secret token the webhook received.
    public var token: String
    /// The token's id.
    public var tokenId: String
    /// The new password.
    public var password: String
}

/// `POST /auth/password/reset/call` body: RealmSwift's `callResetPasswordFunction`.
public struct ResetFunctionRequest: Codable, Sendable {
    /// The account's user name.
    public var username: String
    /// The new password.
    public var password: String
    /// Arguments for the webhook, as JSON values.
    public var args: [CustomDataValue]?
}

/// The answer to `POST /auth/password/reset/call`.
public struct ResetFunctionResponse: Codable, Sendable, Equatable {
    /// `success` (the password is set) or `pending` (it will be set with the token).
    public var status: String
}
