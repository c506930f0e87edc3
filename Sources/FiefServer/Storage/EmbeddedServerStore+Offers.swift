import Fief
import Foundation

// Listing and revoking offers, and counting their acceptances, in the embedded store.
extension EmbeddedServerStore {
    public func offers(createdBy userId: String?) async throws -> [StoredOffer] {
        let realm = try await realm()
        var records = realm.objects(OfferRecord.self)
        if let userId { records = records.filter("createdBy == %@", userId) }
        return try records.sorted(byKeyPath: "createdAt").map { try Self.offer($0, in: realm) }
    }

    public func revokeOffer(tokenHash: String, at date: Date) async throws -> Bool {
        let realm = try await realm()
        guard realm.object(ofType: OfferRecord.self, forPrimaryKey: tokenHash) != nil else { return false }
        try realm.write {
            let use = Self.use(of: tokenHash, in: realm)
            if use.revokedAt == nil { use.revokedAt = date }
        }
        return true
    }

    public func realmRules(path: String) async throws -> RealmRules? {
        guard let json = try await realm().object(ofType: RealmRulesRecord.self, forPrimaryKey: path)?.rules else { return nil }
        return try RealmRules.decodeStored(json, path: path)
    }

    public func saveRealmRules(_ rules: RealmRules?, path: String) async throws {
        let record = try rules.map { rules in
            let record = RealmRulesRecord()
            record.path = path
            record.rules = try rules.storedJSON()
            return record
        }
        try await replace(RealmRulesRecord.self, key: path, with: record)
    }

    public func countOfferAcceptance(tokenHash: String) async throws {
        let realm = try await realm()
        guard realm.object(ofType: OfferRecord.self, forPrimaryKey: tokenHash) != nil else { return }
        try realm.write { Self.use(of: tokenHash, in: realm).acceptedCount += 1 }
    }

    /// The offer of `record` with what happened to it since.
    static func offer(_ record: OfferRecord, in realm: Realm) throws -> StoredOffer {
        var offer = try record.value()
        if let use = realm.object(ofType: OfferUseRecord.self, forPrimaryKey: record.tokenHash) {
            offer.revokedAt = use.revokedAt
            offer.acceptedCount = use.acceptedCount
        }
        return offer
    }

    /// The offer's use record, added if missing (inside a write).
    private static func use(of tokenHash: String, in realm: Realm) -> OfferUseRecord {
        if let use = realm.object(ofType: OfferUseRecord.self, forPrimaryKey: tokenHash) { return use }
        let use = OfferUseRecord()
        use.tokenHash = tokenHash
        realm.add(use)
        return use
    }
}
