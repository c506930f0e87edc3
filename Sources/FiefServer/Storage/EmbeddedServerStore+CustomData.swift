import Fief
import FiefSyncProtocol
import Foundation

// Users' custom data in the embedded store (``UserCustomDataRecord``).
extension EmbeddedServerStore {
    public func customData(userId: String) async throws -> [String: CustomDataValue]? {
        guard let json = try await realm().object(ofType: UserCustomDataRecord.self, forPrimaryKey: userId)?.json else { return nil }
        return try StoredCustomData.decode(json, userId: userId)
    }

    public func saveCustomData(_ data: [String: CustomDataValue]?, userId: String) async throws {
        let realm = try await realm()
        let json = try data.map(StoredCustomData.encode)
        try realm.write {
            if let json {
                let record = UserCustomDataRecord()
                record.userId = userId
                record.json = json
                realm.add(record, update: .modified)
            } else if let existing = realm.object(ofType: UserCustomDataRecord.self, forPrimaryKey: userId) {
                realm.delete(existing)
            }
        }
    }
}
