import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import WSClient

/// The floor of S1: what any sync over this stack must pay to carry one change from a device
/// to another through a server that makes it durable. A WebSocket server on loopback, built
/// as `fief-server` is (Hummingbird 2 with hummingbird-websocket), echoes every binary frame
/// after writing 4 KiB to a file and syncing it (`fdatasync`); the client is the sync client's
/// WebSocket library (swift-websocket's `WSClient`). One sample is the round trip of one small
/// frame: two hops and one sync, as a change from A through the server to B.
enum EchoFloor {
    /// Round trips in milliseconds of `count` frames of `frameBytes` each, after `warmup`
    /// untimed ones, with the server's sync file in `directory`.
    static func measure(directory: String, count: Int, warmup: Int, frameBytes: Int = 120) throws -> [Double] {
        try AsyncBridge.wait {
            let server = try await EchoServer(syncFile: directory + "/echo-floor.sync")
            defer { server.stop() }
            let samples = SampleBox()
            var logger = Logging.Logger(label: "fief-bench.echo-client")
            logger.logLevel = .critical
            let payload = [UInt8](repeating: 0x5A, count: frameBytes)
            _ = try await WebSocketClient.connect(url: "ws://127.0.0.1:\(server.port)/echo", configuration: .init(), logger: logger) { inbound, outbound, _ in
                var replies = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                for index in 0..<(warmup + count) {
                    let start = NotificationRecorder.now()
                    try await outbound.write(.binary(ByteBuffer(bytes: payload)))
                    guard case .binary(let reply) = try await replies.next(), reply.readableBytes == frameBytes else {
                        throw BenchError.harness("the echo server answered with something else")
                    }
                    if index >= warmup { samples.append(Double(NotificationRecorder.now() - start) / 1e6) }
                }
                try await outbound.close(.normalClosure, reason: nil)
            }
            guard samples.values.count == count else { throw BenchError.harness("the echo floor got \(samples.values.count) of \(count) round trips") }
            return samples.values
        }
    }
}

/// The echo server of ``EchoFloor``: syncs a 4 KiB write before echoing each frame.
private final class EchoServer: @unchecked Sendable {
    private(set) var port = 0
    private let task: Task<Void, Error>
    private let descriptor: Int32

    init(syncFile: String) async throws {
        let descriptor = open(syncFile, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchError.harness("cannot open \(syncFile)") }
        self.descriptor = descriptor
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("echo") { _, _ in .upgrade([:]) } onUpgrade: { inbound, outbound, _ in
            let page = [UInt8](repeating: 0xA5, count: 4096)
            for try await message in inbound.messages(maxSize: 1 << 20) {
                guard case .binary(let buffer) = message else { continue }
                let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                guard written == page.count, fdatasync(descriptor) == 0 else { throw BenchError.harness("the echo floor's sync failed") }
                try await outbound.write(.binary(buffer))
            }
        }
        var logger = Logging.Logger(label: "fief-bench.echo-server")
        logger.logLevel = .critical
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? 0); portSink.finish() },
                              logger: logger)
        task = Task { try await app.runService() }
        for await port in ports { self.port = port }
    }

    func stop() {
        task.cancel()
        close(descriptor)
    }
}

/// Samples appended from a WebSocket handler.
final class SampleBox: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [Double] = []
    func append(_ value: Double) { lock.withLock { samples.append(value) } }
    var values: [Double] { lock.withLock { samples } }
}
