/// The client and the server have no protocol version in common.
///
/// Thrown by ``SyncProtocolVersion/negotiate(clientRange:serverRange:)``. A server that meets it
/// answers with ``errorMessage`` and closes the connection; ``clientIsOlder`` tells a client
/// whether it should be upgraded or the server is behind.
public struct VersionNegotiationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The versions the client speaks.
    public let clientRange: ClosedRange<SyncProtocolVersion>
    /// The versions the server speaks.
    public let serverRange: ClosedRange<SyncProtocolVersion>

    /// Creates the error for two ranges that do not overlap.
    public init(clientRange: ClosedRange<SyncProtocolVersion>, serverRange: ClosedRange<SyncProtocolVersion>) {
        self.clientRange = clientRange
        self.serverRange = serverRange
    }

    /// Whether every version the client speaks is older than every version the server speaks.
    public var clientIsOlder: Bool { clientRange.upperBound < serverRange.lowerBound }

    public var description: String {
        let side = clientIsOlder ? "the client is too old" : "the client is too new"
        return "no common sync protocol version: the client speaks \(clientRange.lowerBound)...\(clientRange.upperBound), "
            + "the server speaks \(serverRange.lowerBound)...\(serverRange.upperBound) (\(side))"
    }

    /// The connection-level error message a server sends for this failure: code
    /// ``SyncErrorCode/unsupportedProtocolVersion``, not worth retrying.
    public var errorMessage: ErrorMessage {
        ErrorMessage(session: nil, code: .unsupportedProtocolVersion, message: description, tryAgain: false, clientResetRequired: false)
    }
}
