import Fief
import Foundation

/// An API key as the `/auth/api-keys` routes answer: the key itself only when it is created.
public struct APIKeyResponse: Codable, Sendable, Equatable {
    /// The key's id (24 hexadecimal digits).
    public var id: String
    /// Its name.
    public var name: String
    /// The key, in the answer to its creation only: the server keeps only its hash.
    public var key: String?
    /// Whether logins with it are refused.
    public var disabled: Bool
}

/// The answer to `GET /auth/api-keys`.
public struct APIKeyListResponse: Codable, Sendable, Equatable {
    /// The caller's keys, oldest first, without their keys.
    public var apiKeys: [APIKeyResponse]
}

/// The body of `POST /auth/api-keys`.
public struct CreateAPIKeyRequest: Codable, Sendable {
    /// The new key's name: 1 to 128 characters, none of them a control character.
    public var name: String
}

// Users' API keys: a user creates keys that log in as them (provider `api-key`), lists,
// disables, enables and deletes them. Keys are stored hashed, like refresh tokens.
extension AuthService {
    /// The most API keys one user may have.
    public static let maximumAPIKeysPerUser = 100

    /// Creates an API key named `name` for `user` and returns it with its key, shown only now.
    public func createAPIKey(named name: String, for user: AuthenticatedUser) async throws -> APIKeyResponse {
        guard (1...128).contains(name.count) else { throw AuthError.invalidRequest("name: an API key's name has 1 to 128 characters") }
        guard !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            throw AuthError.invalidRequest("name: an API key's name has no control characters")
        }
        guard try await store.apiKeys(userId: user.id).count < Self.maximumAPIKeysPerUser else {
            throw AuthError.invalidRequest("the user has \(Self.maximumAPIKeysPerUser) API keys, the most one user may have; delete one first")
        }
        let key = ByteEncodings.base64URL(try Crypto.randomBytes(32))
        let stored = StoredAPIKey(id: ObjectId.generate().stringValue, userId: user.id, name: name, keyHash: try Self.hash(key),
                                  disabled: false, createdAt: Date())
        do { try await store.createAPIKey(stored) } catch ServerStoreError.apiKeyNameTaken(let name) { throw AuthError.apiKeyNameTaken(name) }
        return APIKeyResponse(id: stored.id, name: name, key: key, disabled: false)
    }

    /// The API keys of `user`, oldest first.
    public func apiKeys(of user: AuthenticatedUser) async throws -> [APIKeyResponse] {
        try await store.apiKeys(userId: user.id).map { APIKeyResponse(id: $0.id, name: $0.name, key: nil, disabled: $0.disabled) }
    }

    /// The API key of `user` with id `id`; ``AuthError/apiKeyNotFound(_:)`` when they have none.
    public func apiKey(id: String, of user: AuthenticatedUser) async throws -> APIKeyResponse {
        let key = try await ownedKey(id, of: user)
        return APIKeyResponse(id: key.id, name: key.name, key: nil, disabled: key.disabled)
    }

    /// Disables (or enables) the API key `id` of `user`. Disabling refuses new logins with it
    /// and ends the sessions that logged in with it at their next token refresh.
    public func setAPIKey(id: String, of user: AuthenticatedUser, disabled: Bool) async throws {
        _ = try await ownedKey(id, of: user)
        guard try await store.setAPIKeyDisabled(disabled, id: id) else { throw AuthError.apiKeyNotFound(id) }
    }

    /// Deletes the API key `id` of `user` and revokes the refresh tokens of its sessions.
    public func deleteAPIKey(id: String, of user: AuthenticatedUser) async throws {
        _ = try await ownedKey(id, of: user)
        guard try await store.deleteAPIKey(id: id) else { throw AuthError.apiKeyNotFound(id) }
    }

    private func ownedKey(_ id: String, of user: AuthenticatedUser) async throws -> StoredAPIKey {
        guard (try? ObjectId(string: id)) != nil else {
            throw AuthError.invalidRequest("\"\(id.prefix(64))\" is not an API key id (24 hexadecimal digits)")
        }
        guard let key = try await store.apiKey(id: id), key.userId == user.id else { throw AuthError.apiKeyNotFound(id) }
        return key
    }
}
