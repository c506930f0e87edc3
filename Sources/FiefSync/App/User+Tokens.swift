import Foundation

extension User {
    /// How long an access token must stay valid to be handed out without a refresh.
    static let accessTokenMargin: TimeInterval = 60

    /// An access token valid for at least a minute, refreshed with the refresh token when
    /// needed (or always, with `forceRefresh`). Concurrent callers share one refresh.
    ///
    /// Throws ``SyncAuthError``: `.invalidAccessToken` when the user is not logged in or the
    /// server refused the refresh token (then the user is logged out and the ``errorHandler``
    /// hears of it); `.networkFailure`, `.timedOut`, `.serverError` or `.rateLimited` when
    /// trying later may work (``SyncAuthError/isRetryable``); `.badResponse` for garbage.
    func syncAccessToken(forceRefresh: Bool) async throws -> String {
        enum Step {
            case token(String)
            case wait(Task<String, any Error>)
            case fail(SyncAuthError)
        }
        let step: Step = core.withLock { core in
            guard core.state == .loggedIn, let refreshToken = core.refreshToken else {
                return .fail(SyncAuthError(.invalidAccessToken, "the user \(id) is \(core.state == .removed ? "removed" : "logged out"); log in again"))
            }
            if !forceRefresh, let token = core.accessToken, AccessTokenExpiry.isValid(token, for: Self.accessTokenMargin) {
                return .token(token)
            }
            if let task = core.refreshTask { return .wait(task) }
            let task = Task { try await self.refresh(with: refreshToken) }
            core.refreshTask = task
            return .wait(task)
        }
        switch step {
        case .token(let token): return token
        case .wait(let task): return try await task.value
        case .fail(let error): throw error
        }
    }

    /// Refreshes the access token with `refreshToken`; a refused refresh token logs the user out.
    private func refresh(with refreshToken: String) async throws -> String {
        do {
            let reply = try await app.auth.refresh(refreshToken)
            guard reply.userId == id else {
                clearRefreshTask()
                throw SyncAuthError(.badResponse, "POST /auth/refresh answered a token for user \(reply.userId), not \(id)")
            }
            let stored = core.withLock { core in
                core.refreshTask = nil
                // A logout or a new login while the refresh ran wins over its result.
                guard core.state == .loggedIn, core.refreshToken == refreshToken else { return false }
                core.accessToken = reply.accessToken
                core.isAdmin = reply.isAdmin
                core.customData = reply.customData ?? [:]
                return true
            }
            if stored { app.persist(self) }
            return reply.accessToken
        } catch let error as SyncAuthError where error.code == .invalidAccessToken {
            let stillCurrent = core.withLock { $0.state == .loggedIn && $0.refreshToken == refreshToken }
            clearRefreshTask()
            guard stillCurrent else { throw error }
            endSession(.loggedOut)
            let loggedOut = SyncAuthError(.invalidAccessToken, "the server refused the refresh token of user \(id) (\(error.message)); the user is logged out",
                                          httpStatus: error.httpStatus, serverCode: error.serverCode)
            report(loggedOut)
            throw loggedOut
        } catch {
            clearRefreshTask()
            throw error
        }
    }

    private func clearRefreshTask() {
        core.withLock { $0.refreshTask = nil }
    }
}
