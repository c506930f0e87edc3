import Foundation

/// A single-use token of an account flow, as stored: only the SHA-256 of the token.
public struct StoredAccountToken: Equatable, Sendable {
    /// What a token is for.
    public enum Purpose: String, Sendable {
        /// Confirms a new password account.
        case confirmation
        /// Sets a new password.
        case passwordReset
    }

    /// The token's public id (32 hexadecimal digits), sent beside the token.
    public var id: String
    /// The token's SHA-256, in hexadecimal.
    public var tokenHash: String
    /// The account it acts on.
    public var userId: String
    /// What it does.
    public var purpose: Purpose
    /// When it stops working.
    public var expiresAt: Date

    /// Creates a token value.
    public init(id: String, tokenHash: String, userId: String, purpose: Purpose, expiresAt: Date) {
        self.id = id
        self.tokenHash = tokenHash
        self.userId = userId
        self.purpose = purpose
        self.expiresAt = expiresAt
    }
}
