import FiefSyncProtocol
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

    /// The token's subject (`sub`) and the profile its claims describe, once every check
    /// passed; ``AuthError/rejectedToken(_:)`` naming the failed check otherwise.
    func identity(of token: String, now: Date = Date()) async throws(AuthError) -> (subject: String, profile: UserProfile) {
        let jws = try CompactJWS(token)
        let valid: Bool
        switch (jws.algorithm, publicKey) {
        case ("HS256", _) where secret != nil:
            guard let expected = try? Crypto.hmacSHA256(key: secret!, data: jws.signedBytes) else { throw .rejectedToken("HMAC-SHA256 failed") }
            valid = Crypto.constantTimeEqual(expected, jws.signature)
        case (let alg, let key?) where alg == key.algorithm:
            valid = key.verifies(jws.signature, of: jws.signedBytes)
        default:
            throw .rejectedToken("the token is signed with \(jws.algorithm), but this server accepts \(algorithms.joined(separator: " and "))")
        }
        guard valid else { throw .rejectedToken("the signature does not match the configured \(jws.algorithm) key") }
        return try jws.identity(issuers: issuer.map { [$0] }, audiences: audience.map { [$0] }, now: now)
    }
}
