/// One message of the sync protocol: the unit a WebSocket binary frame carries.
///
/// A client multiplexes several realm files over one connection; each file it syncs is a
/// *session*, numbered by the client in ``bind(_:)`` and named by every message about that file.
/// ``SyncMessageCodec`` turns messages into frames and back.
///
/// A session's life, seen from the client:
///
/// 1. ``bind(_:)`` names the realm and presents the access token.
/// 2. A new file asks for an identity (``BindMessage/needsFileIdent``) and receives
///    ``identAssigned(_:)``.
/// 3. ``ident(_:)`` names the file and the cursors sync resumes from.
/// 4. ``upload(_:)`` and ``download(_:)`` then flow in both directions; ``mark(_:)`` asks the
///    server to say when everything up to now was downloaded.
/// 5. ``unbind(session:)`` ends the session and the server confirms with ``unbound(session:)``.
///
/// ``error(_:)``, ``ping(timestamp:)`` and ``pong(timestamp:)`` can come at any time.
public enum SyncMessage: Equatable, Sendable {
    /// Client to server: open a session on a realm.
    case bind(BindMessage)
    /// Server to client: the identity the server assigned to the client's file.
    case identAssigned(IdentAssignedMessage)
    /// Client to server: the file's identity and where sync resumes.
    case ident(IdentMessage)
    /// Client to server: changesets made on the client.
    case upload(UploadMessage)
    /// Server to client: changesets from the server's history, and progress.
    case download(DownloadMessage)
    /// Both directions: a download-completion request and its answer.
    case mark(MarkMessage)
    /// Client to server: close a session.
    case unbind(session: UInt32)
    /// Server to client: a session is closed; its number may be reused.
    case unbound(session: UInt32)
    /// Both directions: a failure of one session or of the whole connection.
    case error(ErrorMessage)
    /// Both directions: a keep-alive; the peer answers with ``pong(timestamp:)`` and the same value.
    case ping(timestamp: UInt64)
    /// Both directions: the answer to ``ping(timestamp:)``, echoing its timestamp.
    case pong(timestamp: UInt64)
    /// Client to server: the flexible-sync subscriptions of a session.
    case query(QueryMessage)
    /// Server to client: a flexible-sync subscription the server could not accept.
    case queryError(QueryErrorMessage)

    /// The message's kind (its type byte on the wire).
    public var kind: SyncMessageKind {
        switch self {
        case .bind: .bind
        case .identAssigned: .identAssigned
        case .ident: .ident
        case .upload: .upload
        case .download: .download
        case .mark: .mark
        case .unbind: .unbind
        case .unbound: .unbound
        case .error: .error
        case .ping: .ping
        case .pong: .pong
        case .query: .query
        case .queryError: .queryError
        }
    }

    /// The session the message belongs to, or `nil` for connection-level messages (pings, pongs
    /// and errors without a session).
    public var session: UInt32? {
        switch self {
        case .bind(let message): message.session
        case .identAssigned(let message): message.session
        case .ident(let message): message.session
        case .upload(let message): message.session
        case .download(let message): message.session
        case .mark(let message): message.session
        case .unbind(let session), .unbound(let session): session
        case .error(let message): message.session
        case .ping, .pong: nil
        case .query(let message): message.session
        case .queryError(let message): message.session
        }
    }
}
