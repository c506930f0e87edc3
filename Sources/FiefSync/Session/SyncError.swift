@_spi(Sync) import FiefSyncProtocol

/// An error of a sync session: the connection, the server's answer or the file's history.
///
/// It reaches `SyncConfiguration.errorHandler` (or `SyncSession.errorHandler`, or
/// `SyncManager.shared.errorHandler`), and it is what a waiting open or
/// `wait(for:)` throws.
///
/// ```swift
/// config.syncConfiguration?.errorHandler = { error, session in
///     if error.code == .permissionDenied { print("no access to \(session?.realmURL.path ?? "?")") }
/// }
/// ```
public struct SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The server could not be reached, or the connection broke. Sync retries by itself.
        public static let connectionFailed = Code(rawValue: "connectionFailed")
        /// The server sent bytes that are not a message of the sync protocol, or a message out
        /// of order. The connection is dropped and made again later.
        public static let badServerMessage = Code(rawValue: "badServerMessage")
        /// The server speaks no version of the sync protocol this client speaks.
        public static let unsupportedProtocolVersion = Code(rawValue: "unsupportedProtocolVersion")
        /// The user may not open this realm.
        public static let permissionDenied = Code(rawValue: "permissionDenied")
        /// The user may read this realm but not write it: the writes the server refused were
        /// reverted in the local file.
        public static let writeNotAllowed = Code(rawValue: "writeNotAllowed")
        /// The user's session ended (refresh token revoked or expired): log in again.
        public static let invalidAccessToken = Code(rawValue: "invalidAccessToken")
        /// The realm URL is malformed.
        public static let badRealmURL = Code(rawValue: "badRealmURL")
        /// The server cannot continue from this file's history: the file was reset as the
        /// configuration's `clientResetMode` says.
        public static let clientReset = Code(rawValue: "clientReset")
        /// The server refused a changeset or a cursor of this file.
        public static let badChangeset = Code(rawValue: "badChangeset")
        /// The server is going down; sync connects again later by itself.
        public static let serverShuttingDown = Code(rawValue: "serverShuttingDown")
        /// The server failed (its fault, not the client's).
        public static let serverError = Code(rawValue: "serverError")
        /// Waiting (an open with `.always`, `wait(for:)`) took longer than allowed.
        public static let timedOut = Code(rawValue: "timedOut")
        /// The session was stopped (its user logged out, or the realm's session was
        /// invalidated) while something waited for it.
        public static let sessionClosed = Code(rawValue: "sessionClosed")
        /// The local file could not be read or written while syncing.
        public static let fileError = Code(rawValue: "fileError")
        /// Another process that has the realm file open syncs it. One process per file syncs
        /// (it uploads every process's commits); this one waits and takes over when that
        /// process closes the file or dies. Transient.
        public static let multipleSyncAgents = Code(rawValue: "multipleSyncAgents")
        /// The server refused a subscription of a flexible-sync realm (a malformed query, or
        /// one naming a class or property the server does not know): the subscription set is
        /// in the `.error` state, the message gives the position. Sync goes on.
        public static let invalidSubscriptionQuery = Code(rawValue: "invalidSubscriptionQuery")
        /// Some writes broke the realm's permission rules: the server left them out, and they
        /// were reverted on this device (a compensating write). The message names the objects
        /// and why. Sync goes on.
        public static let writeRejected = Code(rawValue: "writeRejected")

        public var description: String { rawValue }
    }

    /// What kind of failure it is.
    public var code: Code
    /// What went wrong, with the server's own words when it sent some.
    public var message: String
    /// The protocol's error code when the server sent one.
    public var serverCode: SyncErrorCode?
    /// Whether sync goes on by itself (reconnecting later) after this error.
    public var isTransient: Bool
    /// For a ``Code/clientReset`` error in the `.manual` client reset mode: the path of the
    /// realm file that must be deleted (see ``clientResetInfo()``).
    var resetFilePath: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, serverCode: SyncErrorCode? = nil, isTransient: Bool = false) {
        self.code = code
        self.message = message
        self.serverCode = serverCode
        self.isTransient = isTransient
    }

    public var description: String { "\(code): \(message)" }

    /// The client's reading of an error message from the server.
    init(server error: ErrorMessage) {
        let code: Code = switch error.code {
        case .permissionDenied: .permissionDenied
        case .badAuthentication: .invalidAccessToken
        case .badPath: .badRealmURL
        case .clientResetRequired, .badClientFileIdent: .clientReset
        case .badChangeset, .badCursor: .badChangeset
        case .serverShuttingDown: .serverShuttingDown
        case .unsupportedProtocolVersion: .unsupportedProtocolVersion
        case .protocolViolation, .badMessage, .tooLarge: .badServerMessage
        case .writeNotAllowed: .writeNotAllowed
        case .compensatingWrite: .writeRejected
        default: .serverError
        }
        self.init(code, "the server said \(error.code): \(error.message)", serverCode: error.code, isTransient: error.tryAgain)
    }
}
