import Fief
import Foundation

// Account confirmation and password reset in the embedded store.
extension EmbeddedServerStore {
    public func saveAccountToken(_ token: StoredAccountToken) async throws {
        let realm = try await realm()
        try realm.write {
            realm.delete(realm.objects(AccountTokenRecord.self).filter("userId == %@ AND purpose == %@", token.userId, token.purpose.rawValue))
            let record = AccountTokenRecord()
            record.id = token.id
            record.tokenHash = token.tokenHash
            record.userId = token.userId
            record.purpose = token.purpose.rawValue
            record.expiresAt = token.expiresAt
            realm.add(record)
        }
    }

    public func takeAccountToken(id: String) async throws -> StoredAccountToken? {
        let realm = try await realm()
        guard let record = realm.object(ofType: AccountTokenRecord.self, forPrimaryKey: id) else { return nil }
        guard let purpose = StoredAccountToken.Purpose(rawValue: record.purpose) else {
            throw ServerStoreError.corrupt("account token \(id) has purpose \"\(record.purpose)\"")
        }
        let token = StoredAccountToken(id: record.id, tokenHash: record.tokenHash, userId: record.userId, purpose: purpose, expiresAt: record.expiresAt)
        try realm.write { realm.delete(record) }
        return token
    }

    public func isAwaitingConfirmation(userId: String) async throws -> Bool {
        try await realm().object(ofType: AwaitingConfirmationRecord.self, forPrimaryKey: userId) != nil
    }

    public func setAwaitingConfirmation(_ awaiting: Bool, userId: String) async throws {
        let record = awaiting ? AwaitingConfirmationRecord() : nil
        record?.userId = userId
        try await replace(AwaitingConfirmationRecord.self, key: userId, with: record)
    }

    public func resetPassword(hash: String, userId: String) async throws -> Bool {
        let realm = try await realm()
        guard let user = realm.object(ofType: UserRecord.self, forPrimaryKey: userId) else { return false }
        try realm.write {
            user.passwordHash = hash
            for token in realm.objects(RefreshTokenRecord.self).filter("userId == %@", userId) { token.revoked = true }
        }
        return true
    }
}
