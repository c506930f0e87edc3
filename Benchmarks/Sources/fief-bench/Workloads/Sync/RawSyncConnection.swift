@_spi(Sync) import Fief
import FiefSyncProtocol
import Foundation
import HTTPTypes
import WSClient
import Logging
import NIOCore
import Synchronization

/// A sync client at the protocol level, for the workloads that need many connections in one
/// process (S3–S6): it binds a realm, takes a file identity, and follows the server's downloads
/// (counting them, without integrating them into a realm). It may upload changesets the caller
/// encoded (``upload(_:)``), each made on top of the server version it downloaded so far, as a
/// device that integrated those downloads would.
///
/// Each connection is one WebSocket and one bound session, as a device holding one synced
/// realm open has. Every frame it sends goes through one writer task, in order.
final class RawSyncConnection: Sendable {
    struct State {
        var fileIdent: UInt64 = 0
        var salt: UInt64 = 0
        /// The newest server version the downloads reached.
        var serverVersion: UInt64 = 0
        /// The newest server version the server said it has.
        var latestServerVersion: UInt64 = 0
        var downloadedBytes: UInt64 = 0
        /// Whether the last download reached the server's newest version.
        var caughtUp = false
        var failure: String?
        var connected = false
        /// Bytes of the sync frames received (after the wire's compression): what the server sent.
        var receivedFrameBytes: UInt64 = 0
        /// The last client version this connection uploaded.
        var clientVersion: UInt64 = 0
        /// The last client version the server acknowledged (integrated durably).
        var acknowledgedClientVersion: UInt64 = 0
        /// The clock of the uploads' timestamps.
        var clock = HybridLogicalClock()
        /// For a subscription-based connection: the objects its view holds (primary keys), and
        /// whether the server answered its subscription.
        var held: Set<SyncObjectID> = []
        var viewAnswered = false
    }

    let state = Mutex(State())
    private let task = Mutex<Task<Void, Never>?>(nil)
    /// Where frames go to be sent, while connected.
    private let outgoing = Mutex<AsyncStream<ByteBuffer>.Continuation?>(nil)
    /// The upload waiting for its acknowledgement: its last client version and its caller.
    private let waiter = Mutex<(version: UInt64, continuation: CheckedContinuation<Void, any Error>)?>(nil)

    /// Starts connecting to `ws://127.0.0.1:<port>/sync` and binding `path`; ``State/caughtUp``
    /// turns true once the first downloads reached the server's newest version. A file that
    /// had an identity resumes from its cursor.
    ///
    /// With `subscription`, the connection binds subscription-based (flexible sync) and sends
    /// it after its `ident`; ``State/held`` follows the views the server sends.
    func connect(port: Int, token: String, path: String, subscription: FiefSyncProtocol.QuerySubscription? = nil) {
        let started = Task { [self] in
            var headers = HTTPFields()
            headers[.authorization] = "Bearer \(token)"
            headers[HTTPField.Name("Fief-Sync-Protocol")!] = "1-1"
            var logger = Logging.Logger(label: "fief-bench.raw-sync")
            logger.logLevel = .critical
            do {
                _ = try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/sync",
                                                      configuration: WebSocketClientConfiguration(maxFrameSize: 64 << 20, additionalHeaders: headers),
                                                      logger: logger) { inbound, outbound, _ in
                    let (frames, sink) = AsyncStream.makeStream(of: ByteBuffer.self)
                    self.outgoing.withLock { $0 = sink }
                    defer {
                        sink.finish()
                        self.outgoing.withLock { $0 = nil }
                    }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { for await frame in frames { try await outbound.write(.binary(frame)) } }
                        let known = self.state.withLock { s -> State in
                            s.connected = true
                            s.caughtUp = false
                            return s
                        }
                        sink.yield(Self.frame(.bind(BindMessage(session: 1, path: path, accessToken: token,
                                                                needsFileIdent: known.fileIdent == 0, isSubscriptionBased: subscription != nil))))
                        if known.fileIdent != 0 { Self.identify(known, subscription, sink) }
                        try await self.receive(inbound.messages(maxSize: 64 << 20), sink: sink, subscription: subscription)
                        sink.finish()
                        group.cancelAll()
                    }
                    if !Task.isCancelled { self.state.withLock { if $0.failure == nil { $0.failure = "the server closed the connection" } } }
                }
            } catch is CancellationError {
            } catch {
                self.state.withLock { if $0.failure == nil && !Task.isCancelled { $0.failure = "\(error)" } }
            }
            self.state.withLock { $0.connected = false }
            self.resumeWaiter(failure: BenchError.harness("the connection ended before the server acknowledged the upload"))
        }
        task.withLock { $0 = started }
    }

    /// Sends one upload of `payloads` (encoded changesets, one client version each, made on top
    /// of the newest server version downloaded so far) and returns once the server has
    /// acknowledged all of them. One upload at a time per connection.
    func upload(_ payloads: [[UInt8]]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let message = state.withLock { s -> UploadMessage in
                let milliseconds = HybridLogicalClock.milliseconds(unixTime: Date().timeIntervalSince1970)
                let changesets = payloads.map { payload -> UploadChangeset in
                    s.clientVersion += 1
                    return UploadChangeset(clientVersion: s.clientVersion, lastIntegratedServerVersion: s.serverVersion,
                                           timestamp: s.clock.tick(physicalMilliseconds: milliseconds), payload: payload)
                }
                return UploadMessage(session: 1, progressClientVersion: s.clientVersion, progressServerVersion: s.serverVersion, changesets: changesets)
            }
            let sink = outgoing.withLock { $0 }
            guard let sink else {
                return continuation.resume(throwing: BenchError.harness("upload on a connection that is not connected"))
            }
            waiter.withLock { $0 = (message.progressClientVersion, continuation) }
            sink.yield(Self.frame(.upload(message)))
        }
    }

    /// Reads the server's messages until the connection ends or fails.
    private func receive(_ messages: WebSocketInboundMessageStream, sink: AsyncStream<ByteBuffer>.Continuation,
                         subscription: FiefSyncProtocol.QuerySubscription?) async throws {
        for try await message in messages {
            guard case .binary(let buffer) = message else { continue }
            state.withLock { $0.receivedFrameBytes += UInt64(buffer.readableBytes) }
            switch try SyncMessageCodec.decode(buffer.readableBytesView) {
            case .identAssigned(let assigned):
                let assignedState = state.withLock { s -> State in
                    s.fileIdent = assigned.fileIdent
                    s.salt = assigned.salt
                    return s
                }
                Self.identify(assignedState, subscription, sink)
            case .download(let download):
                let view = try download.view.map { (try SyncChangesetCoding.decode($0.payload), $0.replacesView) }
                let acknowledged = state.withLock { s -> UInt64 in
                    if let (changeset, replaces) = view {
                        if replaces { s.held = [] }
                        for instruction in changeset.instructions {
                            switch instruction {
                            case .createObject(_, let object): s.held.insert(object)
                            case .eraseObject(_, let object): s.held.remove(object)
                            default: break
                            }
                        }
                        s.viewAnswered = true
                    }
                    s.serverVersion = download.progress.downloadServerVersion
                    s.latestServerVersion = max(s.latestServerVersion, download.progress.latestServerVersion)
                    s.downloadedBytes += UInt64(download.changesets.reduce(0) { $0 + $1.payload.count })
                    s.caughtUp = s.serverVersion >= s.latestServerVersion && (subscription == nil || s.viewAnswered)
                    s.acknowledgedClientVersion = max(s.acknowledgedClientVersion, download.progress.uploadClientVersion)
                    return s.acknowledgedClientVersion
                }
                resumeWaiter(acknowledged: acknowledged)
            case .error(let error):
                state.withLock { $0.failure = "\(error.code): \(error.message)" }
                resumeWaiter(failure: BenchError.harness("the server refused: \(error.code): \(error.message)"))
                return
            default:
                break
            }
        }
    }

    /// Resumes the waiting upload once `acknowledged` reached its last client version.
    private func resumeWaiter(acknowledged: UInt64) {
        let done = waiter.withLock { w -> CheckedContinuation<Void, any Error>? in
            guard let pending = w, pending.version <= acknowledged else { return nil }
            w = nil
            return pending.continuation
        }
        done?.resume()
    }

    /// Fails the waiting upload, if any.
    private func resumeWaiter(failure: any Error) {
        let pending = waiter.withLock { w -> CheckedContinuation<Void, any Error>? in
            defer { w = nil }
            return w?.continuation
        }
        pending?.resume(throwing: failure)
    }

    /// Closes the connection (the file keeps its identity and cursor) and waits until it ended.
    func close() async {
        let running = task.withLock { t -> Task<Void, Never>? in
            defer { t = nil }
            return t
        }
        running?.cancel()
        await running?.value
    }

    private static func frame(_ message: SyncMessage) -> ByteBuffer {
        ByteBuffer(bytes: SyncMessageCodec.encode(message))
    }

    /// Sends `ident`, and the subscription of a subscription-based connection.
    private static func identify(_ s: State, _ subscription: FiefSyncProtocol.QuerySubscription?, _ sink: AsyncStream<ByteBuffer>.Continuation) {
        sink.yield(identFrame(s))
        if let subscription { sink.yield(frame(.query(QueryMessage(session: 1, queryVersion: 1, subscriptions: [subscription])))) }
    }

    private static func identFrame(_ s: State) -> ByteBuffer {
        frame(.ident(IdentMessage(session: 1, fileIdent: s.fileIdent, salt: s.salt,
                                  downloadCursor: DownloadCursor(serverVersion: s.serverVersion, lastIntegratedClientVersion: 0),
                                  uploadCursor: UploadCursor(clientVersion: 0, lastIntegratedServerVersion: 0))))
    }
}
