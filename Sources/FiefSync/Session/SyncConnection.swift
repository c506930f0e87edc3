@_spi(Sync) import FiefSyncProtocol
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOSSL
import WSClient

/// One WebSocket to `fief-server`'s `/sync`, speaking the sync protocol's binary frames.
///
/// What arrives comes out of ``events`` in order: `.opened` once the upgrade succeeded, each
/// decoded message, and last `.closed` with the reason (nil for a close the client asked for).
/// A frame that does not decode closes the connection with a typed ``SyncError`` and is never
/// handed on.
final class SyncConnection: Sendable {
    /// What the connection reports.
    enum Event: Sendable {
        case opened
        case message(SyncMessage)
        case closed(SyncError?)
    }

    /// The connection's reports, in order; finishes after `.closed`.
    let events: AsyncStream<Event>
    private let outgoing: AsyncStream<Outgoing>.Continuation
    private let task: Task<Void, Never>

    private enum Outgoing: Sendable {
        case frame([UInt8])
        case close
        case inboundEnded
    }

    /// The largest frame either side sends: the server's default limit.
    static let maximumFrameSize = 32 << 20

    /// Connects to `url` (`ws://` or `wss://`, ending in `/sync`) with the bearer `token`.
    /// With `validatesCertificates` false a `wss://` connection accepts any certificate (for
    /// development servers only); otherwise it trusts the system's roots and `trustedRoots`
    /// (PEM), or, for a host that is an IP address, `trustedRoots` only. A connection whose
    /// WebSocket upgrade takes longer than `connectTimeout` counts as failed.
    init(url: String, token: String, validatesCertificates: Bool, trustedRoots: [String] = [],
         connectTimeout: Duration = SyncTimeouts().connect) {
        let (events, eventSink) = AsyncStream.makeStream(of: Event.self)
        let (outgoingStream, outgoing) = AsyncStream.makeStream(of: Outgoing.self)
        self.events = events
        self.outgoing = outgoing
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        headers[HTTPField.Name("Fief-Sync-Protocol")!] = "\(SyncProtocolVersion.supported.lowerBound.rawValue)-\(SyncProtocolVersion.supported.upperBound.rawValue)"
        var configuration = WebSocketClientConfiguration(maxFrameSize: Self.maximumFrameSize, additionalHeaders: headers,
                                                         autoPing: .enabled(timePeriod: .seconds(30)))
        var tls: TLSConfiguration?
        var setupError: SyncError?
        if url.hasPrefix("wss://") {
            var client = TLSConfiguration.makeClientConfiguration()
            do {
                let roots = validatesCertificates ? try FiefHTTPClient.certificates(trustedRoots) : []
                if !roots.isEmpty { client.additionalTrustRoots = [.certificates(roots)] }
                if let host = URL(string: url)?.host, (try? SocketAddress(ipAddress: host, port: 0)) != nil {
                    // WSClient sends the host as the TLS server name, which may not be an IP
                    // address: send a placeholder name, trust the app's roots only (none: no
                    // certificate passes) and skip the name check, which cannot match an address.
                    configuration.sniHostname = "fief-sync.invalid"
                    client.trustRoots = .certificates(roots)
                    client.additionalTrustRoots = []
                    client.certificateVerification = .noHostnameVerification
                }
            } catch {
                setupError = SyncError(.connectionFailed, "the app's trusted root certificates are not PEM certificates (\(error))")
            }
            if !validatesCertificates { client.certificateVerification = .none }
            tls = client
        }
        var logger = Logging.Logger(label: "fief.sync.connection")
        logger.logLevel = .critical
        let handshake = HandshakeWatch()
        task = Task { [configuration, tls, setupError] in
            let closeReason = CloseReason()
            if let setupError {
                eventSink.yield(.closed(setupError))
                eventSink.finish()
                return
            }
            do {
                try await WebSocketClient.connect(url: url, configuration: configuration, tlsConfiguration: tls, logger: logger) { inbound, outbound, _ in
                    // Too late: the watchdog already reported this connection failed.
                    guard handshake.opened() else { return }
                    eventSink.yield(.opened)
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            do {
                                for try await message in inbound.messages(maxSize: Self.maximumFrameSize) {
                                    guard case .binary(let buffer) = message else {
                                        closeReason.set(SyncError(.badServerMessage, "the server sent a text frame; the sync protocol uses binary frames only"))
                                        break
                                    }
                                    do {
                                        eventSink.yield(.message(try SyncMessageCodec.decode(Array(buffer.readableBytesView))))
                                    } catch {
                                        closeReason.set(SyncError(.badServerMessage, "the server sent a frame that is not a sync message: \(error)"))
                                        break
                                    }
                                }
                            } catch {
                                closeReason.set(SyncError(.connectionFailed, "reading from the server failed: \(error)", isTransient: true))
                            }
                            if !closeReason.isSet { closeReason.set(SyncError(.connectionFailed, "the server closed the connection", isTransient: true)) }
                            outgoing.yield(.inboundEnded)
                        }
                        for await item in outgoingStream {
                            switch item {
                            case .frame(let bytes):
                                do { try await outbound.write(.binary(ByteBuffer(bytes: bytes))) } catch {
                                    closeReason.set(SyncError(.connectionFailed, "writing to the server failed: \(error)", isTransient: true))
                                    group.cancelAll()
                                    return
                                }
                            case .close:
                                closeReason.set(nil)
                                group.cancelAll()
                                return
                            case .inboundEnded:
                                group.cancelAll()
                                return
                            }
                        }
                        group.cancelAll()
                    }
                }
            } catch {
                closeReason.set(SyncError(.connectionFailed, "could not connect to \(url): \(error)", isTransient: true))
            }
            handshake.ended()
            eventSink.yield(.closed(closeReason.value))
            eventSink.finish()
        }
        // The WebSocket client keeps a connection the network cut during the upgrade
        // half-open and waits for the server's answer without a deadline: give up on it.
        Task {
            try? await Task.sleep(for: connectTimeout)
            guard handshake.expired() else { return }
            eventSink.yield(.closed(SyncError(.connectionFailed, "no WebSocket handshake from \(url) within \(connectTimeout)", isTransient: true)))
            eventSink.finish()
        }
    }

    /// Sends `message` (in order with earlier ones). Ignored once the connection closed.
    func send(_ message: SyncMessage) {
        outgoing.yield(.frame(SyncMessageCodec.encode(message)))
    }

    /// Closes the connection; `events` then ends with `.closed(nil)` unless an error came first.
    func close() {
        outgoing.yield(.close)
    }
}

/// The first reason a connection ended, set from its reading and writing tasks.
private final class CloseReason: @unchecked Sendable {
    private let lock = NSLock()
    private var reason: SyncError?
    private var wasSet = false

    func set(_ error: SyncError?) {
        lock.lock(); defer { lock.unlock() }
        if !wasSet { reason = error; wasSet = true }
    }

    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return wasSet }
    var value: SyncError? { lock.lock(); defer { lock.unlock() }; return reason }
}

/// Whether a connection's WebSocket handshake finished, the connection ended, or the
/// handshake's deadline passed first: whichever happens first wins.
private final class HandshakeWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var settled = false

    /// The handshake finished; false if the deadline passed first.
    func opened() -> Bool { settle() }

    /// The connection ended (before or after its handshake).
    func ended() { _ = settle() }

    /// The deadline passed; true if neither the handshake nor the end came first.
    func expired() -> Bool { settle() }

    private func settle() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if settled { return false }
        settled = true
        return true
    }
}
