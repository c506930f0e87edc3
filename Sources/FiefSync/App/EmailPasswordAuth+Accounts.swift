import FiefSyncProtocol
import Foundation

// Confirming accounts and resetting passwords. fief-server has no e-mail service: it POSTs each
// token to the operator's webhook (`--account-webhook`), whose program delivers it to the user
// (an e-mail with a link, for example); the app then passes the token and its id here.
extension EmailPasswordAuth {
    /// Confirms the account that `token` and `tokenId` were minted for; it can then log in.
    ///
    /// ```swift
    /// // From the link the operator's mailer sent: https://example.com/confirm?token=…&tokenId=…
    /// try await app.emailPasswordAuth.confirmUser(token, tokenId: tokenId)
    /// ```
    ///
    /// Throws ``SyncAuthError``: `.invalidAccountToken` (unknown, used, expired), `.badRequest`,
    /// `.rateLimited`, `.networkFailure`...
    public func confirmUser(_ token: String, tokenId: String) async throws {
        try await app.auth.accountAction("auth/confirm", AccountTokenBody(token: token, tokenId: tokenId))
    }

    /// Asks the server to send a new confirmation token for the account `email` (the older
    /// ones stop working). The server answers the same whether or not the account exists.
    ///
    /// Throws ``SyncAuthError``: `.providerDisabled` when the server has no account webhook,
    /// `.serverError` when the webhook did not take the token, `.rateLimited`...
    public func resendConfirmationEmail(email: String) async throws {
        try await app.auth.accountAction("auth/confirm/resend", AccountNameBody(username: email))
    }

    /// RealmSwift's retry of a custom confirmation function: on fief-server, the webhook is that
    /// function, so this sends a new confirmation token as ``resendConfirmationEmail(email:)`` does.
    public func retryCustomConfirmation(email: String) async throws {
        try await resendConfirmationEmail(email: email)
    }

    /// Asks the server to send a password-reset token for the account `email` to its webhook.
    /// The server answers the same whether or not the account exists.
    ///
    /// Throws ``SyncAuthError``: `.providerDisabled` when the server has no account webhook,
    /// `.serverError` when the webhook did not take the token, `.rateLimited`...
    public func sendResetPasswordEmail(email: String) async throws {
        try await app.auth.accountAction("auth/password/reset/send", AccountNameBody(username: email))
    }

    /// Sets the password of the account `token` and `tokenId` were minted for; its sessions on
    /// every device end (they log in again with the new password).
    ///
    /// Throws ``SyncAuthError``: `.invalidAccountToken`, `.invalidPassword` (6 to 1024
    /// characters), `.rateLimited`, `.networkFailure`...
    public func resetPassword(to password: String, token: String, tokenId: String) async throws {
        try await app.auth.accountAction("auth/password/reset", ResetPasswordBody(token: token, tokenId: tokenId, password: password))
    }

    /// RealmSwift's reset password function, played by the operator's webhook: it receives the
    /// account, `args` and a reset token, and either sets `password` at once (`success`) or
    /// leaves the reset to the token it delivers (`pending`: the app later calls
    /// ``resetPassword(to:token:tokenId:)``). Unknown accounts answer as `pending` do.
    ///
    /// ```swift
    /// try await app.emailPasswordAuth.callResetPasswordFunction(email: "ann@example.com", password: "n3w pass",
    ///                                                           args: ["security answer"])
    /// ```
    ///
    /// Throws ``SyncAuthError``: `.badRequest` when the webhook refused (its message),
    /// `.invalidPassword`, `.providerDisabled` without a webhook, `.serverError` when the webhook
    /// failed, `.rateLimited`...
    public func callResetPasswordFunction(email: String, password: String, args: [CustomDataValue]) async throws {
        try await app.auth.accountAction("auth/password/reset/call", ResetFunctionBody(username: email, password: password, args: args))
    }

    /// ``callResetPasswordFunction(email:password:args:)``, calling `completion` with nil or the
    /// error on `queue`.
    public func callResetPasswordFunction(email: String, password: String, args: [CustomDataValue],
                                          callbackQueue queue: DispatchQueue = .fiefCallbacks,
                                          completion: @escaping @Sendable ((any Error)?) -> Void) {
        CallbackDelivery.report(on: queue, completion) { try await callResetPasswordFunction(email: email, password: password, args: args) }
    }

    /// ``confirmUser(_:tokenId:)``, calling `completion` with nil or the error on `queue`.
    public func confirmUser(_ token: String, tokenId: String, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                            completion: @escaping @Sendable ((any Error)?) -> Void) {
        CallbackDelivery.report(on: queue, completion) { try await confirmUser(token, tokenId: tokenId) }
    }

    /// ``resendConfirmationEmail(email:)``, calling `completion` with nil or the error on `queue`.
    public func resendConfirmationEmail(email: String, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                                        completion: @escaping @Sendable ((any Error)?) -> Void) {
        CallbackDelivery.report(on: queue, completion) { try await resendConfirmationEmail(email: email) }
    }

    /// ``sendResetPasswordEmail(email:)``, calling `completion` with nil or the error on `queue`.
    public func sendResetPasswordEmail(email: String, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                                       completion: @escaping @Sendable ((any Error)?) -> Void) {
        CallbackDelivery.report(on: queue, completion) { try await sendResetPasswordEmail(email: email) }
    }

    /// ``resetPassword(to:token:tokenId:)``, calling `completion` with nil or the error on `queue`.
    public func resetPassword(to password: String, token: String, tokenId: String, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                              completion: @escaping @Sendable ((any Error)?) -> Void) {
        CallbackDelivery.report(on: queue, completion) { try await resetPassword(to: password, token: token, tokenId: tokenId) }
    }
}
