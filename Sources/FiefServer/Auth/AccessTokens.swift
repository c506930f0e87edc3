import Foundation

/// The claims of an access token.
public struct AccessTokenClaims: Codable, Equatable, Sendable {
    /// The user's id (`sub`).
    public var sub: String
    /// Issued at, in seconds since 1970 (`iat`).
    public var iat: Int64
    /// Expires at, in seconds since 1970 (`exp`).
    public var exp: Int64
    /// Whether the user is an administrator (`adm`).
    public var adm: Bool

    /// Creates claims.
    public init(sub: String, iat: Int64, exp: Int64, adm: Bool) {
        self.sub = sub
        self.iat = iat
        self.exp = exp
        self.adm = adm
    }
}

/// Why an access token was refused. Every case reaches the client as `invalidAccessToken`.
public enum AccessTokenError: Error, Equatable, CustomStringConvertible {
    /// Not three base64url parts, or parts that do not decode.
    case malformed
    /// The header names another algorithm than HS256.
    case unsupportedAlgorithm(String)
    /// The signature does not match: another key made it, or it was altered.
    case badSignature
    /// The token expired at `exp` (seconds since 1970).
    case expired(exp: Int64)

    public var description: String {
        switch self {
        case .malformed: "the access token is not a well-formed JWT"
        case .unsupportedAlgorithm(let alg): "the access token uses algorithm \(alg); only HS256 is accepted"
        case .badSignature: "the access token's signature does not verify"
        case .expired(let exp): "the access token expired at \(exp) (seconds since 1970)"
        }
    }
}

/// Signs and verifies access tokens: compact JWTs (RFC 7519) signed with HMAC-SHA256 (`HS256`)
/// under the server's key. They are short-lived and not stored; refresh tokens renew them.
///
/// ```swift
/// let signer = AccessTokenSigner(key: key)
/// let token = try signer.sign(AccessTokenClaims(sub: id, iat: now, exp: now + 1800, adm: false))
/// let claims = try signer.verify(token, now: now)
/// ```
public struct AccessTokenSigner: Sendable {
    private let key: [UInt8]

    /// A signer with `key` (the server keeps 32 random bytes in its data directory).
    public init(key: [UInt8]) {
        self.key = key
    }

    private static let header = ByteEncodings.base64URL(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))

    /// The compact JWT for `claims`.
    public func sign(_ claims: AccessTokenClaims) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let payload = ByteEncodings.base64URL(Array(try encoder.encode(claims)))
        let input = "\(Self.header).\(payload)"
        let signature = try Crypto.hmacSHA256(key: key, data: Array(input.utf8))
        return "\(input).\(ByteEncodings.base64URL(signature))"
    }

    /// The claims of `token` when its signature verifies and it has not expired at `now`
    /// (seconds since 1970).
    public func verify(_ token: String, now: Int64) throws -> AccessTokenClaims {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = ByteEncodings.fromBase64URL(parts[0]),
              let payloadBytes = ByteEncodings.fromBase64URL(parts[1]) else {
            throw AccessTokenError.malformed
        }
        struct Header: Decodable { var alg: String }
        guard let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes)) else { throw AccessTokenError.malformed }
        guard header.alg == "HS256" else { throw AccessTokenError.unsupportedAlgorithm(header.alg) }
        let expected = try Crypto.hmacSHA256(key: key, data: Array("\(parts[0]).\(parts[1])".utf8))
        // Compared as text: base64url has several spellings of the last bits, and only the one
        // the server writes is accepted.
        guard Crypto.constantTimeEqual(Array(ByteEncodings.base64URL(expected).utf8), Array(parts[2].utf8)) else {
            throw AccessTokenError.badSignature
        }
        guard let claims = try? JSONDecoder().decode(AccessTokenClaims.self, from: Data(payloadBytes)) else {
            throw AccessTokenError.malformed
        }
        guard now < claims.exp else { throw AccessTokenError.expired(exp: claims.exp) }
        return claims
    }
}
