import Foundation

/// How password accounts are confirmed and passwords reset, without an e-mail service.
///
/// The server mints single-use tokens (a `tokenId` and a secret `token`, valid
/// ``tokenLifetime``; only the token's SHA-256 is stored) and POSTs each to the operator's
/// ``webhook`` as JSON:
///
/// ```json
/// {"kind": "confirmation", "username": "ann@example.com", "userId": "…", "token": "…", "tokenId": "…", "expiresAt": "2026-…Z"}
/// ```
///
/// `kind` is `confirmation` (after registration and `resend`) or `passwordReset`. The
/// operator's program delivers the token to the user (an e-mail with a link, a text…), whose
/// app then calls `confirmUser(_:tokenId:)` or `resetPassword(to:token:tokenId:)`. For
/// `resetPasswordFunction` (with the app's `args`), the program plays RealmSwift's reset
/// function and answers `{"status": "success" | "pending" | "fail", "message": …}`.
public struct AccountFlowConfiguration: Sendable, Equatable {
    /// Whether a new password account must be confirmed before it logs in. False (the
    /// default): accounts are confirmed when registered.
    public var confirmationRequired: Bool
    /// Where tokens are POSTed; nil: confirmation cannot be required and passwords cannot be
    /// reset (those calls answer `403 providerDisabled`). `http://` only on a loopback host
    /// (the token travels in clear); `https://` anywhere.
    public var webhook: URL?
    /// How long a token works (1 hour by default).
    public var tokenLifetime: TimeInterval

    /// A configuration; see each property.
    public init(confirmationRequired: Bool = false, webhook: URL? = nil, tokenLifetime: TimeInterval = 3600) {
        self.confirmationRequired = confirmationRequired
        self.webhook = webhook
        self.tokenLifetime = tokenLifetime
    }

    /// Throws ``AccountFlowConfigurationError`` when the configuration cannot work.
    public func validate() throws {
        if let webhook {
            let scheme = webhook.scheme?.lowercased() ?? ""
            guard scheme == "http" || scheme == "https", let host = webhook.host, !host.isEmpty else {
                throw AccountFlowConfigurationError("the account webhook \(webhook.absoluteString) is not an http:// or https:// URL with a host")
            }
            guard scheme == "https" || ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) else {
                throw AccountFlowConfigurationError("the account webhook \(webhook.absoluteString) sends tokens in clear: use https://, or http:// on 127.0.0.1, ::1 or localhost")
            }
        } else if confirmationRequired {
            throw AccountFlowConfigurationError("requiring e-mail confirmation needs an account webhook to deliver the tokens (--account-webhook)")
        }
        guard tokenLifetime >= 60 else { throw AccountFlowConfigurationError("account tokens must last at least 60 seconds") }
    }
}

/// Why an ``AccountFlowConfiguration`` cannot work.
public struct AccountFlowConfigurationError: Error, CustomStringConvertible, Equatable {
    /// What is wrong.
    public var description: String

    init(_ description: String) { self.description = description }
}
