import FiefStorage
import Foundation

/// The live realms opened with `Realm(configuration:)`, `Realm(configuration:actor:)` and
/// `Realm(configuration:queue:)`, held without keeping them alive (``RealmInstanceTable``), so
/// that opening the same configuration again on the same thread (actor, queue) gives the same
/// instance, as in RealmSwift:
///
/// ```swift
/// try Realm().beginWrite()
/// try Realm().create(Dog.self, value: ["name": "Rex"])   // the same realm, in its write
/// try Realm().commitWrite()
/// ```
///
/// Thread-confined realms are kept in a table of the thread's own; every realm leaves its
/// table when it goes (from any thread, even after its thread exited). Actor-isolated realms
/// are keyed by the actor's identity (the realm holds the actor, so the identity cannot be
/// reused while the entry lives).
enum RealmInstanceCache {
    /// The thread's cached realm for `configuration`, if one is alive.
    static func threadRealm(for configuration: Realm.Configuration) -> Realm? {
        RealmInstanceTable.currentThread.realm(for: configuration.cacheKey)
    }

    /// Remembers `realm` as the thread's realm for its configuration.
    static func storeThreadRealm(_ realm: Realm) {
        _ = RealmInstanceTable.currentThread.storeIfAbsent(realm, for: realm.configuration.cacheKey)
    }

    /// The realm isolated to `actor` for `configuration`, if one is alive.
    static func actorRealm(for configuration: Realm.Configuration, actor: any Actor) -> Realm? {
        RealmInstanceTable.actors.realm(for: key(configuration, actor))
    }

    /// Remembers `realm` as the realm isolated to `actor` for its configuration, unless one
    /// is already cached; returns the realm the cache keeps.
    static func storeActorRealm(_ realm: Realm, actor: any Actor) -> Realm {
        RealmInstanceTable.actors.storeIfAbsent(realm, for: key(realm.configuration, actor))
    }

    /// The realm confined to `queue` for `configuration`, if one is alive.
    static func queueRealm(for configuration: Realm.Configuration, queue: DispatchQueue) -> Realm? {
        RealmInstanceTable.actors.realm(for: key(configuration, queue))
    }

    /// Remembers `realm` as the realm confined to `queue` for its configuration, unless one
    /// is already cached; returns the realm the cache keeps.
    static func storeQueueRealm(_ realm: Realm, queue: DispatchQueue) -> Realm {
        RealmInstanceTable.actors.storeIfAbsent(realm, for: key(realm.configuration, queue))
    }

    /// Queue-confined realms hold their queue, so its identity is not reused while they live.
    private static func key(_ configuration: Realm.Configuration, _ queue: DispatchQueue) -> String {
        "queue:\(UInt(bitPattern: ObjectIdentifier(queue).hashValue))|\(configuration.cacheKey)"
    }

    private static func key(_ configuration: Realm.Configuration, _ actor: any Actor) -> String {
        "\(UInt(bitPattern: ObjectIdentifier(actor).hashValue))|\(configuration.cacheKey)"
    }
}

/// Live realm instances by cache key: one table per thread (kept in the thread's dictionary)
/// and one for the process's actor-isolated and queue-confined realms.
///
/// The entries are ``UnretainedReference``s, not `weak` ones, so a cached realm keeps its
/// reference counts inline (see that type for why that matters and the contract kept here): a
/// realm's `deinit` removes its entry (``remove(_:for:)``) under the table's lock, and the
/// lookups load under it. The realm holds its table until then (`Realm.instanceCacheEntry`),
/// even after the thread that owned the table has exited.
final class RealmInstanceTable: @unchecked Sendable {
    private static let threadDictionaryKey = "fief.realmInstanceCache"
    static let actors = RealmInstanceTable()
    private let lock = NSLock()
    private var entries: [String: UnretainedReference<Realm>] = [:]

    /// The calling thread's table.
    static var currentThread: RealmInstanceTable {
        ThreadLocalObject.current(threadDictionaryKey, make: RealmInstanceTable.init)
    }

    /// The live realm cached under `key`, if any.
    func realm(for key: String) -> Realm? {
        lock.lock(); defer { lock.unlock() }
        return entries[key]?.load()
    }

    /// Caches `realm` under `key` unless a live realm is cached there; returns the one kept.
    func storeIfAbsent(_ realm: Realm, for key: String) -> Realm {
        lock.lock(); defer { lock.unlock() }
        if let existing = entries[key]?.load() { return existing }
        // A realm leaves one entry in its deinit: listed twice, the other would outlive it.
        assert(realm.instanceCacheEntry == nil, "a realm is cached under one key only")
        entries[key] = UnretainedReference(realm)
        realm.instanceCacheEntry = (self, key)
        return realm
    }

    /// Drops `realm`'s entry (from its `deinit`); an entry another realm took since is kept.
    func remove(_ realm: Realm, for key: String) {
        lock.lock(); defer { lock.unlock() }
        if entries[key]?.refers(to: realm) == true { entries[key] = nil }
    }
}

extension Realm.Configuration {
    /// What makes two configurations open the same cached instance: the same store, opened
    /// the same way (read-only or not, schema version, model classes, encryption key, sync).
    /// Configurations that differ otherwise (a migration block, a compaction callback) are
    /// the same realm, as in RealmSwift.
    var cacheKey: String {
        var parts = [storeIdentity, readOnly ? "ro" : "rw", "v\(schemaVersion)"]
        if let objectTypes {
            parts.append("types:" + objectTypes.map { String(reflecting: $0) }.sorted().joined(separator: ","))
        }
        if let encryptionKey { parts.append("key:" + encryptionKey.base64EncodedString()) }
        if recordsSyncHistory { parts.append("sync") }
        if syncAgent != nil { parts.append("agent") }
        return parts.joined(separator: "|")
    }
}
