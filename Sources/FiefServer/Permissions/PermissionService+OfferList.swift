import Foundation

extension PermissionService {
    /// The offers `user` made, oldest first, revoked and expired ones included; with `all`, an
    /// administrator gets every user's offers (others get ``PermissionError/permissionDenied(_:)``).
    /// Tokens are never shown: offers are named by ``StoredOffer/id``.
    public func offers(of user: AuthenticatedUser, all: Bool = false, now: Date = Date()) async throws -> OfferList {
        if all && !user.isAdmin {
            throw PermissionError.permissionDenied("only administrators may list every user's offers")
        }
        let offers = try await store.offers(createdBy: all ? nil : user.id)
        return OfferList(offers: offers.map { OfferSummary($0, now: now) })
    }

    /// Revokes the offer with `id`, made by `user` (an administrator may revoke anyone's): it can
    /// no longer be accepted (``PermissionError/offerRevoked(_:)``). Levels granted by earlier
    /// acceptances stay; change them with ``setLevel(_:by:now:)``. Revoking twice is allowed and
    /// keeps the first time.
    public func revokeOffer(id: String, by user: AuthenticatedUser, now: Date = Date()) async throws -> OfferSummary {
        guard id.count == 32, id.allSatisfy(\.isHexDigit) else { throw PermissionError.unknownOffer(id: id) }
        let candidates = try await store.offers(createdBy: user.isAdmin ? nil : user.id)
        guard var offer = candidates.first(where: { $0.id == id.lowercased() }) else { throw PermissionError.unknownOffer(id: id) }
        guard try await store.revokeOffer(tokenHash: offer.tokenHash, at: now) else { throw PermissionError.unknownOffer(id: id) }
        offer.revokedAt = offer.revokedAt ?? now
        return OfferSummary(offer, now: now)
    }
}
