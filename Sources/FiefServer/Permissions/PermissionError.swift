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
    /// The offer was revoked at this time.
    case offerRevoked(Date)
    /// No offer of the caller has this id (another user's offer counts as none).
    case unknownOffer(id: String)
    /// No user has this id.
    case userNotFound(String)

    /// The machine-readable code, for example `offerExpired`.
    public var code: String {
        switch self {
        case .invalidRequest: "invalidRequest"
        case .badPath: "badPath"
        case .permissionDenied: "permissionDenied"
        case .offerNotFound, .unknownOffer: "offerNotFound"
        case .offerExpired: "offerExpired"
        case .offerRevoked: "offerRevoked"
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
        case .offerRevoked(let date): "the offer was revoked at \(Timestamp.format(date))"
        case .unknownOffer(let id): "you made no offer with the id \(id)"
        case .userNotFound(let id): "no user has the id \(id)"
        }
    }
}
