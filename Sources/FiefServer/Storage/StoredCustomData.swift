import FiefSyncProtocol
import Foundation

/// Users' custom data as the stores keep it: JSON text with sorted keys.
enum StoredCustomData {
    static func encode(_ data: [String: CustomDataValue]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(data), as: UTF8.self)
    }

    /// Custom data read back; ``ServerStoreError/corrupt(_:)`` when it does not decode.
    static func decode(_ json: String, userId: String) throws -> [String: CustomDataValue] {
        do { return try JSONDecoder().decode([String: CustomDataValue].self, from: Data(json.utf8)) } catch {
            throw ServerStoreError.corrupt("the stored custom data of user \(userId) does not decode: \(error)")
        }
    }
}
