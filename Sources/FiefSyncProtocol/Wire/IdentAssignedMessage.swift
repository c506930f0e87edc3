/// Server to client: the identity the server assigned to a client's file.
///
/// Sent once, in answer to a ``BindMessage`` with ``BindMessage/needsFileIdent`` set. The client
/// stores both numbers in its file and presents them in every later ``IdentMessage``.
public struct IdentAssignedMessage: Equatable, Sendable {
    /// The session the identity is for.
    public var session: UInt32
    /// The file's identity, unique within the realm's server history.
    public var fileIdent: UInt64
    /// A random value that goes with the identity, so that a guessed identity is refused.
    public var salt: UInt64

    /// Creates an ident-assigned message.
    public init(session: UInt32, fileIdent: UInt64, salt: UInt64) {
        self.session = session
        self.fileIdent = fileIdent
        self.salt = salt
    }
}
