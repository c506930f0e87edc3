import Foundation

extension User {
    /// The user's API keys: create keys for programs that log in as this user
    /// (``Credentials/userAPIKey(_:)``), list, disable, enable and delete them.
    public var apiKeysAuth: APIKeyAuth { APIKeyAuth(user: self) }
}

/// Manages a user's API keys on the server. Get it from ``User/apiKeysAuth``.
///
/// ```swift
/// let created = try await user.apiKeysAuth.createAPIKey(named: "nightly export")
/// // Elsewhere, on a machine with no password:
/// let exporter = try await app.login(credentials: .userAPIKey(created.key!))
/// // Later:
/// try await user.apiKeysAuth.deleteAPIKey(created.objectId)   // its sessions end too
/// ```
///
/// The server keeps only a hash of each key: the key is in the value ``createAPIKey(named:)``
/// returns and nowhere else. Disabling a key refuses logins with it and ends the sessions that
/// logged in with it (at their next token refresh, within 30 minutes); enabling it again allows
/// new logins. Deleting it does the same for good.
///
/// Every call throws ``SyncAuthError``: `.apiKeyNotFound` for an id the user has no key with,
/// `.apiKeyAlreadyExists` for a name in use, `.badRequest` for a name that is empty, longer
/// than 128 characters or has control characters, `.invalidAccessToken` when the user is
/// logged out, `.networkFailure`, `.timedOut`...
public struct APIKeyAuth: Sendable {
    /// The user whose keys these are.
    public let user: User

    /// Creates an API key named `name` and returns it with its ``UserAPIKey/key``.
    public func createAPIKey(named name: String) async throws -> UserAPIKey {
        try UserAPIKey(try await user.authorizedCall(.POST, "auth/api-keys", body: CreateAPIKeyBody(name: name), answer: APIKeyBody.self),
                       endpoint: "POST /auth/api-keys")
    }

    /// The user's API key with id `objectId` (without its key).
    public func fetchAPIKey(_ objectId: ObjectId) async throws -> UserAPIKey {
        let path = "auth/api-keys/\(objectId.stringValue)"
        return try UserAPIKey(try await user.authorizedCall(.GET, path, body: nil as CreateAPIKeyBody?, answer: APIKeyBody.self),
                              endpoint: "GET /\(path)")
    }

    /// Every API key of the user, oldest first (without their keys).
    public func fetchAPIKeys() async throws -> [UserAPIKey] {
        let list = try await user.authorizedCall(.GET, "auth/api-keys", body: nil as CreateAPIKeyBody?, answer: APIKeyListBody.self)
        return try list.apiKeys.map { body throws(SyncAuthError) in try UserAPIKey(body, endpoint: "GET /auth/api-keys") }
    }

    /// Deletes the API key with id `objectId`; the sessions that logged in with it end.
    public func deleteAPIKey(_ objectId: ObjectId) async throws {
        _ = try await user.authorizedCall(.DELETE, "auth/api-keys/\(objectId.stringValue)", body: nil as CreateAPIKeyBody?,
                                          answer: StatusBody.self)
    }

    /// Enables the API key with id `objectId`: logins with it work again.
    public func enableAPIKey(_ objectId: ObjectId) async throws {
        _ = try await user.authorizedCall(.PUT, "auth/api-keys/\(objectId.stringValue)/enable", body: nil as CreateAPIKeyBody?,
                                          answer: APIKeyBody.self)
    }

    /// Disables the API key with id `objectId`: logins with it are refused, and the sessions
    /// that logged in with it end at their next token refresh.
    public func disableAPIKey(_ objectId: ObjectId) async throws {
        _ = try await user.authorizedCall(.PUT, "auth/api-keys/\(objectId.stringValue)/disable", body: nil as CreateAPIKeyBody?,
                                          answer: APIKeyBody.self)
    }
}
