import FiefSyncProtocol
import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore

/// Frames received, buffered until a test asks for them.
actor FrameInbox {
    private var frames: [[UInt8]] = []
    private(set) var isClosed = false
    private var waiter: (id: Int, continuation: CheckedContinuation<[UInt8]?, Never>)?
    private var nextID = 0

    func push(_ frame: [UInt8]) {
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume(returning: frame)
        } else {
            frames.append(frame)
        }
    }

    func close() {
        isClosed = true
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume(returning: nil)
        }
    }

    /// The next frame; nil when the connection closed or after `timeout`.
    func next(timeout: Duration) async -> [UInt8]? {
        if !frames.isEmpty { return frames.removeFirst() }
        if isClosed { return nil }
        nextID += 1
        let id = nextID
        return await withCheckedContinuation { continuation in
            waiter = (id, continuation)
            Task {
                try? await Task.sleep(for: timeout)
                self.expire(id)
            }
        }
    }

    private func expire(_ id: Int) {
        if let waiter, waiter.id == id {
            self.waiter = nil
            waiter.continuation.resume(returning: nil)
        }
    }
}

/// A WebSocket to the server's `/sync`, with the sync protocol's messages.
final class SyncSocket: Sendable {
    enum Outgoing: Sendable {
        case binary([UInt8])
        case text(String)
        case close
    }

    let inbox = FrameInbox()
    private let outgoing: AsyncStream<Outgoing>.Continuation
    private let task: Task<Void, Never>

    /// Connects to `ws://127.0.0.1:<port>/sync` with `token` and the protocol versions `versions`.
    init(port: Int, token: String, versions: String = "1-1") {
        let (stream, continuation) = AsyncStream.makeStream(of: Outgoing.self)
        outgoing = continuation
        let inbox = self.inbox
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        headers[HTTPField.Name("Fief-Sync-Protocol")!] = versions
        let configuration = WebSocketClientConfiguration(maxFrameSize: 32 << 20, additionalHeaders: headers)
        var logger = Logging.Logger(label: "test-sync-socket")
        logger.logLevel = .critical
        task = Task {
            do {
                _ = try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/sync", configuration: configuration, logger: logger) { inbound, outbound, _ in
                    await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            defer { continuation.finish() }
                            for try await message in inbound.messages(maxSize: 32 << 20) {
                                if case .binary(let buffer) = message { await inbox.push(Array(buffer.readableBytesView)) }
                            }
                        }
                        for await item in stream {
                            switch item {
                            case .binary(let bytes): try? await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                            case .text(let text): try? await outbound.write(.text(text))
                            case .close:
                                group.cancelAll()
                                await inbox.close()
                                return
                            }
                        }
                        group.cancelAll()
                    }
                }
            } catch {}
            continuation.finish()
            await inbox.close()
        }
    }

    /// Sends a message in protocol version 1.
    func send(_ message: SyncMessage) {
        outgoing.yield(.binary(SyncMessageCodec.encode(message)))
    }

    /// Sends raw bytes as one binary frame.
    func sendRaw(_ bytes: [UInt8]) {
        outgoing.yield(.binary(bytes))
    }

    /// The next message; nil after `timeout` or when the connection closed.
    func receive(timeout: Duration = .seconds(20)) async throws -> SyncMessage? {
        guard let frame = await inbox.next(timeout: timeout) else { return nil }
        return try SyncMessageCodec.decode(frame)
    }

    /// Closes the connection and waits for it to end.
    func close() async {
        outgoing.yield(.close)
        await task.value
    }
}
