/// Timeouts and keep-alive settings of the sync connections of an ``App``, in milliseconds;
/// nil keeps Fief's default. Set them with ``AppConfiguration/syncTimeouts``.
///
/// ```swift
/// let timeouts = SyncTimeoutOptions(connectTimeout: 5_000, pingKeepalivePeriod: 20_000, pongKeepaliveTimeout: 10_000)
/// let app = App(id: "tasks", configuration: AppConfiguration(baseURL: "https://sync.example.com", syncTimeouts: timeouts))
/// ```
public struct SyncTimeoutOptions: Sendable, Equatable {
    /// How long connecting may take, the WebSocket upgrade included, before the attempt
    /// counts as failed and sync tries again later. Default 10 000 (10 s).
    public var connectTimeout: UInt?
    /// How long a connection stays open once no session uses it any more, so that a session
    /// opened soon after reuses it. Default 0: it closes at once.
    public var connectionLingerTime: UInt?
    /// How long the server may be silent before the client sends it a `ping`. Default 5 000.
    public var pingKeepalivePeriod: UInt?
    /// How long after that `ping` a still-silent server counts as gone: the connection is
    /// dropped and made again. Default 10 000.
    public var pongKeepaliveTimeout: UInt?
    /// After a connection that worked is lost, the session reconnects at once instead of after
    /// its backoff delay, unless it already did so within this time. Default 0: every
    /// reconnection waits its (jittered, growing) backoff delay.
    public var fastReconnectLimit: UInt?

    /// Options with the given values (milliseconds; nil keeps the default).
    public init(connectTimeout: UInt? = nil, connectionLingerTime: UInt? = nil, pingKeepalivePeriod: UInt? = nil,
                pongKeepaliveTimeout: UInt? = nil, fastReconnectLimit: UInt? = nil) {
        self.connectTimeout = connectTimeout
        self.connectionLingerTime = connectionLingerTime
        self.pingKeepalivePeriod = pingKeepalivePeriod
        self.pongKeepaliveTimeout = pongKeepaliveTimeout
        self.fastReconnectLimit = fastReconnectLimit
    }
}

/// The timeouts a connection uses: ``SyncTimeoutOptions`` with the defaults filled in.
struct SyncTimeouts: Sendable, Equatable, Hashable {
    var connect: Duration = .seconds(10)
    var linger: Duration = .zero
    var pingAfterSilence: Duration = .seconds(5)
    var pongTimeout: Duration = .seconds(10)
    var fastReconnectLimit: Duration = .zero

    init(_ options: SyncTimeoutOptions? = nil) {
        guard let options else { return }
        if let value = options.connectTimeout { connect = .milliseconds(max(value, 1)) }
        if let value = options.connectionLingerTime { linger = .milliseconds(value) }
        if let value = options.pingKeepalivePeriod { pingAfterSilence = .milliseconds(max(value, 1)) }
        if let value = options.pongKeepaliveTimeout { pongTimeout = .milliseconds(max(value, 1)) }
        if let value = options.fastReconnectLimit { fastReconnectLimit = .milliseconds(value) }
    }
}
