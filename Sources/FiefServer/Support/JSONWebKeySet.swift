import Foundation

/// The public keys of a JSON Web Key Set (RFC 7517), as identity providers publish them for
/// their ID tokens (Apple at `https://appleid.apple.com/auth/keys`, Google at
/// `https://www.googleapis.com/oauth2/v3/certs`): RSA keys (`kty` `RSA`, `n`, `e`) for RS256 and
/// EC P-256 keys (`kty` `EC`, `crv` `P-256`, `x`, `y`) for ES256, each named by its `kid`.
/// Keys of other kinds, and keys marked for encryption (`use` `enc`), are skipped.
struct JSONWebKeySet: Sendable {
    /// The signing keys by key id.
    let keys: [String: SignaturePublicKey]

    /// Reads a key set; throws ``JWTConfigurationError/unreadableKeySet(_:)`` naming what is
    /// wrong (not JSON, no `keys`, a key whose numbers are not base64url, no usable key).
    init(json: [UInt8]) throws(JWTConfigurationError) {
        let document: Document
        do { document = try JSONDecoder().decode(Document.self, from: Data(json)) } catch {
            throw .unreadableKeySet("it is not a JSON object with a keys array (\(error))")
        }
        var keys: [String: SignaturePublicKey] = [:]
        for (index, key) in document.keys.enumerated() where key.use != "enc" {
            guard let kid = key.kid, !kid.isEmpty else { throw .unreadableKeySet("key \(index) has no kid") }
            guard let der = try Self.subjectPublicKeyInfo(key, index: index) else { continue }
            keys[kid] = try SignaturePublicKey(pem: Self.pem(der))
        }
        guard !keys.isEmpty else { throw .unreadableKeySet("it holds no RSA or EC P-256 signing key") }
        self.keys = keys
    }

    private struct Document: Decodable {
        var keys: [Key]
    }

    private struct Key: Decodable {
        var kty: String
        var kid: String?
        var use: String?
        var n: String?
        var e: String?
        var crv: String?
        var x: String?
        var y: String?
    }

    /// The DER `SubjectPublicKeyInfo` of an RSA or EC P-256 key; nil for other kinds.
    private static func subjectPublicKeyInfo(_ key: Key, index: Int) throws(JWTConfigurationError) -> [UInt8]? {
        func number(_ text: String?, _ name: String) throws(JWTConfigurationError) -> [UInt8] {
            guard let text, let bytes = ByteEncodings.fromBase64URL(Substring(text)), !bytes.isEmpty else {
                throw .unreadableKeySet("key \(index) (\(key.kid ?? "")) has no base64url \(name)")
            }
            return bytes
        }
        switch key.kty {
        case "RSA":
            let rsaPublicKey = DER.sequence(DER.integer(try number(key.n, "n")) + DER.integer(try number(key.e, "e")))
            return DER.sequence(DER.sequence(DER.rsaEncryption + DER.null) + DER.bitString(rsaPublicKey))
        case "EC" where key.crv == "P-256":
            let x = try number(key.x, "x"), y = try number(key.y, "y")
            guard x.count == 32, y.count == 32 else { throw .unreadableKeySet("key \(index) (\(key.kid ?? "")) has a P-256 point that is not 32 + 32 bytes") }
            return DER.sequence(DER.sequence(DER.ecPublicKey + DER.prime256v1) + DER.bitString([0x04] + x + y))
        default:
            return nil
        }
    }

    private static func pem(_ der: [UInt8]) -> String {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN PUBLIC KEY-----\n\(base64)\n-----END PUBLIC KEY-----\n"
    }
}

/// The few DER (ASN.1) encodings a public key's `SubjectPublicKeyInfo` needs.
private enum DER {
    static let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    static let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    static let prime256v1: [UInt8] = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
    static let null: [UInt8] = [0x05, 0x00]

    static func sequence(_ content: [UInt8]) -> [UInt8] { element(0x30, content) }
    static func bitString(_ content: [UInt8]) -> [UInt8] { element(0x03, [0x00] + content) }

    /// A non-negative INTEGER from big-endian bytes.
    static func integer(_ magnitude: [UInt8]) -> [UInt8] {
        var bytes = Array(magnitude.drop { $0 == 0 })
        if bytes.isEmpty || bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return element(0x02, bytes)
    }

    private static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }

    private static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}
