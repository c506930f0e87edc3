/// One realm the caller may open, in `GET /permissions`.
public struct PermissionEntry: Codable, Sendable, Equatable {
    /// The normalized realm path.
    public var path: String
    /// The caller.
    public var userId: String
    /// `read`, `write` or `admin`.
    public var accessLevel: AccessLevel
    /// Always true: every level may read.
    public var mayRead: Bool
    /// Whether the level allows uploads.
    public var mayWrite: Bool
    /// Whether the level allows managing the realm's permissions.
    public var mayManage: Bool
    /// When the level was given (for an owned realm: when the realm was created), ISO 8601.
    public var updatedAt: String

    /// An entry for `userId`'s `level` on `path`.
    public init(path: String, userId: String, accessLevel: AccessLevel, updatedAt: String) {
        self.path = path
        self.userId = userId
        self.accessLevel = accessLevel
        mayRead = accessLevel.mayRead
        mayWrite = accessLevel.mayWrite
        mayManage = accessLevel.mayManage
        self.updatedAt = updatedAt
    }
}

/// The answer to `GET /permissions`.
public struct PermissionList: Codable, Sendable, Equatable {
    /// Every realm the caller may open, ordered by path.
    public var permissions: [PermissionEntry]
}

/// `POST /permissions/offers` body.
public struct CreateOfferRequest: Codable, Sendable {
    /// The realm path; `~` is the caller's id.
    public var path: String
    /// `read`, `write` or `admin`.
    public var accessLevel: String
    /// When the offer stops being accepted (ISO 8601); absent or null: never.
    public var expiresAt: String?
}

/// The answer to `POST /permissions/offers`.
public struct OfferResponse: Codable, Sendable, Equatable {
    /// The token to hand to the people who may accept the offer (shown only this once).
    public var token: String
    /// The normalized realm path.
    public var path: String
    /// The level an acceptance grants.
    public var accessLevel: AccessLevel
    /// When the offer stops being accepted (ISO 8601), or nil.
    public var expiresAt: String?

    enum CodingKeys: CodingKey { case token, path, accessLevel, expiresAt }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(token, forKey: .token)
        try container.encode(path, forKey: .path)
        try container.encode(accessLevel, forKey: .accessLevel)
        try container.encode(expiresAt, forKey: .expiresAt)
    }
}

/// `POST /permissions/offers/accept` body.
public struct AcceptOfferRequest: Codable, Sendable {
    /// The offer's token.
    public var token: String
}

/// The answer to `POST /permissions/offers/accept`.
public struct AcceptOfferResponse: Codable, Sendable, Equatable {
    /// The realm the caller may now open.
    public var path: String
    /// The level the offer grants (an existing higher level of the caller stays).
    public var accessLevel: AccessLevel
}

/// `POST /permissions` body, and its answer.
public struct SetPermissionRequest: Codable, Sendable, Equatable {
    /// The realm path; `~` is the caller's id.
    public var path: String
    /// The user whose level changes.
    public var userId: String
    /// `read`, `write`, `admin`, or `none` to revoke.
    public var accessLevel: String
}
