import Foundation

extension User {
    /// Logs the user out: the tokens leave this device at once and the refresh token is
    /// revoked on the server. Synced realms stay on disk. The next logged-in user (if any)
    /// becomes the app's ``App/currentUser``.
    ///
    /// ```swift
    /// try await user.logOut()
    /// ```
    ///
    /// Throws ``SyncAuthError`` (`.networkFailure`, `.timedOut`...) when the server could not
    /// revoke the token; the user is logged out on this device all the same.
    public func logOut() async throws {
        guard let token = endSession(.loggedOut) else { return }
        try await revoke(token)
    }

    /// Logs the user out and calls `completion` with nil or the error of the revocation on
    /// the server, on `queue`.
    ///
    /// ```swift
    /// user.logOut { error in if let error { print("revocation failed: \(error)") } }
    /// ```
    public func logOut(callbackQueue queue: DispatchQueue = .fiefCallbacks, _ completion: @escaping @Sendable ((any Error)?) -> Void) {
        endSession(.loggedOut, callbackQueue: queue, completion)
    }

    /// Logs the user out (the Realm Object Server era's form): the tokens leave this device at
    /// once; the refresh token is revoked on the server in the background.
    ///
    /// ```swift
    /// SyncUser.current?.logOut()
    /// ```
    public func logOut() {
        guard let token = endSession(.loggedOut) else { return }
        app.revokeInBackground(token)
    }

    /// Removes the user from this device: logs out (revoking the refresh token on the
    /// server) and forgets the user; ``state`` becomes ``UserState/removed`` and the user
    /// leaves ``App/allUsers``. Synced realm files are not deleted here.
    ///
    /// ```swift
    /// try await user.remove()
    /// ```
    ///
    /// Throws ``SyncAuthError`` when the server could not revoke the token; the user is
    /// removed from this device all the same.
    public func remove() async throws {
        guard let token = endSession(.removed) else { return }
        try await revoke(token)
    }

    /// Removes the user (see ``remove()``) and calls `completion` with nil or the error of
    /// the revocation, on `queue`.
    public func remove(callbackQueue queue: DispatchQueue = .fiefCallbacks, _ completion: @escaping @Sendable ((any Error)?) -> Void) {
        endSession(.removed, callbackQueue: queue, completion)
    }

    /// Ends the session on this device now, then revokes the token and reports on `queue`.
    private func endSession(_ state: UserState, callbackQueue queue: DispatchQueue, _ completion: @escaping @Sendable ((any Error)?) -> Void) {
        let token = endSession(state)
        CallbackDelivery.report(on: queue, completion) {
            if let token { try await self.revoke(token) }
        }
    }

    /// Revokes `token` on the server; a token the server no longer knows is fine.
    private func revoke(_ token: String) async throws(SyncAuthError) {
        do {
            try await app.auth.logOut(token)
        } catch where error.code == .invalidAccessToken {
            return
        }
    }
}
