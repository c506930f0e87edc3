import Fief
import Foundation

// The objects of the embedded store's `server.realm`: users, user names, refresh tokens and the
// realm registry. 64-bit unsigned values are stored as `Int` with the same bits.

/// A user account.
final class UserRecord: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var username: String?
    @Persisted var passwordHash: String?
    @Persisted var provider = ""
    @Persisted var isAdmin = false
    @Persisted var createdAt = Date(timeIntervalSince1970: 0)

    var value: StoredUser {
        StoredUser(id: id, username: username, passwordHash: passwordHash, provider: provider, isAdmin: isAdmin, createdAt: createdAt)
    }
}

/// A user name (lower-cased) and its user: the primary key makes names unique.
final class UsernameRecord: Object {
    @Persisted(primaryKey: true) var key = ""
    @Persisted var userId = ""
}

/// A refresh token's SHA-256 and its state.
final class RefreshTokenRecord: Object {
    @Persisted(primaryKey: true) var tokenHash = ""
    @Persisted var userId = ""
    @Persisted var expiresAt = Date(timeIntervalSince1970: 0)
    @Persisted var revoked = false

    var value: StoredRefreshToken {
        StoredRefreshToken(tokenHash: tokenHash, userId: userId, expiresAt: expiresAt, revoked: revoked)
    }
}

/// A realm the server serves.
final class RealmRecord: Object {
    @Persisted(primaryKey: true) var path = ""
    @Persisted var creatorId = ""
    @Persisted var createdAt = Date(timeIntervalSince1970: 0)

    var value: StoredRealm { StoredRealm(path: path, creatorId: creatorId, createdAt: createdAt) }
}

/// The permission rules of a realm, as JSON (``RealmRules``).
final class RealmRulesRecord: Object {
    @Persisted(primaryKey: true) var path = ""
    @Persisted var rules = ""
}

/// A user's custom data, as JSON (``CustomDataValue``).
final class UserCustomDataRecord: Object {
    @Persisted(primaryKey: true) var userId = ""
    @Persisted var json = ""
}

/// A user's API key, hashed (``StoredAPIKey``).
final class APIKeyRecord: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var userId = ""
    @Persisted var name = ""
    @Persisted var keyHash = ""
    @Persisted var disabled = false
    @Persisted var createdAt = Date(timeIntervalSince1970: 0)

    var value: StoredAPIKey {
        StoredAPIKey(id: id, userId: userId, name: name, keyHash: keyHash, disabled: disabled, createdAt: createdAt)
    }
}

/// The API key a refresh token's session logged in with (``StoredRefreshToken/apiKeyId``):
/// kept beside ``RefreshTokenRecord`` so that refresh tokens of older files need no migration.
final class APIKeySessionRecord: Object {
    @Persisted(primaryKey: true) var tokenHash = ""
    @Persisted var apiKeyId = ""
}

/// A single-use token of an account flow, hashed (``StoredAccountToken``).
final class AccountTokenRecord: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var tokenHash = ""
    @Persisted var userId = ""
    @Persisted var purpose = ""
    @Persisted var expiresAt = Date(timeIntervalSince1970: 0)
}

/// A password account that must be confirmed before it logs in.
final class AwaitingConfirmationRecord: Object {
    @Persisted(primaryKey: true) var userId = ""
}
