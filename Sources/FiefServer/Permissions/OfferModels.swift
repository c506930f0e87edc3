import Foundation

/// One offer in `GET /permissions/offers` and the answer to `DELETE /permissions/offers/<id>`.
/// It never holds the token.
public struct OfferSummary: Codable, Sendable, Equatable {
    /// The offer's id (``StoredOffer/id``), for `DELETE /permissions/offers/<id>`.
    public var id: String
    /// The normalized realm path.
    public var path: String
    /// The level an acceptance grants.
    public var accessLevel: AccessLevel
    /// Who made the offer.
    public var createdBy: String
    /// When it was made (ISO 8601).
    public var createdAt: String
    /// When it stops being accepted (ISO 8601), or nil: never.
    public var expiresAt: String?
    /// When it was revoked (ISO 8601), or nil.
    public var revokedAt: String?
    /// How many times it was accepted.
    public var acceptedCount: Int
    /// `active`, `expired` or `revoked`: whether it may still be accepted, and if not, why.
    public var status: String

    /// The summary of `offer` at time `now`.
    public init(_ offer: StoredOffer, now: Date) {
        id = offer.id
        path = offer.path
        accessLevel = offer.accessLevel
        createdBy = offer.createdBy
        createdAt = Timestamp.format(offer.createdAt)
        expiresAt = offer.expiresAt.map(Timestamp.format)
        revokedAt = offer.revokedAt.map(Timestamp.format)
        acceptedCount = offer.acceptedCount
        status = if offer.revokedAt != nil { "revoked" } else if let expiry = offer.expiresAt, expiry <= now { "expired" } else { "active" }
    }

    enum CodingKeys: CodingKey { case id, path, accessLevel, createdBy, createdAt, expiresAt, revokedAt, acceptedCount, status }

    /// Writes absent times as `null`, so every field is always there.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(path, forKey: .path)
        try container.encode(accessLevel, forKey: .accessLevel)
        try container.encode(createdBy, forKey: .createdBy)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(revokedAt, forKey: .revokedAt)
        try container.encode(acceptedCount, forKey: .acceptedCount)
        try container.encode(status, forKey: .status)
    }
}

/// The answer to `GET /permissions/offers`.
public struct OfferList: Codable, Sendable, Equatable {
    /// The offers, oldest first.
    public var offers: [OfferSummary]
}
