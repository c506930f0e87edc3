/// Client to server: opens a session on one realm.
///
/// The client picks the session number; it must not be in use on the connection. The server
/// checks the token and the path, then expects ``SyncMessage/ident(_:)`` (after answering with
/// ``SyncMessage/identAssigned(_:)`` when ``needsFileIdent`` is set).
public struct BindMessage: Equatable, Sendable {
    /// The session number the client chose for this realm.
    public var session: UInt32
    /// The realm's path on the server, for example `/~/tasks`.
    public var path: String
    /// The user's access token.
    public var accessToken: String
    /// Whether the client's file has no identity yet and asks the server for one.
    public var needsFileIdent: Bool
    /// Whether the realm uses flexible sync (subscriptions sent with ``SyncMessage/query(_:)``)
    /// rather than whole-realm sync.
    public var isSubscriptionBased: Bool

    /// Creates a bind message.
    public init(session: UInt32, path: String, accessToken: String, needsFileIdent: Bool, isSubscriptionBased: Bool) {
        self.session = session
        self.path = path
        self.accessToken = accessToken
        self.needsFileIdent = needsFileIdent
        self.isSubscriptionBased = isSubscriptionBased
    }
}
