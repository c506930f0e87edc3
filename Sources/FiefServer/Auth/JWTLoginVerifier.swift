import Foundation
import JWTKit

/// Checks the token of a `jwt` login: its algorithm against the configured keys, its signature,
/// then its claims (`sub` present, `exp` in the future, `nbf` passed, `iss` and `aud` when
/// configured). Every refusal says which check failed.
struct JWTLoginVerifier: Sendable {
    /// The configured public key.
    enum PublicKey: Sendable {
        case ecdsa(ES256PublicKey)
        case rsa(Insecure.RSA.PublicKey)

        var algorithm: String {
            switch self {
            case .ecdsa: "ES256"
            case .rsa: "RS256"
            }
        }
    }

    let publicKey: PublicKey?
    let secret: HMACKey?
    let issuer: String?
    let audience: String?

    /// A verifier of `configuration`'s keys; throws ``JWTConfigurationError`` for unusable keys.
    init(_ configuration: JWTLoginConfiguration) throws {
        guard configuration.publicKeyPEM != nil || configuration.secret != nil else { throw JWTConfigurationError.noKey }
        if let secret = configuration.secret {
            guard secret.count >= 32 else { throw JWTConfigurationError.secretTooShort(secret.count) }
            self.secret = HMACKey(from: secret)
        } else {
            secret = nil
        }
        publicKey = try configuration.publicKeyPEM.map(Self.publicKey(pem:))
        issuer = configuration.issuer.flatMap { $0.isEmpty ? nil : $0 }
        audience = configuration.audience.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func publicKey(pem: String) throws -> PublicKey {
        if let key = try? ES256PublicKey(pem: pem) { return .ecdsa(key) }
        if let key = try? ES256PublicKey(certificate: pem) { return .ecdsa(key) }
        if let key = try? Insecure.RSA.PublicKey(certificatePEM: pem) { return .rsa(key) }
        do { return .rsa(try Insecure.RSA.PublicKey(pem: pem)) } catch {
            throw JWTConfigurationError.unreadablePublicKey("\(error)")
        }
    }

    /// The algorithms the configured keys verify.
    var algorithms: [String] { (secret == nil ? [] : ["HS256"]) + (publicKey.map { [$0.algorithm] } ?? []) }

    /// The token's subject (`sub`) once every check passed; ``AuthError/rejectedToken(_:)``
    /// naming the failed check otherwise.
    func subject(of token: String, now: Date = Date()) async throws(AuthError) -> String {
        let algorithm = try Self.algorithm(of: token)
        let keys = JWTKeyCollection()
        switch (algorithm, publicKey) {
        case ("HS256", _) where secret != nil:
            await keys.add(hmac: secret!, digestAlgorithm: .sha256)
        case ("ES256", .ecdsa(let key)?):
            await keys.add(ecdsa: key)
        case ("RS256", .rsa(let key)?):
            await keys.add(rsa: key, digestAlgorithm: .sha256)
        default:
            throw .rejectedToken("the token is signed with \(algorithm), but this server accepts \(algorithms.joined(separator: " and "))")
        }
        let claims: ExternalLoginClaims
        do {
            claims = try await keys.verify(token, as: ExternalLoginClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .rejectedToken("the signature does not match the configured \(algorithm) key")
        } catch {
            throw .rejectedToken("the token cannot be read: \(error)")
        }
        return try claims.check(issuer: issuer, audience: audience, now: now)
    }

    /// The `alg` of the token's header.
    private static func algorithm(of token: String) throws(AuthError) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = ByteEncodings.fromBase64URL(parts[0]),
              let header = try? JSONDecoder().decode(Header.self, from: Data(data)) else {
            throw .rejectedToken("the token is not a JWT: three base64url parts, the first a JSON header with alg")
        }
        return header.alg
    }

    private struct Header: Decodable {
        var alg: String
    }
}
