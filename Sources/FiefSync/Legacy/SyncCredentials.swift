/// How a user proves who they are to ``User/logIn(with:server:timeout:callbackQueue:onCompletion:)``
/// (the Realm Object Server era's API; ``Credentials`` is the Device Sync one).
///
/// ```swift
/// let credentials = SyncCredentials.usernamePassword(username: "ann", password: "s3cret!", register: true)
/// SyncUser.logIn(with: credentials, server: URL(string: "http://127.0.0.1:9080")!) { user, error in ... }
/// ```
public struct SyncCredentials: Sendable, Equatable {
    let request: LoginRequest

    /// A password account; with `register`, the account is created first (and must not exist).
    public static func usernamePassword(username: String, password: String, register: Bool = false) -> SyncCredentials {
        if register { return SyncCredentials(request: LoginRequest(kind: .register(username: username, password: password))) }
        return SyncCredentials(request: LoginRequest(kind: .login(LoginBody(provider: "password", username: username, password: password))))
    }

    /// A new anonymous user.
    public static func anonymous() -> SyncCredentials {
        SyncCredentials(request: LoginRequest(kind: .login(LoginBody(provider: "anonymous"))))
    }

    /// A JSON Web Token the server is configured to trust.
    public static func jwt(_ token: String) -> SyncCredentials {
        SyncCredentials(request: LoginRequest(kind: .login(LoginBody(provider: "jwt", token: token))))
    }

    /// The server's administrator token (`fief-server --admin-token`): logs in as the administrator.
    public static func adminToken(_ token: String) -> SyncCredentials {
        SyncCredentials(request: LoginRequest(kind: .login(LoginBody(provider: "admin-token", token: token))))
    }
}
