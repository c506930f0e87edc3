import Foundation

extension PermissionService {
    /// Every realm `user` may open: the realms under `/<their id>/` that exist (level `admin`)
    /// and the grants they hold, ordered by path. Administrators get the same, not every realm.
    public func permissions(of user: AuthenticatedUser) async throws -> PermissionList {
        var entries: [String: PermissionEntry] = [:]
        for grant in try await store.grants(userId: user.id) {
            entries[grant.path] = PermissionEntry(path: grant.path, userId: user.id, accessLevel: grant.accessLevel,
                                                  updatedAt: Timestamp.format(grant.grantedAt))
        }
        for realm in try await store.realms(under: "/\(user.id)/") {
            entries[realm.path] = PermissionEntry(path: realm.path, userId: user.id, accessLevel: .admin,
                                                  updatedAt: Timestamp.format(realm.createdAt))
        }
        return PermissionList(permissions: entries.values.sorted { $0.path < $1.path })
    }
}
