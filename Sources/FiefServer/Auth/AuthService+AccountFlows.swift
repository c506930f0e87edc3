import FiefSyncProtocol
import Foundation

// Confirming password accounts and resetting passwords with single-use tokens delivered to
// the operator's webhook (``AccountFlowConfiguration``).
extension AuthService {
    /// Confirms the account of a confirmation token; confirming a confirmed account again
    /// with a valid token does nothing more.
    public func confirm(_ request: AccountTokenRequest, address: String) async throws {
        if let limit = await limiter.attempt(username: nil, address: address) { throw AuthError.rateLimited(limit) }
        let token = try await take(request.tokenId, secret: request.token, purpose: .confirmation)
        try await store.setAwaitingConfirmation(false, userId: token.userId)
    }

    /// Sends a new confirmation token for `username` if it is an account awaiting
    /// confirmation. Unknown and confirmed names get the same answer, so that the route does
    /// not tell which accounts exist.
    public func resendConfirmation(_ request: AccountNameRequest, address: String) async throws {
        guard webhook != nil else { throw AuthError.providerDisabled("account confirmation (no --account-webhook)") }
        if let limit = await limiter.attempt(username: request.username, address: address) { throw AuthError.rateLimited(limit) }
        guard let user = try await store.user(username: request.username), try await store.isAwaitingConfirmation(userId: user.id) else { return }
        try await sendToken(.confirmation, to: user)
    }

    /// Sends a password-reset token for `username` if it is a password account; unknown names
    /// get the same answer.
    public func sendPasswordReset(_ request: AccountNameRequest, address: String) async throws {
        guard webhook != nil else { throw AuthError.providerDisabled("password reset (no --account-webhook)") }
        if let limit = await limiter.attempt(username: request.username, address: address) { throw AuthError.rateLimited(limit) }
        guard let user = try await store.user(username: request.username), user.passwordHash != nil else { return }
        try await sendToken(.passwordReset, to: user)
    }

    /// Sets the password of a reset token's account and ends its other sessions. Resetting
    /// also confirms the account: the token reached its owner.
    public func resetPassword(_ request: ResetPasswordRequest, address: String) async throws {
        try Self.checkPassword(request.password)
        if let limit = await limiter.attempt(username: nil, address: address) { throw AuthError.rateLimited(limit) }
        let token = try await take(request.tokenId, secret: request.token, purpose: .passwordReset)
        let hash = try await hasher.hash(request.password)
        guard try await store.resetPassword(hash: hash, userId: token.userId) else { throw AuthError.invalidAccountToken("its account no longer exists") }
        try await store.setAwaitingConfirmation(false, userId: token.userId)
    }

    /// RealmSwift's reset function, played by the webhook: it gets a `resetPasswordFunction`
    /// event with a reset token and `args`, and answers `{"status": "success"}` (the password
    /// is set now), `"pending"` (the operator delivers the token; the app calls
    /// `resetPassword` later) or `"fail"` with a `message`. Unknown names answer `pending`.
    public func callResetPasswordFunction(_ request: ResetFunctionRequest, address: String) async throws -> ResetFunctionResponse {
        try Self.checkPassword(request.password)
        guard webhook != nil else { throw AuthError.providerDisabled("the reset password function (no --account-webhook)") }
        if let limit = await limiter.attempt(username: request.username, address: address) { throw AuthError.rateLimited(limit) }
        guard let user = try await store.user(username: request.username), user.passwordHash != nil else {
            return ResetFunctionResponse(status: "pending")
        }
        let (tokenId, body) = try await sendToken(.passwordReset, to: user, kind: "resetPasswordFunction", args: request.args ?? [])
        guard let answer = try? JSONDecoder().decode(ResetFunctionAnswer.self, from: body) else {
            throw AuthError.deliveryFailed("the account webhook answered a resetPasswordFunction event without {\"status\": \"success\" | \"pending\" | \"fail\"}")
        }
        switch answer.status {
        case "success":
            _ = try await store.takeAccountToken(id: tokenId)
            guard try await store.resetPassword(hash: try await hasher.hash(request.password), userId: user.id) else {
                throw AuthError.invalidAccountToken("the account no longer exists")
            }
            try await store.setAwaitingConfirmation(false, userId: user.id)
            return ResetFunctionResponse(status: "success")
        case "pending":
            return ResetFunctionResponse(status: "pending")
        default:
            _ = try await store.takeAccountToken(id: tokenId)
            throw AuthError.resetRefused(answer.message ?? "the reset password function refused")
        }
    }

    /// Mints a token for `user`, stores its hash and POSTs it to the webhook (as an event of
    /// `kind`, the purpose's name unless given); returns the token's id and the webhook's answer.
    @discardableResult
    func sendToken(_ purpose: StoredAccountToken.Purpose, to user: StoredUser, kind: String? = nil,
                   args: [CustomDataValue]? = nil) async throws -> (tokenId: String, answer: Data) {
        guard let webhook else { throw AuthError.providerDisabled("account tokens (no --account-webhook)") }
        let secret = ByteEncodings.base64URL(try Crypto.randomBytes(32))
        let id = ByteEncodings.hex(try Crypto.randomBytes(16))
        let expires = Date().addingTimeInterval(accounts.tokenLifetime)
        try await store.saveAccountToken(StoredAccountToken(id: id, tokenHash: try Self.hash(secret), userId: user.id, purpose: purpose,
                                                            expiresAt: expires))
        let answer = try await webhook.deliver(AccountWebhookEvent(kind: kind ?? purpose.rawValue, username: user.username ?? "", userId: user.id,
                                                                   token: secret, tokenId: id, expiresAt: Timestamp.format(expires), args: args))
        return (id, answer)
    }

    /// Uses up the token `id` (whatever the outcome: a wrong secret burns it too) and returns it
    /// when `secret` is its token, it is for `purpose` and has not expired.
    private func take(_ id: String, secret: String, purpose: StoredAccountToken.Purpose) async throws -> StoredAccountToken {
        guard id.count == 32, id.allSatisfy(\.isHexDigit) else { throw AuthError.invalidRequest("tokenId: 32 hexadecimal digits expected") }
        guard !secret.isEmpty else { throw AuthError.invalidRequest("token: empty") }
        guard let token = try await store.takeAccountToken(id: id) else { throw AuthError.invalidAccountToken("no unused token has this id") }
        guard Crypto.constantTimeEqual(Array(try Self.hash(secret).utf8), Array(token.tokenHash.utf8)) else {
            throw AuthError.invalidAccountToken("the token does not match its id")
        }
        guard token.purpose == purpose else { throw AuthError.invalidAccountToken("the token is for \(token.purpose.rawValue), not \(purpose.rawValue)") }
        guard token.expiresAt > Date() else { throw AuthError.invalidAccountToken("the token expired at \(Timestamp.format(token.expiresAt))") }
        return token
    }
}
