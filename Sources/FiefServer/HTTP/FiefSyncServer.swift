import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// The server: HTTP routes, the sync WebSocket and the services behind them.
///
/// ```swift
/// let server = try FiefSyncServer(configuration: ServerConfiguration(dataDirectory: url), logger: logger)
/// try await server.run { host, port in print("listening on \(host):\(port)") }
/// ```
public struct FiefSyncServer: Sendable {
    let configuration: ServerConfiguration
    let logger: Logging.Logger
    let store: any ServerStore
    let auth: AuthService
    let hub: SyncHub
    let permissions: PermissionService
    let tlsConfiguration: TLSConfiguration?
    let metrics: ServerMetrics

    /// Opens the state in the configuration's data directory (creating it on first start) and
    /// reads the TLS files, if any (a ``ServerTLSError`` names a file that cannot be used).
    public init(configuration: ServerConfiguration, logger: Logging.Logger) throws {
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        let store = try EmbeddedServerStore(directory: configuration.dataDirectory)
        let key = try SigningKeyFile.loadOrCreate(in: configuration.dataDirectory)
        try self.init(configuration: configuration, store: store, signingKey: key, logger: logger)
    }

    /// A server on `store` (for example a ``PostgresServerStore`` several instances share),
    /// signing access tokens with `signingKey`; the configuration's data directory is not used.
    public init(configuration: ServerConfiguration, store: any ServerStore, signingKey: [UInt8], logger: Logging.Logger) throws {
        tlsConfiguration = try configuration.tls?.makeTLSConfiguration()
        self.configuration = configuration
        self.logger = logger
        self.store = store
        auth = try AuthService(store: store, signingKey: signingKey, adminToken: configuration.adminToken, rateLimits: configuration.rateLimits,
                               jwt: configuration.jwt, identityProviders: configuration.identityProviders, accounts: configuration.accounts)
        metrics = configuration.metrics?.makeMetrics() ?? .disabled()
        let hub = SyncHub(store: store, logger: logger, metrics: metrics)
        var permissions = PermissionService(store: store, defaults: configuration.defaultPermissions)
        // Sessions of a user whose grant was revoked end at once, not at their next upload.
        permissions.onGrantChanged = { userId, path in await hub.grantChanged(userId: userId, path: path) }
        self.hub = hub
        self.permissions = permissions
    }

    /// A server on the PostgreSQL database at `url`: connects, migrates the schema and reads
    /// (or, first, makes) the signing key every instance on the database shares.
    public static func postgres(url: PostgresConnectionURL, configuration: ServerConfiguration, logger: Logging.Logger) async throws -> FiefSyncServer {
        let store = try PostgresServerStore(url: url, logger: logger)
        do {
            try await store.prepare()
            let key = try await store.signingKey()
            return try FiefSyncServer(configuration: configuration, store: store, signingKey: key, logger: logger)
        } catch {
            await store.close()
            throw error
        }
    }

    /// Serves until SIGTERM or SIGINT, then shuts down gracefully: sync connections are told
    /// `serverShuttingDown` after the message they are handling, then the HTTP server stops.
    /// `onListening` gets the bound address once the server accepts connections.
    public func run(onListening: @escaping @Sendable (String, Int) -> Void) async throws {
        try await store.prepare()
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: StatusClassMiddleware(metrics: metrics))
        router.get("health") { _, _ in try JSONBody.response(["status": "ok"]) }
        if let metricsConfiguration = configuration.metrics { MetricsRoute.add(to: router, configuration: metricsConfiguration) }
        AuthRoutes.add(to: router, auth: auth, metrics: metrics)
        APIKeyRoutes.add(to: router, auth: auth)
        AccountRoutes.add(to: router, auth: auth)
        UserRoutes.add(to: router, auth: auth)
        PermissionRoutes.add(to: router, auth: auth, permissions: permissions)
        RulesRoutes.add(to: router, auth: auth, permissions: permissions, hub: hub)
        CustomDataRoutes.add(to: router, auth: auth, store: store, hub: hub)
        SyncRoute.add(to: router, auth: auth, permissions: permissions, hub: hub, limits: configuration.syncLimits)
        let host = configuration.host
        let server = makeServerBuilder(webSocketRouter: router)
        let app = Application(
            router: router,
            server: server,
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: "fief-server"),
            onServerRunning: { channel in onListening(host, channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [app, hub], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        await store.close()
        logger.info("fief-server stopped")
    }

    /// HTTP/1 with the sync WebSocket upgrade, over TLS when configured, each connection
    /// wrapped so that graceful shutdown reaches it (``QuiescingChildChannel``).
    private func makeServerBuilder(webSocketRouter: Router<ServerRequestContext>) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            ws: .init(maxFrameSize: configuration.syncLimits.transportMaxMessageSize))
        let tlsConfiguration = tlsConfiguration
        return HTTPServerBuilder { responder in
            let channel = QuiescingChildChannel(base: HTTP1WebSocketUpgradeChannel(
                responder: responder, webSocketResponder: webSocketResponder, configuration: channelConfiguration))
            guard let tlsConfiguration else { return channel }
            return try TLSChannel(channel, tlsConfiguration: tlsConfiguration)
        }
    }
}
