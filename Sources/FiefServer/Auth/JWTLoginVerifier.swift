import Foundation

/// Checks the token of a `jwt` login: its algorithm against the configured keys, its signature
/// (HS256 with the secret, ES256 or RS256 with the public key, all through libcrypto), then its
/// claims (`sub` present, `exp` in the future, `nbf` passed, `iss` and `aud` when configured).
/// Every refusal says which check failed.
struct JWTLoginVerifier: Sendable {
    let publicKey: SignaturePublicKey?
    let secret: [UInt8]?
    let issuer: String?
    let audience: String?

    /// A verifier of `configuration`'s keys; throws ``JWTConfigurationError`` for unusable keys.
    init(_ configuration: JWTLoginConfiguration) throws {
        guard configuration.publicKeyPEM != nil || configuration.secret != nil else { throw JWTConfigurationError.noKey }
        if let secret = configuration.secret {
            guard secret.count >= 32 else { throw JWTConfigurationError.secretTooShort(secret.count) }
        }
        secret = configuration.secret
        publicKey = try configuration.publicKeyPEM.map { pem throws(JWTConfigurationError) in try SignaturePublicKey(pem: pem) }
        issuer = configuration.issuer.flatMap { $0.isEmpty ? nil : $0 }
        audience = configuration.audience.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The algorithms the configured keys verify.
    var algorithms: [String] { (secret == nil ? [] : ["HS256"]) + (publicKey.map { [$0.algorithm] } ?? []) }

    /// The token's subject (`sub`) once every check passed; ``AuthError/rejectedToken(_:)``
    /// naming the failed check otherwise.
    func subject(of token: String, now: Date = Date()) async throws(AuthError) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = ByteEncodings.fromBase64URL(parts[0]),
              let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes)) else {
            throw .rejectedToken("the token is not a JWT: three base64url parts, the first a JSON header with alg")
        }
        guard let signature = ByteEncodings.fromBase64URL(parts[2]), let payload = ByteEncodings.fromBase64URL(parts[1]) else {
            throw .rejectedToken("the token cannot be read: its payload or signature is not base64url")
        }
        let signed = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        let valid: Bool
        switch (header.alg, publicKey) {
        case ("HS256", _) where secret != nil:
            guard let expected = try? Crypto.hmacSHA256(key: secret!, data: signed) else { throw .rejectedToken("HMAC-SHA256 failed") }
            valid = Crypto.constantTimeEqual(expected, signature)
        case (let alg, let key?) where alg == key.algorithm:
            valid = key.verifies(signature, of: signed)
        default:
            throw .rejectedToken("the token is signed with \(header.alg), but this server accepts \(algorithms.joined(separator: " and "))")
        }
        guard valid else { throw .rejectedToken("the signature does not match the configured \(header.alg) key") }
        let claims: ExternalLoginClaims
        do { claims = try JSONDecoder().decode(ExternalLoginClaims.self, from: Data(payload)) } catch {
            throw .rejectedToken("the token cannot be read: its payload is not a JSON object of claims (\(error))")
        }
        return try claims.check(issuer: issuer, audience: audience, now: now)
    }

    private struct Header: Decodable {
        var alg: String
    }
}
