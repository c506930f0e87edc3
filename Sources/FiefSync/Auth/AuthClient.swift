import Foundation
import NIOHTTP1

/// The `/auth` endpoints of `fief-server`, with typed errors.
struct AuthClient: Sendable {
    let exchange: ServerExchange

    /// Logs in (or registers and logs in).
    func logIn(_ request: LoginRequest, timeout: TimeInterval? = nil) async throws(SyncAuthError) -> LoginReply {
        switch request.kind {
        case .login(let body):
            return try await call("auth/login", body, LoginReply.self, timeout: timeout)
        case .register(let username, let password):
            guard let login = try await register(username: username, password: password, timeout: timeout) else {
                throw SyncAuthError(.userNotConfirmed, "the account \(username) was created and must be confirmed before it logs in")
            }
            return login
        }
    }

    /// Registers a password account: its login, or nil when the server requires the account
    /// to be confirmed first.
    func register(username: String, password: String, timeout: TimeInterval? = nil) async throws(SyncAuthError) -> LoginReply? {
        let reply = try await call("auth/register", RegisterBody(username: username, password: password), RegisterReply.self, timeout: timeout)
        if reply.status == "awaitingConfirmation" { return nil }
        guard let accessToken = reply.accessToken, let refreshToken = reply.refreshToken else {
            throw SyncAuthError(.badResponse, "POST /auth/register answered neither a login nor awaitingConfirmation")
        }
        return LoginReply(userId: reply.userId, accessToken: accessToken, refreshToken: refreshToken, isAdmin: reply.isAdmin ?? false,
                          customData: reply.customData, profile: reply.profile)
    }

    /// One of the account routes (`auth/confirm`, `auth/password/reset`...), which answer a status.
    func accountAction(_ path: String, _ body: some Encodable & Sendable) async throws(SyncAuthError) {
        _ = try await call(path, body, StatusBody.self)
    }

    /// A new access token for `refreshToken`.
    func refresh(_ refreshToken: String) async throws(SyncAuthError) -> RefreshReply {
        try await call("auth/refresh", RefreshBody(refreshToken: refreshToken), RefreshReply.self)
    }

    /// Revokes `refreshToken` on the server.
    func logOut(_ refreshToken: String) async throws(SyncAuthError) {
        struct Status: Decodable {}
        _ = try await call("auth/logout", RefreshBody(refreshToken: refreshToken), Status.self)
    }

    private func call<Body: Encodable, Answer: Decodable>(_ path: String, _ body: Body, _ answer: Answer.Type,
                                                          timeout: TimeInterval? = nil) async throws(SyncAuthError) -> Answer {
        let data: Data
        do { data = try JSONEncoder().encode(body) } catch {
            throw SyncAuthError(.badRequest, "cannot encode the request to /\(path): \(error)")
        }
        let reply: ServerExchange.Reply
        do {
            reply = try await exchange.send(.POST, path, body: data, timeout: timeout)
        } catch {
            throw SyncAuthError(error)
        }
        let endpoint = "POST /\(path)"
        guard (200..<300).contains(reply.status) else { throw SyncAuthError(reply: reply, endpoint: endpoint) }
        switch ReplyDecoding.decode(Answer.self, reply, endpoint: endpoint) {
        case .success(let value): return value
        case .failure(let problem): throw SyncAuthError(.badResponse, problem.message, httpStatus: reply.status)
        }
    }
}

extension SyncAuthError {
    /// The error for a transport failure.
    init(_ failure: ExchangeFailure) {
        switch failure {
        case .invalidURL(let message): self.init(.invalidURL, message)
        case .network(let message): self.init(.networkFailure, message)
        case .timedOut(let message): self.init(.timedOut, message)
        case .badResponse(let message): self.init(.badResponse, message)
        case .cancelled: self.init(.networkFailure, "the request was cancelled")
        }
    }

    /// The error for an answer with a status other than 2xx.
    init(reply: ServerExchange.Reply, endpoint: String) {
        guard let body = ReplyDecoding.errorBody(reply) else {
            let code: Code = reply.status >= 500 ? .serverError : .badResponse
            self.init(code, "\(endpoint) answered HTTP \(reply.status) without a JSON error: \(ReplyDecoding.snippet(reply.body))",
                      httpStatus: reply.status)
            return
        }
        let code: Code = switch body.code {
        case "invalidCredentials", "apiKeyDisabled": .invalidCredentials
        case "apiKeyNotFound": .apiKeyNotFound
        case "apiKeyNameTaken": .apiKeyAlreadyExists
        case "usernameTaken", "identityInUse": .userAlreadyExists
        case "invalidRefreshToken", "invalidAccessToken": .invalidAccessToken
        case "rateLimited": .rateLimited
        case "providerDisabled", "unknownProvider": .providerDisabled
        case "invalidUsername": .invalidUsername
        case "invalidPassword": .invalidPassword
        case "invalidRequest": .badRequest
        case "userNotConfirmed": .userNotConfirmed
        case "invalidAccountToken": .invalidAccountToken
        case "resetRefused": .badRequest
        default: reply.status >= 500 ? .serverError : .badRequest
        }
        self.init(code, body.message ?? body.code, httpStatus: reply.status, serverCode: body.code)
    }
}
