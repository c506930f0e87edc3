/// One of a user's API keys, as ``APIKeyAuth`` returns it.
///
/// ```swift
/// let created = try await user.apiKeysAuth.createAPIKey(named: "backup job")
/// storeSecret(created.key!)   // shown only now: the server keeps only its hash
/// ```
public struct UserAPIKey: Sendable, Equatable, Hashable {
    /// The key's id, to fetch, enable, disable or delete it.
    public let objectId: ObjectId
    /// The name it was created with, unique among the user's keys.
    public let name: String
    /// The key to log in with (``Credentials/userAPIKey(_:)``): set only on the value
    /// ``APIKeyAuth/createAPIKey(named:)`` returns, nil on fetched keys.
    public let key: String?
    /// Whether logins with the key are refused.
    public let disabled: Bool

    /// A key value.
    public init(objectId: ObjectId, name: String, key: String?, disabled: Bool) {
        self.objectId = objectId
        self.name = name
        self.key = key
        self.disabled = disabled
    }

    /// The key of a server answer.
    init(_ body: APIKeyBody, endpoint: String) throws(SyncAuthError) {
        guard let id = try? ObjectId(string: body.id) else {
            throw SyncAuthError(.badResponse, "\(endpoint) answered an API key id \"\(body.id.prefix(64))\" that is not an ObjectId")
        }
        self.init(objectId: id, name: body.name, key: body.key, disabled: body.disabled)
    }
}
