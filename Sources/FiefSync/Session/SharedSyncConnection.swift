@_spi(Sync) import FiefSyncProtocol
import Foundation

/// One WebSocket shared by every session of one user on one server: the sync protocol
/// multiplexes sessions by number, so a device with ten synced realms holds one connection.
///
/// A session attaches (getting its number and its own stream of events), binds on the socket
/// the `.opened` event hands it, and detaches when it stops or wants a fresh bind. Messages
/// are routed to their session by number; pings are answered here; a connection-level error
/// and the socket's close reach every session. The socket opens when the first session
/// attaches and closes when the last one detaches (after the app's connection linger time).
actor SharedSyncConnection {
    /// What one attached session hears.
    enum Event: Sendable {
        /// The socket is open: bind on it (every send names the session's number).
        case opened(SyncConnection)
        /// A message for this session, or a connection-level error.
        case message(SyncMessage)
        /// The socket closed (nil: the session detached itself). The stream ends after it.
        case closed(SyncError?)
    }

    private let endpoint: String
    private let validatesCertificates: Bool
    private let trustedRoots: [String]
    private let timeouts: SyncTimeouts
    private var socket: SyncConnection?
    private var isOpen = false
    private var sessions: [UInt32: AsyncStream<Event>.Continuation] = [:]
    private var lastSessionNumber: UInt32 = 0
    /// When the open socket last delivered anything.
    private var lastHeard = ContinuousClock.now

    /// A protocol `ping` goes out when the server has been silent this long
    /// (``SyncTimeoutOptions/pingKeepalivePeriod``).
    private var keepaliveInterval: Duration { timeouts.pingAfterSilence }
    /// A connection silent this long (its ping unanswered) is dead: a network that dropped it
    /// without a reset leaves the socket open forever otherwise.
    private var silenceLimit: Duration { timeouts.pingAfterSilence + timeouts.pongTimeout }

    init(endpoint: String, validatesCertificates: Bool, trustedRoots: [String], timeouts: SyncTimeouts = SyncTimeouts()) {
        self.endpoint = endpoint
        self.validatesCertificates = validatesCertificates
        self.trustedRoots = trustedRoots
        self.timeouts = timeouts
    }

    /// Attaches a session; connects with `token` when no socket is open or opening.
    func attach(token: String) -> (number: UInt32, events: AsyncStream<Event>) {
        lastSessionNumber &+= 1
        if lastSessionNumber == 0 { lastSessionNumber = 1 }
        let number = lastSessionNumber
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        sessions[number] = sink
        if let socket {
            if isOpen { sink.yield(.opened(socket)) }
        } else {
            connect(token: token)
        }
        return (number, events)
    }

    /// Detaches session `number`: `unbind` goes out if the socket is open, and its stream
    /// ends with `.closed(nil)`. The last session's detach closes the socket.
    func detach(_ number: UInt32) {
        guard let sink = sessions.removeValue(forKey: number) else { return }
        if isOpen { socket?.send(.unbind(session: number)) }
        sink.yield(.closed(nil))
        sink.finish()
        guard sessions.isEmpty, let lingering = socket else { return }
        guard timeouts.linger > .zero else {
            closeIdle(lingering)
            return
        }
        Task {
            try? await Task.sleep(for: timeouts.linger)
            self.closeIdle(lingering)
        }
    }

    /// Closes `idle` if it is still the socket and no session attached since.
    private func closeIdle(_ idle: SyncConnection) {
        guard sessions.isEmpty, idle === socket else { return }
        idle.close()
        socket = nil
        isOpen = false
    }

    private func connect(token: String) {
        SyncTrace.logger.debug("connecting", metadata: ["endpoint": "\(endpoint)", "sessions": "\(sessions.count)"])
        let socket = SyncConnection(url: endpoint, token: token, validatesCertificates: validatesCertificates, trustedRoots: trustedRoots,
                                    connectTimeout: timeouts.connect)
        self.socket = socket
        isOpen = false
        Task {
            for await event in socket.events { self.route(event, from: socket) }
        }
        Task { await self.watch(socket) }
    }

    /// While `socket` is the current one: pings a silent server, and ends the connection when
    /// it stays silent past ``silenceLimit``.
    private func watch(_ watched: SyncConnection) async {
        while true {
            try? await Task.sleep(for: min(keepaliveInterval, timeouts.pongTimeout))
            guard watched === socket else { return }
            guard isOpen else { continue }
            let silence = ContinuousClock.now - lastHeard
            if silence >= silenceLimit {
                route(.closed(SyncError(.connectionFailed, "the server was silent for \(silence); the connection counts as lost", isTransient: true)), from: watched)
                watched.close()
                return
            }
            if silence >= keepaliveInterval {
                watched.send(.ping(timestamp: UInt64(Date().timeIntervalSince1970 * 1000)))
            }
        }
    }

    private func route(_ event: SyncConnection.Event, from source: SyncConnection) {
        guard source === socket else { return }
        lastHeard = .now
        switch event {
        case .opened:
            SyncTrace.logger.debug("connection open", metadata: ["endpoint": "\(endpoint)", "sessions": "\(sessions.count)"])
            isOpen = true
            for sink in sessions.values { sink.yield(.opened(source)) }
        case .message(let message):
            if let number = message.session {
                // Messages of a session that detached (its last downloads, `unbound`) are dropped.
                sessions[number]?.yield(.message(message))
            } else if case .ping(let timestamp) = message {
                source.send(.pong(timestamp: timestamp))
            } else if case .error = message {
                for sink in sessions.values { sink.yield(.message(message)) }
            }
        case .closed(let reason):
            SyncTrace.logger.debug("connection closed", metadata: ["endpoint": "\(endpoint)", "reason": "\(reason.map { "\($0)" } ?? "-")"])
            socket = nil
            isOpen = false
            let ended = sessions
            sessions = [:]
            for sink in ended.values {
                sink.yield(.closed(reason ?? SyncError(.connectionFailed, "the connection closed", isTransient: true)))
                sink.finish()
            }
        }
    }
}

/// The shared connections of this process, one per user object and sync endpoint.
final class SyncConnectionPool: @unchecked Sendable {
    static let shared = SyncConnectionPool()
    private let lock = NSLock()
    private var connections: [String: SharedSyncConnection] = [:]

    /// The connection `user`'s sessions share on `endpoint`; it trusts the roots of the user's app.
    func connection(for user: User, endpoint: String, validatesCertificates: Bool) -> SharedSyncConnection {
        let key = "\(ObjectIdentifier(user).hashValue) \(endpoint) \(validatesCertificates)"
        lock.lock(); defer { lock.unlock() }
        if let existing = connections[key] { return existing }
        let connection = SharedSyncConnection(endpoint: endpoint, validatesCertificates: validatesCertificates,
                                              trustedRoots: user.app.configuration.trustedRootCertificates,
                                              timeouts: SyncTimeouts(user.app.configuration.syncTimeouts))
        connections[key] = connection
        return connection
    }
}
