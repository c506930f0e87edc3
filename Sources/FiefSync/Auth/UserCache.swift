import FiefSyncProtocol
import Foundation

/// The users of one app on this device, in the Fief realm `<root directory>/metadata.fief`
/// (encrypted when the app has a metadata encryption key).
///
/// The realm is opened dynamically (class `FiefSyncUser`, no Swift model class), so the cache's
/// class never joins the schema of the app's own realms. Every operation opens it on the
/// calling thread inside a lock and closes it before returning: the realm never crosses threads.
final class UserCache: @unchecked Sendable {
    /// The cache file.
    let fileURL: URL
    private let configuration: Realm.Configuration
    private let lock = NSLock()

    static let className = "FiefSyncUser"
    /// Each user's custom data as JSON, in a class of its own so that caches written before
    /// custom data existed keep their `FiefSyncUser` schema.
    static let customDataClassName = "FiefSyncUserCustomData"
    /// Each user's profile as JSON, in a class of its own for the same reason.
    static let profileClassName = "FiefSyncUserProfile"
    static let fileName = "metadata.fief"

    private static let schema = ObjectSchema(className: className, properties: [
        Property(name: "id", type: .string, isPrimary: true),
        Property(name: "provider", type: .string),
        Property(name: "refreshToken", type: .string, isOptional: true),
        Property(name: "accessToken", type: .string, isOptional: true),
        Property(name: "serverURL", type: .string),
        Property(name: "appId", type: .string),
        Property(name: "state", type: .string),
        Property(name: "isAdmin", type: .bool),
        Property(name: "lastActiveAt", type: .date),
    ])

    private static let customDataSchema = jsonSchema(customDataClassName)
    private static let profileSchema = jsonSchema(profileClassName)

    /// A class of JSON documents keyed by user id.
    private static func jsonSchema(_ className: String) -> ObjectSchema {
        ObjectSchema(className: className, properties: [
            Property(name: "id", type: .string, isPrimary: true),
            Property(name: "json", type: .string),
        ])
    }

    /// The cache in `directory`, encrypted with `encryptionKey` (64 bytes) when given.
    init(directory: URL, encryptionKey: Data?) {
        fileURL = directory.appendingPathComponent(Self.fileName)
        var configuration = Realm.Configuration(fileURL: fileURL)
        configuration.encryptionKey = encryptionKey
        self.configuration = configuration
    }

    /// Every user in the file (none when there is no file yet).
    func load() throws -> [CachedUser] {
        try lock.withLockHeld {
            guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
            let realm = try open()
            guard realm.schema.objectSchema.contains(where: { $0.className == Self.className }) else { return [] }
            let customData = try Self.documents(of: Self.customDataClassName, [String: CustomDataValue].self, in: realm)
            let profiles = try Self.documents(of: Self.profileClassName, UserProfile.self, in: realm)
            return try realm.dynamicObjects(Self.className).objects().compactMap(Self.cachedUser).map { user in
                var user = user
                user.customData = customData[user.id] ?? [:]
                user.profile = profiles[user.id] ?? UserProfile()
                return user
            }
        }
    }

    /// Inserts or replaces `user`.
    func save(_ user: CachedUser) throws {
        try lock.withLockHeld {
            try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let realm = try open()
            try realm.write {
                try realm.dynamicAddClasses([Self.schema, Self.customDataSchema, Self.profileSchema])
                try realm.dynamicCreate(Self.className, value: Self.values(user), update: .modified)
                try Self.saveDocument(user.customData, of: Self.customDataClassName, for: user.id, in: realm)
                try Self.saveDocument(user.profile, of: Self.profileClassName, for: user.id, in: realm)
            }
        }
    }

    /// The JSON documents of `className` by user id (none when the file predates the class);
    /// a document this version cannot read is left out.
    private static func documents<Document: Decodable>(of className: String, _ type: Document.Type, in realm: Realm) throws -> [String: Document] {
        guard realm.schema.objectSchema.contains(where: { $0.className == className }) else { return [:] }
        var documents: [String: Document] = [:]
        for object in try realm.dynamicObjects(className).objects() {
            guard let id = try object.value(forProperty: "id") as? String, let json = try object.value(forProperty: "json") as? String,
                  let document = try? JSONDecoder().decode(type, from: Data(json.utf8)) else { continue }
            documents[id] = document
        }
        return documents
    }

    /// Inserts or replaces the JSON document of `className` for user `id`.
    private static func saveDocument(_ document: some Encodable, of className: String, for id: String, in realm: Realm) throws {
        let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
        try realm.dynamicCreate(className, value: ["id": id, "json": json], update: .modified)
    }

    private func open() throws -> Realm {
        try Realm(dynamicConfiguration: configuration)
    }

    private static func values(_ user: CachedUser) -> [String: Any?] {
        [
            "id": user.id, "provider": user.provider, "refreshToken": user.refreshToken, "accessToken": user.accessToken,
            "serverURL": user.serverURL, "appId": user.appId, "state": user.state.rawValue, "isAdmin": user.isAdmin,
            "lastActiveAt": user.lastActiveAt,
        ]
    }

    /// The user an object holds; nil for an object this version cannot read.
    private static func cachedUser(_ object: DynamicObject) throws -> CachedUser? {
        guard let id = try object.value(forProperty: "id") as? String,
              let stateText = try object.value(forProperty: "state") as? String,
              let state = UserState(rawValue: stateText) else { return nil }
        return CachedUser(
            id: id,
            provider: try object.value(forProperty: "provider") as? String ?? "",
            refreshToken: try object.value(forProperty: "refreshToken") as? String,
            accessToken: try object.value(forProperty: "accessToken") as? String,
            serverURL: try object.value(forProperty: "serverURL") as? String ?? "",
            appId: try object.value(forProperty: "appId") as? String ?? "",
            state: state,
            isAdmin: try object.value(forProperty: "isAdmin") as? Bool ?? false,
            lastActiveAt: try object.value(forProperty: "lastActiveAt") as? Date ?? Date(timeIntervalSince1970: 0))
    }
}

fileprivate extension NSLock {
    /// Runs `body` with the lock held.
    func withLockHeld<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
