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
        let record = try data.map { data in
            let record = UserCustomDataRecord()
            record.userId = userId
            record.json = try StoredCustomData.encode(data)
            return record
        }
        try await replace(UserCustomDataRecord.self, key: userId, with: record)
    }
}
