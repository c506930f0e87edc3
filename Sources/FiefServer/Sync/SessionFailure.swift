import FiefSyncProtocol

/// A failure that ends one sync session: sent to the client as a session `error` message.
public struct SessionFailure: Error, Equatable, CustomStringConvertible {
    /// The protocol's error code (200–299).
    public var code: SyncErrorCode
    /// What is wrong, for people and logs.
    public var message: String
    /// Whether the same request may succeed later.
    public var tryAgain: Bool
    /// Whether the client must discard its file and download the realm again.
    public var clientResetRequired: Bool

    /// A failure with `code` and `message`.
    public init(_ code: SyncErrorCode, _ message: String, tryAgain: Bool = false, clientResetRequired: Bool = false) {
        self.code = code
        self.message = message
        self.tryAgain = tryAgain
        self.clientResetRequired = clientResetRequired
    }

    /// The error message for `session`.
    public func errorMessage(session: UInt32) -> ErrorMessage {
        ErrorMessage(session: session, code: code, message: message, tryAgain: tryAgain, clientResetRequired: clientResetRequired)
    }

    public var description: String { "\(code): \(message)" }
}
