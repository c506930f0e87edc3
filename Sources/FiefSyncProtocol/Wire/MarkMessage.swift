/// Both directions: a download-completion request, and the server's answer to it.
///
/// The client sends a mark with a new ``requestIdent``; the server sends the same mark back once
/// it has sent every change it had when the request arrived. Opening a realm with the `.always`
/// behaviour waits for that answer.
public struct MarkMessage: Equatable, Sendable {
    /// The session the mark belongs to.
    public var session: UInt32
    /// The client's number for this request, echoed by the server.
    public var requestIdent: UInt64

    /// Creates a mark message.
    public init(session: UInt32, requestIdent: UInt64) {
        self.session = session
        self.requestIdent = requestIdent
    }
}
