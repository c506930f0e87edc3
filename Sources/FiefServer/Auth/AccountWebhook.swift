import AsyncHTTPClient
import FiefSyncProtocol
import Foundation
import NIOCore

/// What the account webhook receives (``AccountFlowConfiguration``).
public struct AccountWebhookEvent: Codable, Sendable, Equatable {
    /// `confirmation`, `passwordReset` or `resetPasswordFunction`.
    public var kind: String
    /// The account's user name (the e-mail address of `emailPasswordAuth`).
    public var username: String
    /// The account's id.
    public var userId: String
    /// The secret token to hand to the user.
    public var token: String
    /// The token's id, handed over with it.
    public var tokenId: String
    /// When the token stops working (ISO 8601).
    public var expiresAt: String
    /// For `resetPasswordFunction`: the arguments the app passed.
    public var args: [CustomDataValue]?
}

/// The webhook's answer to a `resetPasswordFunction` event: `success` sets the password at
/// once, `pending` leaves it to the token (the operator delivers it), `fail` refuses.
struct ResetFunctionAnswer: Decodable, Sendable {
    var status: String
    var message: String?
}

/// POSTs account tokens to the operator's webhook.
struct AccountWebhook: Sendable {
    let url: URL

    /// How long the webhook may take to answer.
    static let timeout: TimeAmount = .seconds(10)

    /// Sends `event` and returns the webhook's answer body; throws
    /// ``AuthError/deliveryFailed(_:)`` unless the webhook answers 2xx.
    @discardableResult
    func deliver(_ event: AccountWebhookEvent) async throws -> Data {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        request.body = .bytes(try encoder.encode(event))
        let status: UInt
        let body: ByteBuffer
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: Self.timeout)
            body = try await response.body.collect(upTo: 64 * 1024)
            status = response.status.code
        } catch {
            throw AuthError.deliveryFailed("the account webhook could not be reached: \(error)")
        }
        guard (200..<300).contains(status) else { throw AuthError.deliveryFailed("the account webhook answered HTTP \(status)") }
        return Data(body.readableBytesView)
    }
}
