import Foundation

/// Who may do what with which realm.
///
/// The owner of a path (`/<id>/...`) has `admin` on it and server administrators have `admin`
/// everywhere; other users have the level of their grant (``StoredGrant``), or none. Binding
/// needs `read`, uploading `write`, managing permissions `admin`. Only the owner or an
/// administrator creates a realm: a grant opens realms that exist.
public struct PermissionService: Sendable {
    let store: any ServerStore

    /// A service over `store`.
    public init(store: any ServerStore) {
        self.store = store
    }

    /// `user`'s level on `path`; nil when they may not open it at all.
    public func level(of user: AuthenticatedUser, at path: RealmPath) async throws -> AccessLevel? {
        if path.isAccessible(by: user) { return .admin }
        return try await store.grant(path: path.value, userId: user.id)?.accessLevel
    }

    /// The level with which `user` may bind `path`; nil when the bind is refused: no level, or a
    /// realm that does not exist yet and that only its owner or an administrator may create.
    public func bindLevel(of user: AuthenticatedUser, at path: RealmPath) async throws -> AccessLevel? {
        if path.isAccessible(by: user) { return .admin }
        guard let level = try await level(of: user, at: path) else { return nil }
        return try await store.realm(path: path.value) == nil ? nil : level
    }

    /// `raw` as a path of `user` (`~` is their id); ``PermissionError/badPath(_:)`` otherwise.
    func path(_ raw: String, for user: AuthenticatedUser) throws(PermissionError) -> RealmPath {
        do throws(SessionFailure) { return try RealmPath(raw, userId: user.id) } catch { throw .badPath(error.message) }
    }

    /// Throws ``PermissionError/permissionDenied(_:)`` unless `user` manages `path`.
    func requireManager(_ user: AuthenticatedUser, of path: RealmPath) async throws {
        guard let level = try await level(of: user, at: path), level.mayManage else {
            throw PermissionError.permissionDenied("user \(user.id) does not manage \(path); that needs the admin level")
        }
    }

    /// `text` as a grantable level; ``PermissionError/invalidRequest(_:)`` otherwise.
    static func accessLevel(_ text: String) throws(PermissionError) -> AccessLevel {
        guard let level = AccessLevel(rawValue: text) else {
            throw .invalidRequest("unknown access level \"\(text)\"; use read, write or admin")
        }
        return level
    }
}
