import Foundation
import Hummingbird

/// An HTTP error answered as JSON `{"code": "...", "message": "..."}`.
public struct APIError: HTTPResponseError, Equatable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The machine-readable code, for example `invalidAccessToken`.
    public var code: String
    /// What is wrong, for people.
    public var message: String

    /// An error with `status`, `code` and `message`.
    public init(_ status: HTTPResponse.Status, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The HTTP form of an authentication error.
    public init(_ error: AuthError) {
        let status: HTTPResponse.Status = switch error {
        case .invalidRequest, .invalidUsername, .invalidPassword, .unknownProvider: .badRequest
        case .usernameTaken, .apiKeyNameTaken, .identityInUse: .conflict
        case .invalidCredentials, .rejectedToken, .invalidRefreshToken, .invalidAccessToken, .apiKeyDisabled, .userNotConfirmed: .unauthorized
        case .invalidAccountToken: .badRequest
        case .resetRefused: .forbidden
        case .deliveryFailed: .badGateway
        case .apiKeyNotFound: .notFound
        case .providerDisabled: .forbidden
        case .rateLimited: .tooManyRequests
        }
        self.init(status, code: error.code, message: error.description)
    }

    /// The HTTP form of a permission error.
    public init(_ error: PermissionError) {
        let status: HTTPResponse.Status = switch error {
        case .invalidRequest, .badPath: .badRequest
        case .permissionDenied: .forbidden
        case .offerNotFound, .unknownOffer, .userNotFound: .notFound
        case .offerExpired, .offerRevoked: .gone
        }
        self.init(status, code: error.code, message: error.description)
    }

    /// Any error as an HTTP error: authentication and permission errors as themselves, others
    /// as `internalError` (500), without details.
    public static func from(_ error: any Error) -> APIError {
        if let api = error as? APIError { return api }
        if let auth = error as? AuthError { return APIError(auth) }
        if let permission = error as? PermissionError { return APIError(permission) }
        return APIError(.internalServerError, code: "internalError", message: "the server failed to handle the request")
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try JSONEncoder().encode(APIErrorBody(code: code, message: message))
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// The JSON form of an ``APIError``.
struct APIErrorBody: Codable {
    var code: String
    var message: String
}
