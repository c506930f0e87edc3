import Hummingbird
import HummingbirdWebSocket

/// The request context of the server's routes: WebSocket upgrade support and the peer's address
/// (for rate limits).
public struct ServerRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    /// The peer's IP address, or `unknown`.
    public let remoteAddress: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
