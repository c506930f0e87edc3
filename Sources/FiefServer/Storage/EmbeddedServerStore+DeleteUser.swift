import Fief
import Foundation

// Deleting a user in the embedded store.
extension EmbeddedServerStore {
    public func deleteUser(id: String) async throws -> Bool {
        let realm = try await realm()
        guard let user = realm.object(ofType: UserRecord.self, forPrimaryKey: id) else { return false }
        try realm.write {
            if let name = user.username, let entry = realm.object(ofType: UsernameRecord.self, forPrimaryKey: name.lowercased()) {
                realm.delete(entry)
            }
            realm.delete(realm.objects(ExternalIdentityRecord.self).filter("userId == %@", id))
            realm.delete(realm.objects(RefreshTokenRecord.self).filter("userId == %@", id))
            realm.delete(realm.objects(AccountTokenRecord.self).filter("userId == %@", id))
            if let awaiting = realm.object(ofType: AwaitingConfirmationRecord.self, forPrimaryKey: id) { realm.delete(awaiting) }
            realm.delete(user)
        }
        return true
    }
}
