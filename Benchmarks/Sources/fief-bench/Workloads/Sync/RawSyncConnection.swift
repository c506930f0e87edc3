import FiefSyncProtocol
import Foundation
import HTTPTypes
import WSClient
import Logging
import NIOCore
import Synchronization

/// A sync client at the protocol level, for the workloads that need thousands of connections
/// in one process (S5, S6): it binds a realm, takes a file identity, and follows the server's
/// downloads (counting them, without integrating them into a realm), then stays idle.
///
/// Each connection is one WebSocket and one bound session, as a device holding one synced
/// realm open has.
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
    }

    let state = Mutex(State())
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Starts connecting to `ws://127.0.0.1:<port>/sync` and binding `path`; ``State/caughtUp``
    /// turns true once the first downloads reached the server's newest version. A file that
    /// had an identity resumes from its cursor.
    func connect(port: Int, token: String, path: String) {
        let started = Task { [self] in
            var headers = HTTPFields()
            headers[.authorization] = "Bearer \(token)"
            headers[HTTPField.Name("Fief-Sync-Protocol")!] = "1-1"
            var logger = Logger(label: "fief-bench.raw-sync")
            logger.logLevel = .critical
            do {
                _ = try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/sync",
                                                      configuration: WebSocketClientConfiguration(maxFrameSize: 64 << 20, additionalHeaders: headers),
                                                      logger: logger) { inbound, outbound, _ in
                    let known = self.state.withLock { s -> State in
                        s.connected = true
                        s.caughtUp = false
                        return s
                    }
                    try await outbound.write(.binary(Self.frame(.bind(BindMessage(session: 1, path: path, accessToken: token,
                                                                                   needsFileIdent: known.fileIdent == 0, isSubscriptionBased: false)))))
                    if known.fileIdent != 0 { try await outbound.write(.binary(Self.identFrame(known))) }
                    for try await message in inbound.messages(maxSize: 64 << 20) {
                        guard case .binary(let buffer) = message else { continue }
                        switch try SyncMessageCodec.decode(buffer.readableBytesView) {
                        case .identAssigned(let assigned):
                            let assignedState = self.state.withLock { s -> State in
                                s.fileIdent = assigned.fileIdent
                                s.salt = assigned.salt
                                return s
                            }
                            try await outbound.write(.binary(Self.identFrame(assignedState)))
                        case .download(let download):
                            self.state.withLock { s in
                                s.serverVersion = download.progress.downloadServerVersion
                                s.latestServerVersion = max(s.latestServerVersion, download.progress.latestServerVersion)
                                s.downloadedBytes += UInt64(download.changesets.reduce(0) { $0 + $1.payload.count })
                                s.caughtUp = s.serverVersion >= s.latestServerVersion
                            }
                        case .error(let error):
                            self.state.withLock { $0.failure = "\(error.code): \(error.message)" }
                            return
                        default:
                            break
                        }
                    }
                    if !Task.isCancelled { self.state.withLock { if $0.failure == nil { $0.failure = "the server closed the connection" } } }
                }
            } catch is CancellationError {
            } catch {
                self.state.withLock { if $0.failure == nil && !Task.isCancelled { $0.failure = "\(error)" } }
            }
            self.state.withLock { $0.connected = false }
        }
        task.withLock { $0 = started }
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

    private static func identFrame(_ s: State) -> ByteBuffer {
        frame(.ident(IdentMessage(session: 1, fileIdent: s.fileIdent, salt: s.salt,
                                  downloadCursor: DownloadCursor(serverVersion: s.serverVersion, lastIntegratedClientVersion: 0),
                                  uploadCursor: UploadCursor(clientVersion: 0, lastIntegratedServerVersion: 0))))
    }
}
