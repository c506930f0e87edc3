import FiefSyncProtocol
import Foundation

// The JSON bodies of fief-server's `/auth` endpoints (see FiefServer's AuthModels.swift).

/// `POST /auth/login`: a provider and its fields.
struct LoginBody: Codable, Sendable, Equatable {
    /// `password`, `anonymous`, `admin-token`, `api-key` or `jwt`.
    var provider: String
    var username: String?
    var password: String?
    var token: String?
}

/// `POST /auth/register`.
struct RegisterBody: Codable, Sendable {
    var username: String
    var password: String
}

/// `POST /auth/refresh` and `POST /auth/logout`.
struct RefreshBody: Codable, Sendable {
    var refreshToken: String
}

/// The answer to a login or a registration.
struct LoginReply: Decodable, Sendable {
    var userId: String
    var accessToken: String
    var refreshToken: String
    var isAdmin: Bool
    /// Absent when the user has none (and from servers older than custom data).
    var customData: [String: CustomDataValue]?
    /// Absent from servers older than profiles.
    var profile: UserProfile?
}

/// The answer to `POST /auth/register`: a login, or `status` `awaitingConfirmation`.
struct RegisterReply: Decodable, Sendable {
    var userId: String
    var status: String?
    var accessToken: String?
    var refreshToken: String?
    var isAdmin: Bool?
    var customData: [String: CustomDataValue]?
    var profile: UserProfile?
}

/// `POST /auth/confirm`.
struct AccountTokenBody: Encodable, Sendable {
    var token: String
    var tokenId: String
}

/// `POST /auth/confirm/resend` and `POST /auth/password/reset/send`.
struct AccountNameBody: Encodable, Sendable {
    var username: String
}

/// `POST /auth/password/reset`.
struct ResetPasswordBody: Encodable, Sendable {
    var token: String
    var tokenId: String
    var password: String
}

/// `POST /auth/password/reset/call`.
struct ResetFunctionBody: Encodable, Sendable {
    var username: String
    var password: String
    var args: [CustomDataValue]
}

/// The answer to `POST /auth/refresh`.
struct RefreshReply: Decodable, Sendable {
    var userId: String
    var accessToken: String
    var isAdmin: Bool
    var customData: [String: CustomDataValue]?
}

/// The body of every error answer: `{"code": "...", "message": "..."}`.
struct ServerErrorBody: Decodable, Sendable {
    var code: String
    var message: String?
}

/// A login request before it is sent: the body and the provider recorded with the user.
struct LoginRequest: Sendable, Equatable {
    /// How to log in.
    enum Kind: Sendable, Equatable {
        /// `POST /auth/login` with this body.
        case login(LoginBody)
        /// `POST /auth/register`, which creates the account and logs it in.
        case register(username: String, password: String)
    }

    var kind: Kind

    /// The provider the cache records for the user.
    var provider: Provider {
        switch kind {
        case .login(let body): Provider(rawValue: body.provider)
        case .register: .usernamePassword
        }
    }
}

/// `POST /auth/api-keys`.
struct CreateAPIKeyBody: Encodable, Sendable {
    var name: String
}

/// An API key as `/auth/api-keys` answers it; `key` only in the answer to its creation.
struct APIKeyBody: Decodable, Sendable {
    var id: String
    var name: String
    var key: String?
    var disabled: Bool
}

/// The answer to `GET /auth/api-keys`.
struct APIKeyListBody: Decodable, Sendable {
    var apiKeys: [APIKeyBody]
}
