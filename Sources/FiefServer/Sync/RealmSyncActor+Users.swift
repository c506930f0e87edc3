@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// The `__User` class of the default realm: the server's master list of users, written by the
/// server so that application objects can link to users. Clients may read it (as the realm's
/// rules allow) but never write it.
extension RealmSyncActor {
    /// The class name of the user list.
    static let userClass = "__User"

    /// Adds a `__User` object (`id` primary key, `isAdmin`) for each of `users` the realm does
    /// not list yet, as a changeset of the server's own.
    func ensureUsers(_ users: [AuthenticatedUser]) async throws {
        let users = users.filter { !listedUsers.contains($0.id) }
        guard !users.isEmpty else { return }
        let instructions: [SyncInstruction] = try await exclusively {
            let realm = try await currentReplica().realm
            var instructions: [SyncInstruction] = []
            if !realm.syncTopLevelClassNames.contains(Self.userClass) {
                instructions.append(.addClass(name: Self.userClass, primaryKey: SyncPropertySchema(name: "id", type: .string, isPrimaryKey: true, isIndexed: true),
                                              isEmbedded: false))
                instructions.append(.addProperty(className: Self.userClass, property: SyncPropertySchema(name: "isAdmin", type: .bool)))
            }
            for user in users {
                let object = SyncObjectID.primaryKey(.string(user.id))
                guard try !realm.syncObjectExists(className: Self.userClass, object: object) else {
                    listedUsers.insert(user.id)
                    continue
                }
                instructions.append(.createObject(className: Self.userClass, object: object))
                if user.isAdmin {
                    instructions.append(.set(SyncTarget(className: Self.userClass, object: object, property: "isAdmin"), .bool(true), isDefault: false))
                }
            }
            return instructions
        }
        guard !instructions.isEmpty else { return }
        // The server writes as a client file of its own (a new one after each start).
        let file: ClientFileState
        if let serverFile { file = serverFile } else {
            file = try await assignClientFile()
            serverFile = file
        }
        // Based on the newest (durable) version: creating an object that exists changes nothing.
        let upload: ClientUpload = try await exclusively {
            serverClientVersion += 1
            var clock = HybridLogicalClock(latest: history.entries.last?.timestamp ?? 0)
            let timestamp = clock.tick(physicalMilliseconds: HybridLogicalClock.milliseconds(unixTime: Date().timeIntervalSince1970))
            return ClientUpload(originFileIdent: file.ident, clientVersion: serverClientVersion, baseServerVersion: history.latestVersion,
                                timestamp: timestamp, changeset: SyncChangeset(instructions))
        }
        _ = try await integrate([upload], fileIdent: file.ident, rules: nil)
        listedUsers.formUnion(users.map(\.id))
    }
}
