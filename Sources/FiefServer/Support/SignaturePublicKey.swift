import COpenSSL
import Foundation

/// A public key read from PEM (a `PUBLIC KEY` or a certificate) that checks SHA-256 signatures
/// as JSON Web Tokens carry them: ES256 (EC P-256, the signature as r ‖ s, 64 bytes) or RS256
/// (RSA PKCS #1 v1.5, 2048 bits or more). Backed by libcrypto, which the server already links.
final class SignaturePublicKey: @unchecked Sendable {
    /// The JWT algorithm the key checks: `ES256` or `RS256`.
    let algorithm: String
    private let key: OpaquePointer

    /// Reads `pem`; throws a readable reason when it is neither kind of key.
    init(pem: String) throws(JWTConfigurationError) {
        guard let key = Self.readKey(pem) else {
            throw .unreadablePublicKey("no PUBLIC KEY or CERTIFICATE block libcrypto can read")
        }
        let bits = EVP_PKEY_get_bits(key)
        switch EVP_PKEY_get_base_id(key) {
        case EVP_PKEY_EC where bits == 256:
            algorithm = "ES256"
        case EVP_PKEY_RSA where bits >= 2048:
            algorithm = "RS256"
        default:
            EVP_PKEY_free(key)
            throw .unreadablePublicKey("the key is neither EC P-256 nor RSA of at least 2048 bits (type \(EVP_PKEY_get_base_id(key)), \(bits) bits)")
        }
        self.key = key
    }

    deinit { EVP_PKEY_free(key) }

    private static func readKey(_ pem: String) -> OpaquePointer? {
        let bytes = Array(pem.utf8)
        func bio() -> OpaquePointer? { bytes.withUnsafeBytes { BIO_new_mem_buf($0.baseAddress, Int32($0.count)) } }
        if let source = bio() {
            defer { BIO_free(source) }
            if let key = PEM_read_bio_PUBKEY(source, nil, nil, nil) { return key }
        }
        ERR_clear_error()
        guard let source = bio() else { return nil }
        defer { BIO_free(source) }
        guard let certificate = PEM_read_bio_X509(source, nil, nil, nil) else { ERR_clear_error(); return nil }
        defer { X509_free(certificate) }
        return X509_get_pubkey(certificate)
    }

    /// Whether `signature` (in JWT form) signs `message` with this key.
    func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        defer { ERR_clear_error() }
        let der: [UInt8]
        if algorithm == "ES256" {
            guard signature.count == 64, let converted = Self.derECDSASignature(raw: signature) else { return false }
            der = converted
        } else {
            der = signature
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        return EVP_DigestVerify(context, der, der.count, message, message.count) == 1
    }

    /// r ‖ s (32 bytes each) as the DER `ECDSA-Sig-Value` libcrypto checks.
    private static func derECDSASignature(raw: [UInt8]) -> [UInt8]? {
        guard let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        guard let r = BN_bin2bn(raw, 32, nil) else { return nil }
        guard let s = raw.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress! + 32, 32, nil) }) else { BN_free(r); return nil }
        guard ECDSA_SIG_set0(signature, r, s) == 1 else { BN_free(r); BN_free(s); return nil }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        return written == length ? der : nil
    }
}
