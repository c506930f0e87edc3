/// Both directions: a failure of one session, or of the whole connection.
///
/// A connection-level error (``session`` is `nil`) is followed by closing the connection. A
/// session-level error ends that session only.
public struct ErrorMessage: Equatable, Sendable {
    /// The session that failed, or `nil` when the error concerns the connection.
    public var session: UInt32?
    /// What went wrong, in a form a program can act on.
    public var code: SyncErrorCode
    /// A description for people and logs.
    public var message: String
    /// Whether the same request may succeed later (after a back-off), for example after
    /// ``SyncErrorCode/serverShuttingDown``.
    public var tryAgain: Bool
    /// Whether the client must discard its local file and download the realm again.
    public var clientResetRequired: Bool

    /// Creates an error message.
    public init(session: UInt32?, code: SyncErrorCode, message: String, tryAgain: Bool, clientResetRequired: Bool) {
        self.session = session
        self.code = code
        self.message = message
        self.tryAgain = tryAgain
        self.clientResetRequired = clientResetRequired
    }
}
