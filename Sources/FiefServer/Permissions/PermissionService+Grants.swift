import Foundation

extension PermissionService {
    /// Sets `request.userId`'s level on `request.path` (`none` revokes it); `user` must manage
    /// the path. The owner's own level cannot change: they always have `admin`.
    public func setLevel(_ request: SetPermissionRequest, by user: AuthenticatedUser, now: Date = Date()) async throws -> SetPermissionRequest {
        let level: AccessLevel? = try request.accessLevel == "none" ? nil : Self.accessLevel(request.accessLevel)
        let path = try self.path(request.path, for: user)
        guard !request.userId.isEmpty else { throw PermissionError.invalidRequest("userId is empty") }
        try await requireManager(user, of: path)
        guard try await store.user(id: request.userId) != nil else { throw PermissionError.userNotFound(request.userId) }
        guard path.ownerId != request.userId else {
            throw PermissionError.invalidRequest("user \(request.userId) owns \(path) and always has the admin level there")
        }
        if let level {
            _ = try await store.saveGrant(StoredGrant(path: path.value, userId: request.userId, accessLevel: level, grantedBy: user.id, grantedAt: now),
                                          onlyRaising: false)
        } else {
            _ = try await store.removeGrant(path: path.value, userId: request.userId)
        }
        await onGrantChanged?(request.userId, path)
        return SetPermissionRequest(path: path.value, userId: request.userId, accessLevel: level?.rawValue ?? "none")
    }
}
