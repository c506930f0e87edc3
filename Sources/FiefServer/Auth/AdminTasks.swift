import Foundation

/// Administration done outside the HTTP API (by `fief-server create-admin`).
public enum AdminTasks {
    /// Creates an administrator with a password; fails as registration does for a bad or taken
    /// user name or a bad password.
    public static func createAdmin(username: String, password: String, store: any ServerStore,
                                   hasher: PasswordHasher = PasswordHasher()) async throws -> StoredUser {
        try AuthService.checkUsername(username)
        try AuthService.checkPassword(password)
        let user = StoredUser(id: try AuthService.newUserId(), username: username, passwordHash: try await hasher.hash(password),
                              provider: "password", isAdmin: true, createdAt: Date())
        do { try await store.createUser(user) } catch ServerStoreError.usernameTaken(let name) { throw AuthError.usernameTaken(name) }
        return user
    }
}
