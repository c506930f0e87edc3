import Fief
import Foundation

// The objects of the embedded store's `server.realm` for permissions and external identities.
// They are classes of their own, so a data directory from before them opens without migration.

/// A grant: one user's level on one path. The key is `path`, a newline, then the user id.
final class GrantRecord: Object {
    @Persisted(primaryKey: true) var key = ""
    @Persisted var path = ""
    @Persisted var userId = ""
    @Persisted var accessLevel = ""
    @Persisted var grantedBy = ""
    @Persisted var grantedAt = Date(timeIntervalSince1970: 0)

    static func key(path: String, userId: String) -> String { "\(path)\n\(userId)" }

    func value() throws -> StoredGrant {
        guard let level = AccessLevel(rawValue: accessLevel) else {
            throw ServerStoreError.corrupt("the grant of \(path) to \(userId) has the unknown access level \(accessLevel)")
        }
        return StoredGrant(path: path, userId: userId, accessLevel: level, grantedBy: grantedBy, grantedAt: grantedAt)
    }
}

/// A permission offer, by the SHA-256 of its token.
final class OfferRecord: Object {
    @Persisted(primaryKey: true) var tokenHash = ""
    @Persisted var path = ""
    @Persisted var accessLevel = ""
    @Persisted var createdBy = ""
    @Persisted var createdAt = Date(timeIntervalSince1970: 0)
    @Persisted var expiresAt: Date?

    func value() throws -> StoredOffer {
        guard let level = AccessLevel(rawValue: accessLevel) else {
            throw ServerStoreError.corrupt("the offer for \(path) has the unknown access level \(accessLevel)")
        }
        return StoredOffer(tokenHash: tokenHash, path: path, accessLevel: level, createdBy: createdBy, createdAt: createdAt, expiresAt: expiresAt)
    }
}

/// What happened to an offer after it was made: its revocation and acceptance count, by the
/// SHA-256 of its token. A class of its own (not fields of ``OfferRecord``) so that data
/// directories from before it open without migration; an offer without one was neither revoked
/// nor accepted since.
final class OfferUseRecord: Object {
    @Persisted(primaryKey: true) var tokenHash = ""
    @Persisted var revokedAt: Date?
    @Persisted var acceptedCount = 0
}

/// A user of an external login provider: the provider, a newline, then the provider's subject
/// (a JWT's `sub`) as the key, and the server's own id of the user.
final class ExternalIdentityRecord: Object {
    @Persisted(primaryKey: true) var key = ""
    @Persisted var provider = ""
    @Persisted var subject = ""
    @Persisted var userId = ""

    static func key(provider: String, subject: String) -> String { "\(provider)\n\(subject)" }
}
