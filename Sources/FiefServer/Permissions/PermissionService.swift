import Foundation

/// Who may do what with which realm.
///
/// The owner of a path (`/<id>/...`) has `admin` on it and server administrators have `admin`
/// everywhere; other users have the level of their grant (``StoredGrant``), or none. Binding
/// needs `read`, uploading `write`, managing permissions `admin`. Only the owner or an
/// administrator creates a realm: a grant opens realms that exist. App-wide paths
/// (``DefaultPermissions``: `/default` and `/partition/*` unless configured otherwise) give
/// every user a level, and a default of `write` lets any user create the realm.
public struct PermissionService: Sendable {
    let store: any ServerStore
    let defaults: DefaultPermissions
    /// Told after a grant changed other than by an offer (a level lowered, removed or raised),
    /// so that bound sync sessions of the user on the path are judged again.
    public var onGrantChanged: GrantChangeHandler?

    /// A service over `store` with `defaults` for app-wide paths.
    public init(store: any ServerStore, defaults: DefaultPermissions = .standard) {
        self.store = store
        self.defaults = defaults
    }

    /// `user`'s level on `path`; nil when they may not open it at all.
    public func level(of user: AuthenticatedUser, at path: RealmPath) async throws -> AccessLevel? {
        if path.isAccessible(by: user) { return .admin }
        let granted = try await store.grant(path: path.value, userId: user.id)?.accessLevel
        let standing = defaults.level(at: path)
        return [granted, standing].compactMap { $0 }.max()
    }

    /// The level with which `user` may bind `path`; nil when the bind is refused: no level, or a
    /// realm that does not exist yet and that only its owner, an administrator or (on an
    /// app-wide path open for writing) any user may create.
    public func bindLevel(of user: AuthenticatedUser, at path: RealmPath) async throws -> AccessLevel? {
        if path.isAccessible(by: user) { return .admin }
        guard let level = try await level(of: user, at: path) else { return nil }
        if let standing = defaults.level(at: path), standing.mayWrite { return level }
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
