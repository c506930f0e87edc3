/// The kind of a ``SyncMessage``: the message type byte of its frame.
///
/// The raw values are the type codes on the wire (`FORMAT.md`, Part III); they never change
/// meaning within a protocol version.
public enum SyncMessageKind: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    /// ``SyncMessage/bind(_:)``, client to server.
    case bind = 1
    /// ``SyncMessage/identAssigned(_:)``, server to client.
    case identAssigned = 2
    /// ``SyncMessage/ident(_:)``, client to server.
    case ident = 3
    /// ``SyncMessage/upload(_:)``, client to server.
    case upload = 4
    /// ``SyncMessage/download(_:)``, server to client.
    case download = 5
    /// ``SyncMessage/mark(_:)``, both directions.
    case mark = 6
    /// ``SyncMessage/unbind(session:)``, client to server.
    case unbind = 7
    /// ``SyncMessage/unbound(session:)``, server to client.
    case unbound = 8
    /// ``SyncMessage/error(_:)``, both directions.
    case error = 9
    /// ``SyncMessage/ping(timestamp:)``, both directions.
    case ping = 10
    /// ``SyncMessage/pong(timestamp:)``, both directions.
    case pong = 11
    /// ``SyncMessage/query(_:)``, client to server.
    case query = 12
    /// ``SyncMessage/queryError(_:)``, server to client.
    case queryError = 13

    /// The message's name as used in ``WireError`` field paths, for example `upload`.
    public var description: String {
        switch self {
        case .bind: "bind"
        case .identAssigned: "identAssigned"
        case .ident: "ident"
        case .upload: "upload"
        case .download: "download"
        case .mark: "mark"
        case .unbind: "unbind"
        case .unbound: "unbound"
        case .error: "error"
        case .ping: "ping"
        case .pong: "pong"
        case .query: "query"
        case .queryError: "queryError"
        }
    }
}
