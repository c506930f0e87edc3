import COpenSSL
import Foundation

/// An offer the user made: an element of ``User/retrievePermissionOffers()``.
///
/// Unlike Realm's `SyncPermissionOffer`, it does not hold the token: the server keeps only the
/// token's hash and shows the token once, when the offer is made. An offer is named by ``id``,
/// which ``id(forToken:)`` also works out from a token.
///
/// ```swift
/// for offer in try await user.retrievePermissionOffers() where offer.isActive {
///     print(offer.path, offer.accessLevel, offer.acceptedCount)
/// }
/// ```
public struct SyncPermissionOffer: Sendable, Hashable {
    /// The offer's id on the server (32 hexadecimal digits).
    public let id: String
    /// The realm's path on the server, for example `/5f1c.../tasks`.
    public let path: String
    /// The level an acceptance grants.
    public let accessLevel: SyncAccessLevel
    /// When the offer was made.
    public let createdAt: Date
    /// When it stops being accepted; nil: never.
    public let expiresAt: Date?
    /// When it was revoked; nil: it was not.
    public let revokedAt: Date?
    /// How many times it was accepted.
    public let acceptedCount: Int

    /// An offer with these values.
    public init(id: String, path: String, accessLevel: SyncAccessLevel, createdAt: Date, expiresAt: Date?, revokedAt: Date?, acceptedCount: Int) {
        self.id = id
        self.path = path
        self.accessLevel = accessLevel
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.acceptedCount = acceptedCount
    }

    /// Whether the offer may still be accepted at `date`: not revoked, not expired.
    public func isActive(at date: Date = Date()) -> Bool {
        revokedAt == nil && (expiresAt.map { $0 > date } ?? true)
    }

    /// Whether the offer may still be accepted now.
    public var isActive: Bool { isActive(at: Date()) }

    /// The id of the offer whose token is `token`: the first 32 hexadecimal digits of the
    /// SHA-256 of the token, as fief-server names offers.
    public static func id(forToken token: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = Array(token.utf8)
        bytes.withUnsafeBufferPointer { input in _ = SHA256(input.baseAddress, input.count, &digest) }
        return digest.prefix(16).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
