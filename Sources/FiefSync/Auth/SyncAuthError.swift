import Foundation

/// Why logging in, registering, refreshing a token or logging out failed.
///
/// Match on ``code``, or directly on a code in a `catch` clause:
///
/// ```swift
/// do {
///     let user = try await app.login(credentials: .emailPassword(email: "ann", password: "wrong"))
/// } catch SyncAuthError.invalidCredentials {
///     showLoginForm(message: "Wrong user name or password")
/// } catch let error as SyncAuthError where error.isRetryable {
///     retryLater()
/// }
/// ```
public struct SyncAuthError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The kinds of failure.
    public enum Code: Int, Sendable, CaseIterable, CustomStringConvertible {
        /// The server answered something that is not the response it documents: not HTTP,
        /// not JSON, or JSON without the expected fields. ``SyncAuthError/message`` says what.
        case badResponse = 1
        /// The server refused the request as malformed (HTTP 400 `invalidRequest`).
        case badRequest = 2
        /// The server could not be reached, or the connection broke before an answer.
        case networkFailure = 3
        /// The server did not answer within the timeout.
        case timedOut = 4
        /// The server failed while handling the request (HTTP 5xx).
        case serverError = 5
        /// Wrong user name, password or token.
        case invalidCredentials = 611
        /// The user name is not acceptable to the server (empty, too long, bad characters).
        case invalidUsername = 612
        /// Registering a user name that another account has.
        case userAlreadyExists = 613
        /// The password is not acceptable to the server (6 to 1024 characters).
        case invalidPassword = 614
        /// The user's session is over: the server refused the refresh token (it expired or
        /// was revoked) or the user logged out. The user is logged out; log in again.
        case invalidAccessToken = 615
        /// Too many login attempts for this user name or from this address; try later.
        case rateLimited = 616
        /// The server does not offer this login provider.
        case providerDisabled = 617
        /// The server's base URL cannot be used (not an http or https URL).
        case invalidURL = 618
        /// The user has no API key with this id (it was deleted, or is another user's).
        case apiKeyNotFound = 619
        /// The user already has an API key with this name.
        case apiKeyAlreadyExists = 620
        /// The password account must be confirmed (``EmailPasswordAuth/confirmUser(_:tokenId:)``)
        /// before it logs in.
        case userNotConfirmed = 621
        /// A confirmation or password-reset token is unknown, already used, expired or for
        /// something else.
        case invalidAccountToken = 622

        public var description: String {
            switch self {
            case .badResponse: "badResponse"
            case .badRequest: "badRequest"
            case .networkFailure: "networkFailure"
            case .timedOut: "timedOut"
            case .serverError: "serverError"
            case .invalidCredentials: "invalidCredentials"
            case .invalidUsername: "invalidUsername"
            case .userAlreadyExists: "userAlreadyExists"
            case .invalidPassword: "invalidPassword"
            case .invalidAccessToken: "invalidAccessToken"
            case .rateLimited: "rateLimited"
            case .providerDisabled: "providerDisabled"
            case .invalidURL: "invalidURL"
            case .apiKeyNotFound: "apiKeyNotFound"
            case .apiKeyAlreadyExists: "apiKeyAlreadyExists"
            case .userNotConfirmed: "userNotConfirmed"
            case .invalidAccountToken: "invalidAccountToken"
            }
        }
    }

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong, in words: the server's message, or what was wrong with its answer.
    public let message: String
    /// The HTTP status of the server's answer, when there was one.
    public let httpStatus: Int?
    /// The server's machine-readable error code (for example `usernameTaken`), when it sent one.
    public let serverCode: String?

    /// An error of kind `code`.
    public init(_ code: Code, _ message: String, httpStatus: Int? = nil, serverCode: String? = nil) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.serverCode = serverCode
    }

    /// Whether trying again later may succeed: network failures, timeouts, server failures
    /// and rate limits. Other errors need a change (credentials, a new login) first.
    public var isRetryable: Bool {
        [.networkFailure, .timedOut, .serverError, .rateLimited].contains(code)
    }

    public var description: String {
        let status = httpStatus.map { " (HTTP \($0))" } ?? ""
        return "SyncAuthError.\(code)\(status): \(message)"
    }

    public var errorDescription: String? { description }

}

extension SyncAuthError {
    /// The code ``Code/badResponse``, for `catch SyncAuthError.badResponse`.
    public static var badResponse: Code { .badResponse }
    /// The code ``Code/badRequest``, for `catch SyncAuthError.badRequest`.
    public static var badRequest: Code { .badRequest }
    /// The code ``Code/networkFailure``, for `catch SyncAuthError.networkFailure`.
    public static var networkFailure: Code { .networkFailure }
    /// The code ``Code/timedOut``, for `catch SyncAuthError.timedOut`.
    public static var timedOut: Code { .timedOut }
    /// The code ``Code/serverError``, for `catch SyncAuthError.serverError`.
    public static var serverError: Code { .serverError }
    /// The code ``Code/invalidCredentials``, for `catch SyncAuthError.invalidCredentials`.
    public static var invalidCredentials: Code { .invalidCredentials }
    /// The code ``Code/invalidUsername``, for `catch SyncAuthError.invalidUsername`.
    public static var invalidUsername: Code { .invalidUsername }
    /// The code ``Code/userAlreadyExists``, for `catch SyncAuthError.userAlreadyExists`.
    public static var userAlreadyExists: Code { .userAlreadyExists }
    /// The code ``Code/invalidPassword``, for `catch SyncAuthError.invalidPassword`.
    public static var invalidPassword: Code { .invalidPassword }
    /// The code ``Code/invalidAccessToken``, for `catch SyncAuthError.invalidAccessToken`.
    public static var invalidAccessToken: Code { .invalidAccessToken }
    /// The code ``Code/rateLimited``, for `catch SyncAuthError.rateLimited`.
    public static var rateLimited: Code { .rateLimited }
    /// The code ``Code/providerDisabled``, for `catch SyncAuthError.providerDisabled`.
    public static var providerDisabled: Code { .providerDisabled }
    /// The code ``Code/invalidURL``, for `catch SyncAuthError.invalidURL`.
    public static var invalidURL: Code { .invalidURL }
    /// The code ``Code/apiKeyNotFound``, for `catch SyncAuthError.apiKeyNotFound`.
    public static var apiKeyNotFound: Code { .apiKeyNotFound }
    /// The code ``Code/apiKeyAlreadyExists``, for `catch SyncAuthError.apiKeyAlreadyExists`.
    public static var apiKeyAlreadyExists: Code { .apiKeyAlreadyExists }
    /// The code ``Code/userNotConfirmed``, for `catch SyncAuthError.userNotConfirmed`.
    public static var userNotConfirmed: Code { .userNotConfirmed }
    /// The code ``Code/invalidAccountToken``, for `catch SyncAuthError.invalidAccountToken`.
    public static var invalidAccountToken: Code { .invalidAccountToken }
}

/// The Device Sync name of ``SyncAuthError``: errors of ``App`` and ``User`` operations.
public typealias AppError = SyncAuthError

extension SyncAuthError.Code {
    /// Matches an error against a code in `catch` clauses and `switch` cases:
    /// `catch SyncAuthError.invalidCredentials { ... }`.
    public static func ~= (code: Self, error: any Error) -> Bool {
        (error as? SyncAuthError)?.code == code
    }
}
