import Fief
import Foundation

// Linking identities to an existing user in the embedded store.
extension EmbeddedServerStore {
    public func linkExternalIdentity(provider: String, subject: String, userId: String) async throws -> String {
        let realm = try await realm()
        let key = ExternalIdentityRecord.key(provider: provider, subject: subject)
        var owner = userId
        try realm.write {
            if let existing = realm.object(ofType: ExternalIdentityRecord.self, forPrimaryKey: key) {
                owner = existing.userId
                return
            }
            let identity = ExternalIdentityRecord()
            identity.key = key
            identity.provider = provider
            identity.subject = subject
            identity.userId = userId
            realm.add(identity)
        }
        return owner
    }

    public func movePasswordIdentity(from donor: String, to userId: String) async throws -> Bool {
        let realm = try await realm()
        guard let giver = realm.object(ofType: UserRecord.self, forPrimaryKey: donor), let name = giver.username,
              let taker = realm.object(ofType: UserRecord.self, forPrimaryKey: userId), taker.username == nil else { return false }
        try realm.write {
            realm.object(ofType: UsernameRecord.self, forPrimaryKey: name.lowercased())?.userId = userId
            taker.username = name
            taker.passwordHash = giver.passwordHash
            for identity in Array(realm.objects(ExternalIdentityRecord.self).filter("userId == %@", donor)) { identity.userId = userId }
            realm.delete(realm.objects(RefreshTokenRecord.self).filter("userId == %@", donor))
            realm.delete(realm.objects(AccountTokenRecord.self).filter("userId == %@", donor))
            if let awaiting = realm.object(ofType: AwaitingConfirmationRecord.self, forPrimaryKey: donor) { realm.delete(awaiting) }
            realm.delete(giver)
        }
        return true
    }
}
