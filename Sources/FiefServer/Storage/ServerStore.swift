@_spi(Sync) import FiefSyncProtocol
import Foundation

/// A user account.
public struct StoredUser: Equatable, Sendable {
    /// The user's id: 32 hexadecimal digits, the `~` of their realm paths.
    public var id: String
    /// The user name of the password provider; nil for anonymous and admin-token users.
    public var username: String?
    /// The PBKDF2 hash of the password (``PasswordHasher``); nil without a password.
    public var passwordHash: String?
    /// How the account was made: `password`, `anonymous` or `admin-token`.
    public var provider: String
    /// Whether the user may open and create realms anywhere.
    public var isAdmin: Bool
    /// When the account was made.
    public var createdAt: Date

    /// Creates a user value.
    public init(id: String, username: String?, passwordHash: String?, provider: String, isAdmin: Bool, createdAt: Date) {
        self.id = id
        self.username = username
        self.passwordHash = passwordHash
        self.provider = provider
        self.isAdmin = isAdmin
        self.createdAt = createdAt
    }
}

/// A refresh token, as stored: only the SHA-256 of the token, never the token.
public struct StoredRefreshToken: Equatable, Sendable {
    /// The token's SHA-256, in hexadecimal.
    public var tokenHash: String
    /// Whose token it is.
    public var userId: String
    /// When it stops being accepted.
    public var expiresAt: Date
    /// Whether logout revoked it.
    public var revoked: Bool
    /// The id of the API key the session logged in with (``StoredAPIKey``); nil for other
    /// logins. The token stops working when that key is deleted or disabled.
    public var apiKeyId: String?

    /// Creates a refresh token value.
    public init(tokenHash: String, userId: String, expiresAt: Date, revoked: Bool, apiKeyId: String? = nil) {
        self.tokenHash = tokenHash
        self.userId = userId
        self.expiresAt = expiresAt
        self.revoked = revoked
        self.apiKeyId = apiKeyId
    }
}

/// A realm the server serves: created at its path by the first bind.
public struct StoredRealm: Equatable, Sendable {
    /// The normalized path, for example `/4f…/tasks`.
    public var path: String
    /// The id of the user whose bind created it.
    public var creatorId: String
    /// When it was created.
    public var createdAt: Date

    /// Creates a realm value.
    public init(path: String, creatorId: String, createdAt: Date) {
        self.path = path
        self.creatorId = creatorId
        self.createdAt = createdAt
    }
}

/// A client file of a realm: the identity the server assigned to one copy of the realm.
public struct ClientFileState: Equatable, Sendable {
    /// The identity (from 1), unique in the realm.
    public var ident: UInt64
    /// The random salt that goes with it.
    public var salt: UInt64
    /// The newest client version of this file integrated into the history (0: none).
    public var lastIntegratedClientVersion: UInt64
    /// The server version that client version was based on (its upload cursor's other half).
    public var lastIntegratedBaseServerVersion: UInt64

    /// Creates a client file value.
    public init(ident: UInt64, salt: UInt64, lastIntegratedClientVersion: UInt64, lastIntegratedBaseServerVersion: UInt64) {
        self.ident = ident
        self.salt = salt
        self.lastIntegratedClientVersion = lastIntegratedClientVersion
        self.lastIntegratedBaseServerVersion = lastIntegratedBaseServerVersion
    }
}

/// A realm's server history as stored: its entries in server-version order and its client files.
@_spi(Sync) public struct StoredHistory: Sendable {
    /// Server versions up to this one were compacted away.
    public var compactedThrough: UInt64
    /// The entries after ``compactedThrough``, in server-version order.
    public var entries: [ServerHistoryEntry]
    /// Every client file the realm assigned.
    public var clientFiles: [ClientFileState]

    /// Creates a stored history value.
    public init(compactedThrough: UInt64, entries: [ServerHistoryEntry], clientFiles: [ClientFileState]) {
        self.compactedThrough = compactedThrough
        self.entries = entries
        self.clientFiles = clientFiles
    }
}

/// Why the store refused an operation.
public enum ServerStoreError: Error, Equatable, CustomStringConvertible {
    /// Another account has this user name.
    case usernameTaken(String)
    /// The user has another API key with this name.
    case apiKeyNameTaken(String)
    /// The store's files could not be read or written.
    case storage(String)
    /// A stored value is not what the server wrote (a damaged or foreign file).
    case corrupt(String)

    public var description: String {
        switch self {
        case .usernameTaken(let name): "the user name \(name) is taken"
        case .apiKeyNameTaken(let name): "the user has an API key named \(name)"
        case .storage(let reason): "server storage failed: \(reason)"
        case .corrupt(let reason): "server storage holds a value it cannot read: \(reason)"
        }
    }
}

/// Everything the server keeps, behind one narrow interface so that another backend
/// (PostgreSQL, for several server instances) can replace the embedded one.
///
/// Every method is durable when it returns: a crash after it loses nothing it wrote.
public protocol ServerStore: Sendable {
    /// Opens (creating if needed) the storage. Called once at start, so that a storage problem
    /// stops the server before it listens.
    func prepare() async throws
    /// Adds a user; ``ServerStoreError/usernameTaken(_:)`` when the user name exists (compared
    /// case-insensitively).
    func createUser(_ user: StoredUser) async throws
    /// The user with this id.
    func user(id: String) async throws -> StoredUser?
    /// The user with this user name (case-insensitive).
    func user(username: String) async throws -> StoredUser?
    /// Every user, ordered by creation.
    func users() async throws -> [StoredUser]

    /// Stores a new refresh token.
    func saveRefreshToken(_ token: StoredRefreshToken) async throws
    /// The refresh token with this hash.
    func refreshToken(hash: String) async throws -> StoredRefreshToken?
    /// Marks the token revoked; false when there is no such token.
    func revokeRefreshToken(hash: String) async throws -> Bool

    /// The realm at `path`, if it was created.
    func realm(path: String) async throws -> StoredRealm?
    /// Records a new realm (nothing happens if the path exists) and returns the stored value.
    func createRealm(_ realm: StoredRealm) async throws -> StoredRealm
    /// Every realm, ordered by path.
    func realms() async throws -> [StoredRealm]
    /// The realms whose path starts with `prefix` (for example `/<user id>/`), ordered by path.
    func realms(under prefix: String) async throws -> [StoredRealm]

    /// The user an external provider (`jwt`) knows by `subject`.
    func user(provider: String, subject: String) async throws -> StoredUser?
    /// Adds `user` as the user `provider` knows by `subject`, in one transaction; when another
    /// login linked the subject first, adds nothing and returns that user.
    func createExternalUser(_ user: StoredUser, subject: String) async throws -> StoredUser

    /// The level `userId` was granted on `path`.
    func grant(path: String, userId: String) async throws -> StoredGrant?
    /// The grants `userId` holds, ordered by path.
    func grants(userId: String) async throws -> [StoredGrant]
    /// The grants on `path`, or every grant when nil, ordered by path then user id.
    func grants(path: String?) async throws -> [StoredGrant]
    /// Stores `grant`, replacing the user's level on the path; with `onlyRaising`, an existing
    /// higher level stays. Returns what is stored afterwards.
    func saveGrant(_ grant: StoredGrant, onlyRaising: Bool) async throws -> StoredGrant
    /// Removes the user's grant on the path; false when there was none.
    func removeGrant(path: String, userId: String) async throws -> Bool

    /// Stores a new offer (its ``StoredOffer/revokedAt`` nil and ``StoredOffer/acceptedCount`` 0).
    func saveOffer(_ offer: StoredOffer) async throws
    /// The offer whose token has this hash, with its revocation and acceptance count.
    func offer(tokenHash: String) async throws -> StoredOffer?
    /// The offers `userId` created, or every offer when nil, revoked and expired ones included,
    /// ordered by creation time (oldest first; equal times in any order).
    func offers(createdBy userId: String?) async throws -> [StoredOffer]
    /// Marks the offer whose token has this hash revoked at `date`, for good: it stays listed,
    /// and acceptance refuses it. Revoking a revoked offer keeps the first date. Returns false
    /// when no offer has this hash.
    func revokeOffer(tokenHash: String, at date: Date) async throws -> Bool
    /// Adds one to the acceptance count of the offer whose token has this hash (called after
    /// each successful acceptance); nothing happens when there is no such offer.
    func countOfferAcceptance(tokenHash: String) async throws

    /// The permission rules of the realm at `path`, if it has some (``RealmRules``).
    func realmRules(path: String) async throws -> RealmRules?
    /// Stores the rules of the realm at `path`; nil removes them.
    func saveRealmRules(_ rules: RealmRules?, path: String) async throws

    /// The custom data of the user with this id (a JSON object, ``CustomDataValue``); nil
    /// when none was set.
    func customData(userId: String) async throws -> [String: CustomDataValue]?
    /// Stores the custom data of the user with this id; nil removes it.
    func saveCustomData(_ data: [String: CustomDataValue]?, userId: String) async throws

    /// Adds an API key; ``ServerStoreError/apiKeyNameTaken(_:)`` when its user has a key
    /// with the same name.
    func createAPIKey(_ key: StoredAPIKey) async throws
    /// The API key with this id.
    func apiKey(id: String) async throws -> StoredAPIKey?
    /// The API key whose key has this hash.
    func apiKey(hash: String) async throws -> StoredAPIKey?
    /// The API keys of the user with this id, ordered by creation.
    func apiKeys(userId: String) async throws -> [StoredAPIKey]
    /// Enables or disables the API key with this id; false when there is no such key.
    func setAPIKeyDisabled(_ disabled: Bool, id: String) async throws -> Bool
    /// Deletes the API key with this id and revokes the refresh tokens of the sessions that
    /// logged in with it; false when there is no such key.
    func deleteAPIKey(id: String) async throws -> Bool

    /// Stores a new account token; the user's earlier tokens of the same purpose are deleted
    /// (only the newest works).
    func saveAccountToken(_ token: StoredAccountToken) async throws
    /// Deletes and returns the account token with this id, in one step: a token is used once,
    /// even by concurrent requests (expired or not: the caller checks).
    func takeAccountToken(id: String) async throws -> StoredAccountToken?
    /// Whether the password account with this id awaits confirmation.
    func isAwaitingConfirmation(userId: String) async throws -> Bool
    /// Marks the account with this id as awaiting confirmation (true) or confirmed (false).
    func setAwaitingConfirmation(_ awaiting: Bool, userId: String) async throws
    /// Replaces the password hash of the user with this id and revokes every refresh token of
    /// the user (a new password ends the other sessions); false when there is no such user.
    func resetPassword(hash: String, userId: String) async throws -> Bool

    /// Deletes the user with this id, with their user name, external identities, refresh
    /// tokens and account tokens, in one transaction; false when there is no such user. (Their
    /// API keys, custom data, grants and offers are removed first, by the caller.)
    func deleteUser(id: String) async throws -> Bool

    /// Links the identity `provider` knows by `subject` to the user `userId`, unless it is
    /// linked already; returns the id of the user it is linked to afterwards.
    func linkExternalIdentity(provider: String, subject: String, userId: String) async throws -> String
    /// Moves the user name, password and external identities of the account `donor` to the
    /// account `userId` (which has no user name) and deletes `donor` with its refresh and
    /// account tokens, in one transaction;
    /// false (and nothing changes) when `userId` has a user name or either account is missing.
    func movePasswordIdentity(from donor: String, to userId: String) async throws -> Bool

    /// The history storage of the realm at `path` (created with the realm).
    @_spi(Sync) func history(path: String) async throws -> any RealmHistoryStore
    /// Closes files; nothing may be called after it.
    func close() async
}

/// One realm's server history and client files in storage.
///
/// On one server, the realm's ``RealmSyncActor`` is the only writer and serializes the calls.
/// Several server instances on one shared store (``PostgresServerStore``) each have a
/// `RealmSyncActor` for the realm: the store is then the arbiter. It assigns client file
/// identities itself, and appends only on top of the latest version the caller knew, so that a
/// realm's history has one total order whichever instance integrated each entry.
@_spi(Sync) public protocol RealmHistoryStore: Sendable {
    /// The whole stored history.
    func load() async throws -> StoredHistory
    /// The entries after server version `version` (``StoredHistory/compactedThrough`` is
    /// `version`) and every client file with its stored state: what another writer added since.
    func changes(after version: UInt64) async throws -> StoredHistory
    /// Stores a new client file with `salt` and the next identity of the realm (from 1; unique
    /// even when several writers assign at once).
    func assignClientFile(salt: UInt64) async throws -> ClientFileState
    /// Appends what `integrate` makes while the realm is locked against every other writer for
    /// the whole call. `integrate` first gets what other writers appended after server version
    /// `version` (empty on a store with one writer), catches up with it, integrates on top and
    /// returns what to store (nil: nothing). The entries and the new state of the client file
    /// that uploaded them are stored in one durable transaction: both or neither survive a crash.
    ///
    /// Catching up under the same lock as the append is what keeps a server instance from
    /// being starved by a busier one: an append refused because the history moved on, caught
    /// up and tried again, can lose the race for the lock every time while the other keeps it
    /// busy. If what `integrate` returns does not continue the caught-up history, nothing is
    /// stored and ``HistoryMovedOn`` is thrown (a bug in the caller).
    func appendLocked(after version: UInt64, _ integrate: @escaping @Sendable (StoredHistory) async throws -> HistoryAppend?) async throws
    /// Replaces the changesets of stored entries with their compacted form (``HistoryCompaction``:
    /// same server versions, origins and timestamps, fewer instructions), in one durable
    /// transaction: all or none survive a crash. Another writer may hold the older form in
    /// memory, or store its own compacted form of the same entries later: every form is
    /// equivalent for integration and downloads (FORMAT.md II.16).
    func replaceChangesets(of entries: [ServerHistoryEntry]) async throws
}

/// What ``RealmHistoryStore/appendLocked(after:_:)`` stores: new entries and the state of the
/// client file that uploaded them.
@_spi(Sync) public struct HistoryAppend: Sendable {
    /// The integrated entries, continuing the history the integration caught up with.
    public var entries: [ServerHistoryEntry]
    /// The uploading client file's new state.
    public var clientFile: ClientFileState

    /// Creates the append.
    public init(entries: [ServerHistoryEntry], clientFile: ClientFileState) {
        self.entries = entries
        self.clientFile = clientFile
    }
}

/// An append was refused: what the caller integrated does not continue the stored history.
@_spi(Sync) public struct HistoryMovedOn: Error, Equatable, CustomStringConvertible {
    /// The latest version the caller integrated on.
    public var expected: UInt64
    /// The latest stored version.
    public var latest: UInt64

    /// Creates the error.
    public init(expected: UInt64, latest: UInt64) {
        self.expected = expected
        self.latest = latest
    }

    public var description: String { "the history moved on: it ends at server version \(latest), not \(expected)" }
}

/// What changed in the histories of a store that other processes write too.
enum HistoryChange: Sendable, Equatable {
    /// The realm at `path` has server versions up to `version`.
    case advanced(path: String, version: UInt64)
    /// Changes may have been missed (the notification channel was reconnected): every realm in
    /// memory should compare itself with the store.
    case resynchronize
}

/// A store that other server instances write too, and that says when they did.
protocol SharedHistoryStore: Sendable {
    /// The changes, for one consumer (the server's ``SyncHub``).
    func historyChanges() -> AsyncStream<HistoryChange>
}
