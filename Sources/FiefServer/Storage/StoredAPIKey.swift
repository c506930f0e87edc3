import Foundation

/// A user's API key, as stored: only the SHA-256 of the key, never the key itself.
///
/// A user creates keys for their programs and servers; a key logs in as the user (the
/// `api-key` login provider) until it is disabled or deleted.
public struct StoredAPIKey: Equatable, Sendable {
    /// The key's id: 24 hexadecimal digits (an ObjectId), unique on the server.
    public var id: String
    /// Whose key it is.
    public var userId: String
    /// The name the user gave it, unique among their keys.
    public var name: String
    /// The key's SHA-256, in hexadecimal.
    public var keyHash: String
    /// Whether logins with the key are refused.
    public var disabled: Bool
    /// When it was created.
    public var createdAt: Date

    /// Creates an API key value.
    public init(id: String, userId: String, name: String, keyHash: String, disabled: Bool, createdAt: Date) {
        self.id = id
        self.userId = userId
        self.name = name
        self.keyHash = keyHash
        self.disabled = disabled
        self.createdAt = createdAt
    }
}
