import Foundation

/// Why a permission request failed. ``code`` is what clients match on.
public enum PermissionError: Error, Equatable, CustomStringConvertible {
    /// The body lacks a field, or a field has a value the endpoint does not take.
    case invalidRequest(String)
    /// The realm path is malformed.
    case badPath(String)
    /// The caller lacks the access level the request needs.
    case permissionDenied(String)
    /// No offer has this token.
    case offerNotFound
    /// The offer expired at this time.
    case offerExpired(Date)
    /// No user has this id.
    case userNotFound(String)

    /// The machine-readable code, for example `offerExpired`.
    public var code: String {
        switch self {
        case .invalidRequest: "invalidRequest"
        case .badPath: "badPath"
        case .permissionDenied: "permissionDenied"
        case .offerNotFound: "offerNotFound"
        case .offerExpired: "offerExpired"
        case .userNotFound: "userNotFound"
        }
    }

    public var description: String {
        switch self {
        case .invalidRequest(let reason): "invalid request: \(reason)"
        case .badPath(let reason): "bad realm path: \(reason)"
        case .permissionDenied(let reason): "permission denied: \(reason)"
        case .offerNotFound: "no offer has this token"
        case .offerExpired(let date): "the offer expired at \(Timestamp.format(date))"
        case .userNotFound(let id): "no user has the id \(id)"
        }
    }
}
