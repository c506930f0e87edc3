import Foundation

/// An access level one user holds on one realm path, given by a manager of the path or by an
/// accepted offer. Owners and server administrators need none: they have `admin` by rule.
public struct StoredGrant: Equatable, Sendable {
    /// The normalized realm path, for example `/4f…/notes`.
    public var path: String
    /// Who holds the level.
    public var userId: String
    /// The level.
    public var accessLevel: AccessLevel
    /// Who gave it (the manager, or the creator of the accepted offer).
    public var grantedBy: String
    /// When it was given or last changed.
    public var grantedAt: Date

    /// Creates a grant value.
    public init(path: String, userId: String, accessLevel: AccessLevel, grantedBy: String, grantedAt: Date) {
        self.path = path
        self.userId = userId
        self.accessLevel = accessLevel
        self.grantedBy = grantedBy
        self.grantedAt = grantedAt
    }
}

/// A permission offer, as stored: only the SHA-256 of its token, never the token. Any number of
/// users may accept it until it expires or its creator (or an administrator) revokes it.
public struct StoredOffer: Equatable, Sendable {
    /// The token's SHA-256, in hexadecimal.
    public var tokenHash: String
    /// The normalized realm path.
    public var path: String
    /// The level an acceptance grants.
    public var accessLevel: AccessLevel
    /// Who made the offer.
    public var createdBy: String
    /// When it was made.
    public var createdAt: Date
    /// When it stops being accepted; nil: never.
    public var expiresAt: Date?
    /// When it was revoked; nil: it was not.
    public var revokedAt: Date?
    /// How many times it was accepted.
    public var acceptedCount: Int

    /// Creates an offer value.
    public init(tokenHash: String, path: String, accessLevel: AccessLevel, createdBy: String, createdAt: Date, expiresAt: Date?,
                revokedAt: Date? = nil, acceptedCount: Int = 0) {
        self.tokenHash = tokenHash
        self.path = path
        self.accessLevel = accessLevel
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.acceptedCount = acceptedCount
    }

    /// The offer's public name in the HTTP API: the first 32 hexadecimal digits of
    /// ``tokenHash``. It names the offer without giving away the token (which cannot be found
    /// from its hash), and whoever holds the token can work it out.
    public var id: String { String(tokenHash.prefix(32)) }
}
