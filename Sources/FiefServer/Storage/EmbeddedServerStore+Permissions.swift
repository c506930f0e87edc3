import Fief
import Foundation

// Grants, offers, external identities and realm listings of the embedded store.
extension EmbeddedServerStore {
    public func realms(under prefix: String) async throws -> [StoredRealm] {
        try await realm().objects(RealmRecord.self).filter("path BEGINSWITH %@", prefix).sorted(byKeyPath: "path").map(\.value)
    }

    public func user(provider: String, subject: String) async throws -> StoredUser? {
        let realm = try await realm()
        let key = ExternalIdentityRecord.key(provider: provider, subject: subject)
        guard let identity = realm.object(ofType: ExternalIdentityRecord.self, forPrimaryKey: key) else { return nil }
        return realm.object(ofType: UserRecord.self, forPrimaryKey: identity.userId)?.value
    }

    public func createExternalUser(_ user: StoredUser, subject: String) async throws -> StoredUser {
        let realm = try await realm()
        let key = ExternalIdentityRecord.key(provider: user.provider, subject: subject)
        var stored = user
        try realm.write {
            if let existing = realm.object(ofType: ExternalIdentityRecord.self, forPrimaryKey: key),
               let linked = realm.object(ofType: UserRecord.self, forPrimaryKey: existing.userId) {
                stored = linked.value
                return
            }
            try Self.add(user, to: realm)
            let identity = ExternalIdentityRecord()
            identity.key = key
            identity.provider = user.provider
            identity.subject = subject
            identity.userId = user.id
            realm.add(identity, update: .modified)
        }
        return stored
    }

    public func grant(path: String, userId: String) async throws -> StoredGrant? {
        try await realm().object(ofType: GrantRecord.self, forPrimaryKey: GrantRecord.key(path: path, userId: userId))?.value()
    }

    public func grants(userId: String) async throws -> [StoredGrant] {
        try await realm().objects(GrantRecord.self).filter("userId == %@", userId).sorted(byKeyPath: "path").map { try $0.value() }
    }

    public func grants(path: String?) async throws -> [StoredGrant] {
        var records = try await realm().objects(GrantRecord.self)
        if let path { records = records.filter("path == %@", path) }
        return try records.sorted(byKeyPath: "key").map { try $0.value() }
    }

    public func saveGrant(_ grant: StoredGrant, onlyRaising: Bool) async throws -> StoredGrant {
        let realm = try await realm()
        let key = GrantRecord.key(path: grant.path, userId: grant.userId)
        if onlyRaising, let existing = try realm.object(ofType: GrantRecord.self, forPrimaryKey: key)?.value(),
           existing.accessLevel >= grant.accessLevel {
            return existing
        }
        try realm.write {
            let record = GrantRecord()
            record.key = key
            record.path = grant.path
            record.userId = grant.userId
            record.accessLevel = grant.accessLevel.rawValue
            record.grantedBy = grant.grantedBy
            record.grantedAt = grant.grantedAt
            realm.add(record, update: .modified)
        }
        return grant
    }

    public func removeGrant(path: String, userId: String) async throws -> Bool {
        let realm = try await realm()
        guard let record = realm.object(ofType: GrantRecord.self, forPrimaryKey: GrantRecord.key(path: path, userId: userId)) else { return false }
        try realm.write { realm.delete(record) }
        return true
    }

    public func saveOffer(_ offer: StoredOffer) async throws {
        let realm = try await realm()
        try realm.write {
            let record = OfferRecord()
            record.tokenHash = offer.tokenHash
            record.path = offer.path
            record.accessLevel = offer.accessLevel.rawValue
            record.createdBy = offer.createdBy
            record.createdAt = offer.createdAt
            record.expiresAt = offer.expiresAt
            realm.add(record, update: .modified)
        }
    }

    public func offer(tokenHash: String) async throws -> StoredOffer? {
        let realm = try await realm()
        guard let record = realm.object(ofType: OfferRecord.self, forPrimaryKey: tokenHash) else { return nil }
        return try Self.offer(record, in: realm)
    }
}
