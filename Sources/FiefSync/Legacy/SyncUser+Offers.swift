import Foundation
import NIOHTTP1

extension User {
    /// The offers this user made, oldest first, revoked and expired ones included. The callback
    /// runs on `queue` with the offers or a ``SyncPermissionError``.
    ///
    /// ```swift
    /// user.retrievePermissionOffers { offers, error in
    ///     for offer in offers ?? [] { print(offer.id, offer.path, offer.acceptedCount) }
    /// }
    /// ```
    public func retrievePermissionOffers(callbackQueue queue: DispatchQueue = .fiefCallbacks,
                                         callback: @escaping @Sendable ([SyncPermissionOffer]?, SyncPermissionError?) -> Void) {
        Task {
            do {
                let offers = try await retrievePermissionOffers()
                queue.async { callback(offers, nil) }
            } catch {
                let failure = SyncPermissionError.wrapping(error)
                queue.async { callback(nil, failure) }
            }
        }
    }

    /// The offers this user made, oldest first, revoked and expired ones included. Tokens are not
    /// among them (see ``SyncPermissionOffer``).
    ///
    /// ```swift
    /// let unused = try await user.retrievePermissionOffers().filter { $0.acceptedCount == 0 }
    /// ```
    public func retrievePermissionOffers() async throws -> [SyncPermissionOffer] {
        let list = try await permissionCall(.GET, "permissions/offers", body: nil as AcceptOfferBody?, answer: OfferListBody.self)
        return try list.offers.map { try Self.offer($0, endpoint: "GET /permissions/offers") }
    }

    /// Revokes the offer whose token is `token`, which this user made: it can no longer be
    /// accepted (``SyncPermissionError/Code/offerRevoked``). Levels granted by earlier
    /// acceptances stay. The callback runs on `queue` with nil or the error.
    ///
    /// ```swift
    /// user.invalidateOffer(forToken: token) { error in if let error { print(error) } }
    /// ```
    public func invalidateOffer(forToken token: String, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                                callback: @escaping @Sendable (SyncPermissionError?) -> Void) {
        Task {
            do {
                try await invalidateOffer(forToken: token)
                queue.async { callback(nil) }
            } catch {
                let failure = SyncPermissionError.wrapping(error)
                queue.async { callback(failure) }
            }
        }
    }

    /// Revokes the offer whose token is `token`, which this user made.
    ///
    /// ```swift
    /// try await user.invalidateOffer(forToken: token)
    /// ```
    ///
    /// Throws ``SyncPermissionError``: `.offerNotFound` when this user made no such offer.
    public func invalidateOffer(forToken token: String) async throws {
        _ = try await invalidateOffer(id: SyncPermissionOffer.id(forToken: token))
    }

    /// Revokes the offer with `id` (from ``retrievePermissionOffers()``), which this user made,
    /// and returns it as revoked.
    ///
    /// ```swift
    /// for offer in try await user.retrievePermissionOffers() where offer.isActive {
    ///     _ = try await user.invalidateOffer(id: offer.id)
    /// }
    /// ```
    @discardableResult
    public func invalidateOffer(id: String) async throws -> SyncPermissionOffer {
        guard !id.isEmpty, id.allSatisfy({ $0.isHexDigit }) else {
            throw SyncPermissionError(.offerNotFound, "\"\(id)\" is not an offer id (32 hexadecimal digits)")
        }
        let endpoint = "DELETE /permissions/offers/\(id)"
        let answer = try await permissionCall(.DELETE, "permissions/offers/\(id)", body: nil as AcceptOfferBody?, answer: OfferSummaryBody.self)
        return try Self.offer(answer, endpoint: endpoint)
    }

    private static func offer(_ body: OfferSummaryBody, endpoint: String) throws -> SyncPermissionOffer {
        guard let level = SyncAccessLevel(rawValue: body.accessLevel), let createdAt = ISOTimestamp.parse(body.createdAt) else {
            throw SyncPermissionError(.badResponse, "\(endpoint) answered an offer with level \"\(body.accessLevel)\" and date \"\(body.createdAt)\", which do not parse")
        }
        func date(_ text: String?, _ field: String) throws -> Date? {
            guard let text else { return nil }
            guard let date = ISOTimestamp.parse(text) else {
                throw SyncPermissionError(.badResponse, "\(endpoint) answered an offer whose \(field) \"\(text)\" is not an ISO 8601 time")
            }
            return date
        }
        return SyncPermissionOffer(id: body.id, path: body.path, accessLevel: level, createdAt: createdAt,
                                   expiresAt: try date(body.expiresAt, "expiresAt"), revokedAt: try date(body.revokedAt, "revokedAt"),
                                   acceptedCount: body.acceptedCount)
    }
}
