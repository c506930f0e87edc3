import Foundation

extension AuthService {
    /// Deletes the user `userId` for `caller` (the user themselves or an administrator): their
    /// API keys, custom data, grants, offers (revoked), account tokens, refresh tokens and
    /// the account. Their realms' data stays on the server (an administrator removes it).
    public func deleteUser(_ userId: String, by caller: AuthenticatedUser) async throws {
        guard caller.isAdmin || caller.id == userId else {
            throw PermissionError.permissionDenied("user \(caller.id) may delete only their own account")
        }
        guard try await store.user(id: userId) != nil else { throw PermissionError.userNotFound(userId) }
        for key in try await store.apiKeys(userId: userId) { _ = try await store.deleteAPIKey(id: key.id) }
        try await store.saveCustomData(nil, userId: userId)
        for grant in try await store.grants(userId: userId) { _ = try await store.removeGrant(path: grant.path, userId: userId) }
        for offer in try await store.offers(createdBy: userId) where offer.revokedAt == nil {
            _ = try await store.revokeOffer(tokenHash: offer.tokenHash, at: Date())
        }
        guard try await store.deleteUser(id: userId) else { throw PermissionError.userNotFound(userId) }
    }
}
