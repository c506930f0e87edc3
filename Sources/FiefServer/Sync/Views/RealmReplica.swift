@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// A realm's current state on the server: its history applied in order to an in-memory Fief
/// realm, the way a client that downloaded everything holds it.
///
/// The server reads it to give each session only part of the realm (subscriptions and read
/// rules are evaluated with Fief's own query engine) and to judge writes against permission
/// rules. It lives on the realm's ``RealmSyncActor`` (its realm is isolated to that actor) and
/// is made when first needed, by replaying the history; it is rebuilt the same way after a
/// failed store or a restart. Nothing in it is durable: the history is.
final class RealmReplica {
    let realm: Realm
    /// The server version the replica holds.
    private(set) var version: UInt64 = 0
    /// Grows each time the schema grows: queries compiled before must be compiled again.
    private(set) var schemaGeneration = 0

    private init(realm: Realm) {
        self.realm = realm
    }

    /// An empty replica whose realm is isolated to `actor`.
    static func open(on actor: isolated RealmSyncActor) async throws -> RealmReplica {
        let configuration = Realm.Configuration(inMemoryIdentifier: "fief-server-replica-\(UUID().uuidString)", objectTypes: [])
        return RealmReplica(realm: try await Realm(configuration: configuration, actor: actor))
    }

    /// Applies the entries of `history` after ``version``, in one write.
    func catchUp(with history: ServerHistory) throws {
        guard history.latestVersion > version else { return }
        let fresh: ArraySlice<ServerHistoryEntry>
        do throws(ServerHistoryError) { fresh = try history.entries(after: version) } catch {
            throw ServerStoreError.storage("the replica is at server version \(version), which the history no longer holds: \(error)")
        }
        try realm.write {
            for entry in fresh {
                guard entry.serverVersion == version + 1 else {
                    throw ServerStoreError.storage("the replica is at server version \(version) and cannot apply \(entry.serverVersion)")
                }
                try realm.integrateServerSyncChangeset(entry.changeset, ownFileIdent: 0)
                noteSchemaChanges(entry.changeset)
                version = entry.serverVersion
            }
        }
    }

    /// Applies one changeset as the next server version (an upload just admitted).
    func apply(_ changeset: SyncChangeset) throws {
        try realm.write { try realm.integrateServerSyncChangeset(changeset, ownFileIdent: 0) }
        noteSchemaChanges(changeset)
        version += 1
    }

    private func noteSchemaChanges(_ changeset: SyncChangeset) {
        if changeset.instructions.contains(where: { $0.objectKey == nil }) { schemaGeneration += 1 }
    }

    /// Whether any top-level or embedded class has a link property: only then can a view
    /// need objects that its queries do not match (the objects links reach).
    var hasLinks: Bool {
        realm.schema.objectSchema.contains { $0.properties.contains { $0.type == .object || $0.type == .any } }
    }
}
