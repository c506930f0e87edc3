import FiefSyncProtocol
import Foundation
import Logging
import ServiceLifecycle

/// Something that happens to a connection from outside its own frames.
enum ConnectionEvent: Sendable {
    /// A message (frame) arrived.
    case frame(WebSocketMessageBytes)
    /// The peer closed, or the transport failed.
    case inboundEnded
    /// A realm that one of the connection's sessions is bound to has new history.
    case realmChanged(session: UInt32)
    /// The server is shutting down: say so and close.
    case shutdown
    /// The user's grant on the realm at this path changed: judge its sessions there again.
    case grantChanged(path: String)
    /// The permission rules of the realm at this path changed: judge its sessions again.
    case rulesChanged(path: String)
    /// The connection's user has new custom data: judge its sessions again.
    case customDataChanged
}

/// The bytes of one WebSocket message, and whether it was binary.
struct WebSocketMessageBytes: Sendable {
    var isBinary: Bool
    var bytes: [UInt8]
}

/// The server's sync state shared by every connection: the realms with their actors, and the
/// open connections. As a `Service`, it closes every connection on graceful shutdown (telling
/// clients `serverShuttingDown`) and waits for their in-flight work before the HTTP server stops.
public actor SyncHub: Service {
    let store: any ServerStore
    let logger: Logging.Logger
    /// The server's metrics (connections here; sessions, bytes and errors in ``SyncConnection``).
    nonisolated let metrics: ServerMetrics
    private var realms: [String: RealmSyncActor] = [:]
    private var connections: [UInt64: AsyncStream<ConnectionEvent>.Continuation] = [:]
    /// The user of each open connection.
    private var connectionUsers: [UInt64: String] = [:]
    private var nextConnection: UInt64 = 0
    private var shuttingDown = false
    /// The rules of each realm read so far (a value of nil: the realm has none). Not kept on a
    /// store other instances share, where another instance may change them.
    private var rulesCache: [String: RealmRules?] = [:]

    /// A hub over `store`, counting in `metrics`.
    public init(store: any ServerStore, logger: Logging.Logger, metrics: ServerMetrics = .disabled()) {
        self.store = store
        self.logger = logger
        self.metrics = metrics
    }

    /// Whether the server is shutting down (new connections are refused).
    public var isShuttingDown: Bool { shuttingDown }

    /// The app's default realm: it holds the `__User` list (``RealmSyncActor/ensureUsers(_:)``).
    static let defaultRealmPath = "/default"

    /// The actor of the realm at `path`, creating the realm when `creator` binds it first.
    func realm(_ path: RealmPath, creator: String) async throws -> RealmSyncActor {
        if let actor = realms[path.value] { return actor }
        _ = try await store.createRealm(StoredRealm(path: path.value, creatorId: creator, createdAt: Date()))
        let history = try await store.history(path: path.value)
        // Another bind may have made the actor during the awaits: a realm has exactly one.
        if let actor = realms[path.value] { return actor }
        let actor = RealmSyncActor(path: path.value, store: history, shared: store is any SharedHistoryStore, logger: logger)
        realms[path.value] = actor
        if path.value == Self.defaultRealmPath {
            try await actor.ensureUsers(try await store.users().map { AuthenticatedUser(id: $0.id, isAdmin: $0.isAdmin) })
        }
        return actor
    }

    /// Registers the event stream of a connection of `userId`; nil while shutting down. Returns
    /// its number.
    func register(_ continuation: AsyncStream<ConnectionEvent>.Continuation, userId: String) -> UInt64? {
        guard !shuttingDown else { return nil }
        nextConnection += 1
        connections[nextConnection] = continuation
        connectionUsers[nextConnection] = userId
        metrics.connections.increment()
        return nextConnection
    }

    /// Forgets a connection that ended.
    func unregister(_ id: UInt64) {
        connectionUsers[id] = nil
        guard connections.removeValue(forKey: id) != nil else { return }
        metrics.connections.decrement()
    }

    /// Tells every connection of `userId` that their grant on `path` changed: sessions there
    /// that may no longer read end with `permissionDenied` (``GrantChangeHandler``).
    public func grantChanged(userId: String, path: RealmPath) {
        for (id, user) in connectionUsers where user == userId {
            connections[id]?.yield(.grantChanged(path: path.value))
        }
    }

    /// The permission rules of the realm at `path` (``RealmRules``), if it has some.
    func rules(_ path: RealmPath) async throws -> RealmRules? {
        if let cached = rulesCache[path.value] { return cached }
        let stored = try await store.realmRules(path: path.value)
        if !(store is any SharedHistoryStore) { rulesCache[path.value] = .some(stored) }
        return stored
    }

    /// Stores new rules for the realm at `path` (nil: none) and has every session bound there
    /// judged by them at once: each receives a whole new view.
    public func setRules(_ rules: RealmRules?, path: RealmPath) async throws {
        try await store.saveRealmRules(rules, path: path.value)
        if !(store is any SharedHistoryStore) { rulesCache[path.value] = .some(rules) }
        for continuation in connections.values { continuation.yield(.rulesChanged(path: path.value)) }
    }

    /// The custom data of `userId`, which rules name as `$user.custom_data.<field>`.
    func customData(of userId: String) async throws -> [String: CustomDataValue]? {
        try await store.customData(userId: userId)
    }

    /// Stores new custom data for `userId` (nil: none) and has every session of theirs judged
    /// by rules that see it at once.
    public func setCustomData(_ data: [String: CustomDataValue]?, userId: String) async throws {
        try await store.saveCustomData(data, userId: userId)
        for (id, user) in connectionUsers where user == userId {
            connections[id]?.yield(.customDataChanged)
        }
    }

    /// A number unique among the server's sessions, to subscribe to realms with.
    func newSubscriberID() -> UInt64 {
        nextConnection += 1
        return nextConnection
    }

    /// Waits for graceful shutdown, then closes every connection and waits (up to 10 s) for
    /// them to finish what they were doing.
    /// On a store other instances write too, also follows their appends until then
    /// (``followSharedHistory(_:)``).
    public func run() async throws {
        let follower = (store as? any SharedHistoryStore).map { shared in Task { await self.followSharedHistory(shared) } }
        try? await gracefulShutdown()
        follower?.cancel()
        await shutDown()
    }

    /// Hands every change other instances made to a realm in memory to its actor, which catches
    /// up from the store and tells its sessions. Realms not in memory need nothing: their actor
    /// reads the store when it is made.
    private func followSharedHistory(_ shared: any SharedHistoryStore) async {
        for await change in shared.historyChanges() {
            switch change {
            case .advanced(let path, let version):
                // A task per change: one slow realm does not hold up the others' fan-out.
                if let actor = realms[path] { Task { await actor.storeAdvanced(to: version) } }
            case .resynchronize:
                for actor in realms.values { Task { await actor.storeAdvanced(to: nil) } }
            }
        }
    }

    /// Closes every connection with `serverShuttingDown` after its current message.
    func shutDown() async {
        shuttingDown = true
        logger.info("closing sync connections", metadata: ["connections": "\(connections.count)"])
        for continuation in connections.values { continuation.yield(.shutdown) }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !connections.isEmpty && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
