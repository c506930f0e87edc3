import Foundation

/// Why retrieving permissions, creating an offer or accepting one failed.
///
/// ```swift
/// do {
///     let url = try await user.acceptOffer(forToken: token)
/// } catch SyncPermissionError.offerExpired {
///     print("ask for a new invitation")
/// }
/// ```
public struct SyncPermissionError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The kinds of failure.
    public enum Code: Int, Sendable, CaseIterable, CustomStringConvertible {
        /// No offer has this token.
        case offerNotFound = 1
        /// The offer has expired.
        case offerExpired = 2
        /// The user lacks the level the request needs (for example, admin to create an offer).
        case permissionDenied = 3
        /// The server refused the request as malformed (a bad path, a bad level...).
        case badRequest = 4
        /// The realm URL cannot be used (no path, or not a `realm://`/`realms://` URL).
        case invalidURL = 5
        /// The user is logged out, or the server ended the user's session.
        case userLoggedOut = 6
        /// The server answered something that is not the documented response.
        case badResponse = 7
        /// The server could not be reached, or the connection broke.
        case networkFailure = 8
        /// The server did not answer within the timeout.
        case timedOut = 9
        /// The server failed while handling the request (HTTP 5xx).
        case serverError = 10
        /// The server does not offer permissions (an older `fief-server`).
        case notSupported = 11
        /// The offer was revoked by its creator or an administrator.
        case offerRevoked = 12

        public var description: String {
            switch self {
            case .offerNotFound: "offerNotFound"
            case .offerExpired: "offerExpired"
            case .permissionDenied: "permissionDenied"
            case .badRequest: "badRequest"
            case .invalidURL: "invalidURL"
            case .userLoggedOut: "userLoggedOut"
            case .badResponse: "badResponse"
            case .networkFailure: "networkFailure"
            case .timedOut: "timedOut"
            case .serverError: "serverError"
            case .notSupported: "notSupported"
            case .offerRevoked: "offerRevoked"
            }
        }
    }

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong, in words.
    public let message: String
    /// The HTTP status of the server's answer, when there was one.
    public let httpStatus: Int?
    /// The server's machine-readable error code, when it sent one.
    public let serverCode: String?

    /// An error of kind `code`.
    public init(_ code: Code, _ message: String, httpStatus: Int? = nil, serverCode: String? = nil) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.serverCode = serverCode
    }

    public var description: String {
        let status = httpStatus.map { " (HTTP \($0))" } ?? ""
        return "SyncPermissionError.\(code)\(status): \(message)"
    }

    public var errorDescription: String? { description }


    /// The code ``Code/offerNotFound``, for `catch SyncPermissionError.offerNotFound`.
    public static var offerNotFound: Code { .offerNotFound }
    /// The code ``Code/offerExpired``, for `catch SyncPermissionError.offerExpired`.
    public static var offerExpired: Code { .offerExpired }
    /// The code ``Code/offerRevoked``, for `catch SyncPermissionError.offerRevoked`.
    public static var offerRevoked: Code { .offerRevoked }
    /// The code ``Code/permissionDenied``, for `catch SyncPermissionError.permissionDenied`.
    public static var permissionDenied: Code { .permissionDenied }
    /// The code ``Code/userLoggedOut``, for `catch SyncPermissionError.userLoggedOut`.
    public static var userLoggedOut: Code { .userLoggedOut }
    /// The code ``Code/notSupported``, for `catch SyncPermissionError.notSupported`.
    public static var notSupported: Code { .notSupported }
}

extension SyncPermissionError {
    /// `error` as a permission error (it is one, from this module's functions).
    static func wrapping(_ error: any Error) -> SyncPermissionError {
        if let error = error as? SyncPermissionError { return error }
        if let error = error as? SyncAuthError { return SyncPermissionError(auth: error) }
        return SyncPermissionError(.networkFailure, "\(error)")
    }

    /// The permission form of an error from getting the access token.
    init(auth error: SyncAuthError) {
        let code: Code = switch error.code {
        case .networkFailure: .networkFailure
        case .timedOut: .timedOut
        case .badResponse: .badResponse
        case .serverError, .rateLimited: .serverError
        case .invalidURL: .invalidURL
        default: .userLoggedOut
        }
        self.init(code, error.message, httpStatus: error.httpStatus, serverCode: error.serverCode)
    }

    /// The error for an answer with a status other than 2xx.
    init(reply: ServerExchange.Reply, endpoint: String) {
        guard let body = ReplyDecoding.errorBody(reply) else {
            if reply.status == 404 {
                self.init(.notSupported, "\(endpoint) is not on this server (HTTP 404): it predates permissions", httpStatus: 404)
                return
            }
            let code: Code = reply.status >= 500 ? .serverError : .badResponse
            self.init(code, "\(endpoint) answered HTTP \(reply.status) without a JSON error: \(ReplyDecoding.snippet(reply.body))",
                      httpStatus: reply.status)
            return
        }
        let code: Code = switch body.code {
        case "offerNotFound": .offerNotFound
        case "offerExpired": .offerExpired
        case "offerRevoked": .offerRevoked
        case "permissionDenied": .permissionDenied
        case "invalidAccessToken", "invalidRefreshToken": .userLoggedOut
        case "invalidRequest", "badPath", "userNotFound": .badRequest
        default: reply.status >= 500 ? .serverError : (reply.status == 404 ? .notSupported : .badRequest)
        }
        self.init(code, body.message ?? body.code, httpStatus: reply.status, serverCode: body.code)
    }
}

extension SyncPermissionError.Code {
    /// Matches an error against a code: `catch SyncPermissionError.offerExpired { ... }`.
    public static func ~= (code: Self, error: any Error) -> Bool {
        (error as? SyncPermissionError)?.code == code
    }
}
