import Foundation

/// How the `jwt` login provider checks the tokens of an outside identity provider. At least one
/// key is needed; without a configuration the provider is disabled.
public struct JWTLoginConfiguration: Sendable {
    /// A PEM public key (or certificate) for ES256 (EC P-256) or RS256 (RSA, 2048 bits or more).
    public var publicKeyPEM: String?
    /// The HS256 secret, at least 32 bytes.
    public var secret: [UInt8]?
    /// When set, the `iss` claim must equal it.
    public var issuer: String?
    /// When set, the `aud` claim must include it.
    public var audience: String?

    /// A configuration; see each property.
    public init(publicKeyPEM: String? = nil, secret: [UInt8]? = nil, issuer: String? = nil, audience: String? = nil) {
        self.publicKeyPEM = publicKeyPEM
        self.secret = secret
        self.issuer = issuer
        self.audience = audience
    }
}

/// Why a ``JWTLoginConfiguration`` cannot be used; the server refuses to start.
public enum JWTConfigurationError: Error, Equatable, CustomStringConvertible {
    /// Neither a public key nor a secret was given.
    case noKey
    /// The PEM is not an EC P-256 or RSA public key or certificate.
    case unreadablePublicKey(String)
    /// The HS256 secret is shorter than 32 bytes.
    case secretTooShort(Int)
    /// An identity provider's JSON Web Key Set cannot be used, and why.
    case unreadableKeySet(String)
    /// An identity provider (`apple`, `google`) was configured without a client id.
    case noClientID(String)

    public var description: String {
        switch self {
        case .noKey: "the jwt provider needs a public key (--jwt-public-key) or an HS256 secret (--jwt-secret-file)"
        case .unreadablePublicKey(let reason): "the jwt public key is not an EC P-256 or RSA public key or certificate in PEM: \(reason)"
        case .secretTooShort(let count): "the HS256 secret has \(count) bytes; use at least 32"
        case .unreadableKeySet(let reason): "the identity provider's key set (JWKS) cannot be used: \(reason)"
        case .noClientID(let provider): "the \(provider) provider needs at least one client id (the aud its tokens carry)"
        }
    }
}
