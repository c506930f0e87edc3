import FiefSyncProtocol
import Foundation

/// A login token read as a compact JSON Web Signature (`header.payload.signature`, each part
/// base64url): what the `jwt`, `apple` and `google` providers check. Reading it checks only
/// its shape; ``identity(issuers:audiences:now:)`` reads the claims once a key has checked
/// ``signature`` over ``signedBytes``.
struct CompactJWS {
    /// The header's `alg`: `HS256`, `RS256`, `ES256`...
    let algorithm: String
    /// The header's `kid`, naming the key of a key set.
    let keyID: String?
    /// `header.payload`, as the signature covers it.
    let signedBytes: [UInt8]
    /// The signature's bytes.
    let signature: [UInt8]
    private let payload: [UInt8]

    /// Splits `token`; ``AuthError/rejectedToken(_:)`` when it is not a compact JWS.
    init(_ token: String) throws(AuthError) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = ByteEncodings.fromBase64URL(parts[0]),
              let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes)) else {
            throw .rejectedToken("the token is not a JWT: three base64url parts, the first a JSON header with alg")
        }
        guard let signature = ByteEncodings.fromBase64URL(parts[2]), let payload = ByteEncodings.fromBase64URL(parts[1]) else {
            throw .rejectedToken("the token cannot be read: its payload or signature is not base64url")
        }
        algorithm = header.alg
        keyID = header.kid
        signedBytes = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        self.signature = signature
        self.payload = payload
    }

    /// The subject and the profile the claims describe, once `exp`, `nbf`, `iss` (one of
    /// `issuers`, when given) and `aud` (including one of `audiences`, when given) pass at `now`.
    /// Call it only after the signature was checked.
    func identity(issuers: [String]?, audiences: [String]?, now: Date) throws(AuthError) -> (subject: String, profile: UserProfile) {
        let claims: ExternalLoginClaims
        do { claims = try JSONDecoder().decode(ExternalLoginClaims.self, from: Data(payload)) } catch {
            throw .rejectedToken("the token cannot be read: its payload is not a JSON object of claims (\(error))")
        }
        let subject = try claims.check(issuers: issuers, audiences: audiences, now: now)
        let all = (try? JSONDecoder().decode([String: CustomDataValue].self, from: Data(payload))) ?? [:]
        return (subject, UserProfile(jwtClaims: all))
    }

    private struct Header: Decodable {
        var alg: String
        var kid: String?
    }
}
