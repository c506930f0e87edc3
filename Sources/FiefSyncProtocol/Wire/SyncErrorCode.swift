/// What went wrong, as carried by an ``ErrorMessage``.
///
/// Codes 100–199 concern the connection, 200–299 one session. A code this library does not know
/// (sent by a newer peer) is kept as it is and still round-trips; ``isKnown`` tells them apart.
public struct SyncErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as it appears on the wire.
    public let rawValue: UInt16

    /// Creates a code from its number, known or not.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    // Connection level.

    /// The peer broke the protocol: a message out of order, an unknown session.
    public static let protocolViolation = SyncErrorCode(rawValue: 100)
    /// A frame could not be decoded (see ``WireError``).
    public static let badMessage = SyncErrorCode(rawValue: 101)
    /// The peers share no protocol version, or a frame used another version.
    public static let unsupportedProtocolVersion = SyncErrorCode(rawValue: 102)
    /// A frame, a changeset or a string exceeded the receiver's ``WireLimits``.
    public static let tooLarge = SyncErrorCode(rawValue: 103)
    /// The server is going down; connect again later.
    public static let serverShuttingDown = SyncErrorCode(rawValue: 104)
    /// The server failed in a way that is not the client's fault.
    public static let internalError = SyncErrorCode(rawValue: 105)

    // Session level.

    /// The access token is invalid or expired: the client should refresh it and bind again.
    public static let badAuthentication = SyncErrorCode(rawValue: 200)
    /// The user may not open this realm, or may not make this change.
    public static let permissionDenied = SyncErrorCode(rawValue: 201)
    /// The realm path is malformed or names no realm.
    public static let badPath = SyncErrorCode(rawValue: 202)
    /// The file identity or its salt is not one the server assigned.
    public static let badClientFileIdent = SyncErrorCode(rawValue: 203)
    /// The server cannot continue from the client's cursors (history compacted, server restored
    /// from a backup): the client must reset its file.
    public static let clientResetRequired = SyncErrorCode(rawValue: 204)
    /// An uploaded changeset could not be decoded or applied.
    public static let badChangeset = SyncErrorCode(rawValue: 205)
    /// A cursor or version is not consistent with the history (for example in the future).
    public static let badCursor = SyncErrorCode(rawValue: 206)
    /// The server has no room to store the upload.
    public static let diskFull = SyncErrorCode(rawValue: 207)
    /// The user may read this realm but not write it: nothing of the upload was integrated, and
    /// the client reverts the changesets it uploaded. Unlike the other session codes, it does not
    /// end the session: downloads go on, and later uploads are judged again.
    public static let writeNotAllowed = SyncErrorCode(rawValue: 208)
    /// Some instructions of an upload broke the realm's permission rules (a write, create or
    /// delete the user's role does not allow). They were left out of the server's history, so the
    /// client's own changeset comes back without them and reverts them on the device: a
    /// compensating write. The message names the objects and the rule. The session goes on.
    public static let compensatingWrite = SyncErrorCode(rawValue: 209)

    /// Every code this library names, in numeric order.
    public static let allKnown: [SyncErrorCode] = [
        .protocolViolation, .badMessage, .unsupportedProtocolVersion, .tooLarge, .serverShuttingDown, .internalError,
        .badAuthentication, .permissionDenied, .badPath, .badClientFileIdent, .clientResetRequired, .badChangeset,
        .badCursor, .diskFull, .writeNotAllowed, .compensatingWrite,
    ]

    /// Whether this library has a name for the code.
    public var isKnown: Bool { name != nil }

    /// Whether the code concerns the whole connection (100–199) rather than one session.
    public var isConnectionLevel: Bool { (100 ..< 200).contains(rawValue) }

    private var name: String? {
        switch rawValue {
        case 100: "protocolViolation"
        case 101: "badMessage"
        case 102: "unsupportedProtocolVersion"
        case 103: "tooLarge"
        case 104: "serverShuttingDown"
        case 105: "internalError"
        case 200: "badAuthentication"
        case 201: "permissionDenied"
        case 202: "badPath"
        case 203: "badClientFileIdent"
        case 204: "clientResetRequired"
        case 205: "badChangeset"
        case 206: "badCursor"
        case 207: "diskFull"
        case 208: "writeNotAllowed"
        case 209: "compensatingWrite"
        default: nil
        }
    }

    /// The code's name and number, for example `badAuthentication (200)`, or `unknown (999)`.
    public var description: String { "\(name ?? "unknown") (\(rawValue))" }
}
