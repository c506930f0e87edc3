import Fief
import Foundation

/// The default ``ServerStore``: everything in Fief realms under the data directory.
///
/// ```
/// <data directory>/
///   server.realm            users, user names, refresh tokens, the realm registry, grants,
///                           offers, external identities, rules, custom data, API keys
///   realms/<sha256>.realm   one file per realm: its server history and client files
/// ```
///
/// Every write uses Fief's default full durability, so it is on disk when the call returns.
public actor EmbeddedServerStore: ServerStore {
    private let directory: URL
    private let configuration: Realm.Configuration
    private var openRealm: Realm?
    private var histories: [String: EmbeddedRealmHistoryStore] = [:]
    private let executor = StorageExecutor(label: "fief-server.store")

    /// Runs on a queue of its own: commits wait for the disk (``StorageExecutor``).
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// A store in `directory` (created if missing).
    public init(directory: URL) throws {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("realms"), withIntermediateDirectories: true)
        } catch {
            throw ServerStoreError.storage("cannot create \(directory.path)/realms: \(error.localizedDescription)")
        }
        configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("server.realm"),
                                            // 1: realm rules; 2: users' custom data; 3: API keys;
                                            // 4: account tokens and accounts awaiting confirmation.
                                            schemaVersion: 4,
                                            objectTypes: [UserRecord.self, UsernameRecord.self, RefreshTokenRecord.self, RealmRecord.self,
                                                          GrantRecord.self, OfferRecord.self, OfferUseRecord.self, ExternalIdentityRecord.self,
                                                          RealmRulesRecord.self, UserCustomDataRecord.self,
                                                          APIKeyRecord.self, APIKeySessionRecord.self, AccountTokenRecord.self,
                                                          AwaitingConfirmationRecord.self])
    }

    /// The open `server.realm` (opened on first use).
    func realm() async throws -> Realm {
        if let openRealm { return openRealm }
        let realm = try await Realm.open(configuration: configuration)
        openRealm = realm
        return realm
    }

    /// Stores `record` in place of the object with its primary key or, when `record` is nil,
    /// deletes the object of `type` whose primary key is `key`: how the store keeps its
    /// optional per-key documents (a realm's rules, a user's custom data).
    func replace<Record: Object>(_ type: Record.Type, key: String, with record: Record?) async throws {
        let realm = try await realm()
        try realm.write {
            if let record {
                realm.add(record, update: .modified)
            } else if let existing = realm.object(ofType: type, forPrimaryKey: key) {
                realm.delete(existing)
            }
        }
    }

    public func prepare() async throws {
        _ = try await realm()
    }

    public func createUser(_ user: StoredUser) async throws {
        let realm = try await realm()
        try realm.write { try Self.add(user, to: realm) }
    }

    /// Adds the user and its user name (inside a write).
    static func add(_ user: StoredUser, to realm: Realm) throws {
        if let name = user.username {
            let key = name.lowercased()
            guard realm.object(ofType: UsernameRecord.self, forPrimaryKey: key) == nil else {
                throw ServerStoreError.usernameTaken(name)
            }
            let entry = UsernameRecord()
            entry.key = key
            entry.userId = user.id
            realm.add(entry)
        }
        let record = UserRecord()
        record.id = user.id
        record.username = user.username
        record.passwordHash = user.passwordHash
        record.provider = user.provider
        record.isAdmin = user.isAdmin
        record.createdAt = user.createdAt
        realm.add(record)
    }

    public func user(id: String) async throws -> StoredUser? {
        try await realm().object(ofType: UserRecord.self, forPrimaryKey: id)?.value
    }

    public func user(username: String) async throws -> StoredUser? {
        let realm = try await realm()
        guard let entry = realm.object(ofType: UsernameRecord.self, forPrimaryKey: username.lowercased()) else { return nil }
        return realm.object(ofType: UserRecord.self, forPrimaryKey: entry.userId)?.value
    }

    public func users() async throws -> [StoredUser] {
        try await realm().objects(UserRecord.self).sorted(byKeyPath: "createdAt").map(\.value)
    }

    public func saveRefreshToken(_ token: StoredRefreshToken) async throws {
        let realm = try await realm()
        try realm.write {
            let record = RefreshTokenRecord()
            record.tokenHash = token.tokenHash
            record.userId = token.userId
            record.expiresAt = token.expiresAt
            record.revoked = token.revoked
            realm.add(record, update: .modified)
            if let apiKeyId = token.apiKeyId {
                let session = APIKeySessionRecord()
                session.tokenHash = token.tokenHash
                session.apiKeyId = apiKeyId
                realm.add(session, update: .modified)
            }
        }
    }

    public func refreshToken(hash: String) async throws -> StoredRefreshToken? {
        let realm = try await realm()
        guard var token = realm.object(ofType: RefreshTokenRecord.self, forPrimaryKey: hash)?.value else { return nil }
        token.apiKeyId = realm.object(ofType: APIKeySessionRecord.self, forPrimaryKey: hash)?.apiKeyId
        return token
    }

    public func revokeRefreshToken(hash: String) async throws -> Bool {
        let realm = try await realm()
        guard let record = realm.object(ofType: RefreshTokenRecord.self, forPrimaryKey: hash) else { return false }
        try realm.write { record.revoked = true }
        return true
    }

    public func realm(path: String) async throws -> StoredRealm? {
        try await realm().object(ofType: RealmRecord.self, forPrimaryKey: path)?.value
    }

    public func createRealm(_ stored: StoredRealm) async throws -> StoredRealm {
        let realm = try await realm()
        if let existing = realm.object(ofType: RealmRecord.self, forPrimaryKey: stored.path) { return existing.value }
        try realm.write {
            let record = RealmRecord()
            record.path = stored.path
            record.creatorId = stored.creatorId
            record.createdAt = stored.createdAt
            realm.add(record)
        }
        return stored
    }

    public func realms() async throws -> [StoredRealm] {
        try await realm().objects(RealmRecord.self).sorted(byKeyPath: "path").map(\.value)
    }

    @_spi(Sync) public func history(path: String) async throws -> any RealmHistoryStore {
        if let store = histories[path] { return store }
        let name = ByteEncodings.hex(try Crypto.sha256(Array(path.utf8)))
        let store = EmbeddedRealmHistoryStore(fileURL: directory.appendingPathComponent("realms/\(name).realm"))
        histories[path] = store
        return store
    }

    public func close() async {
        openRealm = nil
        histories = [:]
    }
}
