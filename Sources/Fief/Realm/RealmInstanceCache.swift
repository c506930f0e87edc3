import Foundation

/// The live realms opened with `Realm(configuration:)`, `Realm(configuration:actor:)` and
/// `Realm(configuration:queue:)`, held weakly, so that opening the same configuration again on the same thread (actor, queue)
/// gives the same instance, as in RealmSwift:
///
/// ```swift
/// try Realm().beginWrite()
/// try Realm().create(Dog.self, value: ["name": "Rex"])   // the same realm, in its write
/// try Realm().commitWrite()
/// ```
///
/// Thread-confined realms are kept in the thread's own storage, so an entry dies with its
/// thread; actor-isolated realms are keyed by the actor's identity (the realm holds the actor,
/// so the identity cannot be reused while the entry lives).
enum RealmInstanceCache {
    /// The thread's cached realm for `configuration`, if one is alive.
    static func threadRealm(for configuration: Realm.Configuration) -> Realm? {
        ThreadRealms.current.realm(for: configuration.cacheKey)
    }

    /// Remembers `realm` as the thread's realm for its configuration.
    static func storeThreadRealm(_ realm: Realm) {
        ThreadRealms.current.store(realm, for: realm.configuration.cacheKey)
    }

    /// The realm isolated to `actor` for `configuration`, if one is alive.
    static func actorRealm(for configuration: Realm.Configuration, actor: any Actor) -> Realm? {
        ActorRealms.shared.realm(for: key(configuration, actor))
    }

    /// Remembers `realm` as the realm isolated to `actor` for its configuration, unless one
    /// is already cached; returns the realm the cache keeps.
    static func storeActorRealm(_ realm: Realm, actor: any Actor) -> Realm {
        ActorRealms.shared.storeIfAbsent(realm, for: key(realm.configuration, actor))
    }

    /// The realm confined to `queue` for `configuration`, if one is alive.
    static func queueRealm(for configuration: Realm.Configuration, queue: DispatchQueue) -> Realm? {
        ActorRealms.shared.realm(for: key(configuration, queue))
    }

    /// Remembers `realm` as the realm confined to `queue` for its configuration, unless one
    /// is already cached; returns the realm the cache keeps.
    static func storeQueueRealm(_ realm: Realm, queue: DispatchQueue) -> Realm {
        ActorRealms.shared.storeIfAbsent(realm, for: key(realm.configuration, queue))
    }

    /// Queue-confined realms hold their queue, so its identity is not reused while they live.
    private static func key(_ configuration: Realm.Configuration, _ queue: DispatchQueue) -> String {
        "queue:\(UInt(bitPattern: ObjectIdentifier(queue).hashValue))|\(configuration.cacheKey)"
    }

    private static func key(_ configuration: Realm.Configuration, _ actor: any Actor) -> String {
        "\(UInt(bitPattern: ObjectIdentifier(actor).hashValue))|\(configuration.cacheKey)"
    }
}

/// One thread's realms, kept in its thread dictionary. Only that thread touches it.
private final class ThreadRealms {
    private static let dictionaryKey = "fief.realmInstanceCache"
    private var entries: [String: WeakRealm] = [:]

    static var current: ThreadRealms { ThreadLocalObject.current(dictionaryKey, make: ThreadRealms.init) }

    func realm(for key: String) -> Realm? { entries[key]?.realm }

    func store(_ realm: Realm, for key: String) {
        entries = entries.filter { $0.value.realm != nil }
        entries[key] = WeakRealm(realm)
    }
}

/// The actor-isolated and queue-confined realms of the process, under a lock.
private final class ActorRealms: @unchecked Sendable {
    static let shared = ActorRealms()
    private let lock = NSLock()
    private var entries: [String: WeakRealm] = [:]

    func realm(for key: String) -> Realm? {
        lock.lock(); defer { lock.unlock() }
        return entries[key]?.realm
    }

    func storeIfAbsent(_ realm: Realm, for key: String) -> Realm {
        lock.lock(); defer { lock.unlock() }
        if let existing = entries[key]?.realm { return existing }
        entries = entries.filter { $0.value.realm != nil }
        entries[key] = WeakRealm(realm)
        return realm
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
