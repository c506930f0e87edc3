@_spi(Sync) import FiefSyncProtocol
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// A sync server on 127.0.0.1 that upgrades `/sync` and then answers with `frames` (raw bytes,
/// whatever the client sends), to check that bad server input gives typed errors.
final class MisbehavingSyncServer: @unchecked Sendable {
    private(set) var port = 0
    private let task: Task<Void, Error>

    init(frames: [[UInt8]]) async throws {
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("sync") { _, _ in .upgrade([:]) } onUpgrade: { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            _ = try await messages.next()
            for frame in frames { try await outbound.write(.binary(ByteBuffer(bytes: frame))) }
            while try await messages.next() != nil {}
        }
        var logger = Logging.Logger(label: "misbehaving-sync-server")
        logger.logLevel = .critical
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? 0); portSink.finish() },
                              logger: logger)
        task = Task { try await app.runService() }
        for await port in ports { self.port = port }
    }

    func stop() { task.cancel() }
}
