import FiefSyncProtocol
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging

/// `GET /sync`: the WebSocket of the sync protocol.
///
/// The upgrade request carries `Authorization: Bearer <access token>` (refused with
/// `invalidAccessToken`, 401, before any upgrade) and `Fief-Sync-Protocol` (see
/// ``ProtocolHandshake``; missing or malformed: `invalidRequest`, 400). When the versions do not
/// overlap, the server upgrades, sends `error` `unsupportedProtocolVersion` and closes.
enum SyncRoute {
    static func add(to router: Router<ServerRequestContext>, auth: AuthService, permissions: PermissionService, hub: SyncHub, limits: SyncLimits) {
        router.ws("sync") { request, _ in
            _ = try authenticate(request, auth: auth)
            guard let header = request.headers[HTTPField.Name(ProtocolHandshake.headerName)!],
                  let range = ProtocolHandshake.range(fromHeader: header) else {
                throw APIError(.badRequest, code: "invalidRequest", message: "the \(ProtocolHandshake.headerName) header must state the protocol versions the client speaks, as LOW-HIGH")
            }
            guard !(await hub.isShuttingDown) else {
                throw APIError(.serviceUnavailable, code: "serverShuttingDown", message: "the server is shutting down; connect again later")
            }
            var headers = HTTPFields()
            if let version = try? SyncProtocolVersion.negotiate(clientRange: range, serverRange: SyncProtocolVersion.supported) {
                headers[HTTPField.Name(ProtocolHandshake.headerName)!] = "\(version.rawValue)"
            }
            return .upgrade(headers)
        } onUpgrade: { inbound, outbound, context in
            let request = context.request
            let logger = context.logger
            let range = request.headers[HTTPField.Name(ProtocolHandshake.headerName)!].flatMap(ProtocolHandshake.range(fromHeader:)) ?? (.v1 ... .v1)
            let version: SyncProtocolVersion
            do throws(VersionNegotiationError) { version = try SyncProtocolVersion.negotiate(clientRange: range, serverRange: SyncProtocolVersion.supported) } catch {
                // Said after the client's first frame (or 5 s of silence): some WebSocket clients
                // lose a frame that arrives together with the upgrade response.
                await waitForFirstFrame(inbound, atMost: .seconds(5))
                hub.metrics.errorSent(.unsupportedProtocolVersion)
                try await outbound.write(.binary(ByteBuffer(bytes: SyncMessageCodec.encode(.error(error.errorMessage), version: SyncProtocolVersion.supported.lowerBound))))
                return
            }
            let user: AuthenticatedUser
            do { user = try authenticate(request, auth: auth) } catch {
                hub.metrics.errorSent(.badAuthentication)
                try await outbound.write(.binary(ByteBuffer(bytes: SyncMessageCodec.encode(.error(ErrorMessage(
                    session: nil, code: .badAuthentication, message: "\(error)", tryAgain: false, clientResetRequired: false)), version: version))))
                return
            }
            let (stream, continuation) = AsyncStream.makeStream(of: ConnectionEvent.self)
            guard let id = await hub.register(continuation, userId: user.id) else {
                hub.metrics.errorSent(.serverShuttingDown)
                try await outbound.write(.binary(ByteBuffer(bytes: SyncMessageCodec.encode(.error(ErrorMessage(
                    session: nil, code: .serverShuttingDown, message: "the server is shutting down; connect again later", tryAgain: true,
                    clientResetRequired: false)), version: version))))
                return
            }
            logger.info("sync connection opened", metadata: ["user": "\(user.id)", "connection": "\(id)", "protocol": "\(version)"])
            let flow = ConnectionFlow(frames: 8)
            let connection = SyncConnection(user: user, auth: auth, permissions: permissions, hub: hub, version: version, limits: limits, outbound: outbound,
                                            events: continuation, flow: flow, logger: logger)
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await message in inbound.messages(maxSize: limits.transportMaxMessageSize) {
                            await flow.acquireFrame()
                            switch message {
                            case .binary(let buffer): continuation.yield(.frame(WebSocketMessageBytes(isBinary: true, bytes: Array(buffer.readableBytesView))))
                            case .text(let text): continuation.yield(.frame(WebSocketMessageBytes(isBinary: false, bytes: Array(text.utf8))))
                            }
                        }
                    } catch {
                        logger.debug("sync connection read failed", metadata: ["connection": "\(id)", "error": "\(error)"])
                    }
                    continuation.yield(.inboundEnded)
                }
                await connection.run(stream)
                flow.close()
                group.cancelAll()
            }
            await hub.unregister(id)
            logger.info("sync connection closed", metadata: ["user": "\(user.id)", "connection": "\(id)"])
        }
    }

    /// Returns once the client sent a frame, closed, or `limit` passed.
    private static func waitForFirstFrame(_ inbound: WebSocketInboundStream, atMost limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                _ = try? await frames.next()
            }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// The user of the request's bearer token.
    static func authenticate(_ request: Request, auth: AuthService) throws -> AuthenticatedUser {
        try RouteHandling.authenticate(request, auth: auth)
    }
}
