import Foundation

extension PermissionService {
    /// Creates an offer of `request.accessLevel` on `request.path`, which `user` must manage.
    /// Only the token's SHA-256 is stored; the token is in the answer only.
    public func createOffer(_ request: CreateOfferRequest, by user: AuthenticatedUser, now: Date = Date()) async throws -> OfferResponse {
        let level = try Self.accessLevel(request.accessLevel)
        let path = try self.path(request.path, for: user)
        var expiry: Date?
        if let text = request.expiresAt {
            guard let date = Timestamp.parse(text) else {
                throw PermissionError.invalidRequest("expiresAt \"\(text)\" is not an ISO 8601 time such as 2030-01-31T12:00:00Z")
            }
            guard date > now else { throw PermissionError.invalidRequest("expiresAt \(text) is in the past") }
            expiry = date
        }
        try await requireManager(user, of: path)
        let token = ByteEncodings.base64URL(try Crypto.randomBytes(32))
        try await store.saveOffer(StoredOffer(tokenHash: try Self.hash(token), path: path.value, accessLevel: level,
                                              createdBy: user.id, createdAt: now, expiresAt: expiry))
        return OfferResponse(token: token, path: path.value, accessLevel: level, expiresAt: expiry.map(Timestamp.format))
    }

    /// Grants `user` the level of the offer whose token is `request.token` (an existing higher
    /// level stays; the owner of the path keeps `admin` without a grant).
    public func acceptOffer(_ request: AcceptOfferRequest, by user: AuthenticatedUser, now: Date = Date()) async throws -> AcceptOfferResponse {
        guard !request.token.isEmpty, let offer = try await store.offer(tokenHash: try Self.hash(request.token)) else {
            throw PermissionError.offerNotFound
        }
        if let revoked = offer.revokedAt { throw PermissionError.offerRevoked(revoked) }
        if let expiry = offer.expiresAt, expiry <= now { throw PermissionError.offerExpired(expiry) }
        let path = try self.path(offer.path, for: user)
        if path.ownerId != user.id {
            _ = try await store.saveGrant(StoredGrant(path: offer.path, userId: user.id, accessLevel: offer.accessLevel,
                                                      grantedBy: offer.createdBy, grantedAt: now), onlyRaising: true)
        }
        try await store.countOfferAcceptance(tokenHash: offer.tokenHash)
        return AcceptOfferResponse(path: offer.path, accessLevel: offer.accessLevel)
    }

    static func hash(_ token: String) throws -> String {
        ByteEncodings.hex(try Crypto.sha256(Array(token.utf8)))
    }
}
