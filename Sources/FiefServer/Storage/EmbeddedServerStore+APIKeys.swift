import Fief
import Foundation

// Users' API keys in the embedded store (``APIKeyRecord``).
extension EmbeddedServerStore {
    public func createAPIKey(_ key: StoredAPIKey) async throws {
        let realm = try await realm()
        try realm.write {
            guard realm.objects(APIKeyRecord.self).filter("userId == %@ AND name == %@", key.userId, key.name).isEmpty else {
                throw ServerStoreError.apiKeyNameTaken(key.name)
            }
            let record = APIKeyRecord()
            record.id = key.id
            record.userId = key.userId
            record.name = key.name
            record.keyHash = key.keyHash
            record.disabled = key.disabled
            record.createdAt = key.createdAt
            realm.add(record)
        }
    }

    public func apiKey(id: String) async throws -> StoredAPIKey? {
        try await realm().object(ofType: APIKeyRecord.self, forPrimaryKey: id)?.value
    }

    public func apiKey(hash: String) async throws -> StoredAPIKey? {
        try await realm().objects(APIKeyRecord.self).filter("keyHash == %@", hash).first?.value
    }

    public func apiKeys(userId: String) async throws -> [StoredAPIKey] {
        try await realm().objects(APIKeyRecord.self).filter("userId == %@", userId).sorted(byKeyPath: "createdAt").map(\.value)
    }

    public func setAPIKeyDisabled(_ disabled: Bool, id: String) async throws -> Bool {
        let realm = try await realm()
        guard let record = realm.object(ofType: APIKeyRecord.self, forPrimaryKey: id) else { return false }
        try realm.write { record.disabled = disabled }
        return true
    }

    public func deleteAPIKey(id: String) async throws -> Bool {
        let realm = try await realm()
        guard let record = realm.object(ofType: APIKeyRecord.self, forPrimaryKey: id) else { return false }
        try realm.write {
            for session in realm.objects(APIKeySessionRecord.self).filter("apiKeyId == %@", id) {
                realm.object(ofType: RefreshTokenRecord.self, forPrimaryKey: session.tokenHash)?.revoked = true
            }
            realm.delete(realm.objects(APIKeySessionRecord.self).filter("apiKeyId == %@", id))
            realm.delete(record)
        }
        return true
    }
}
