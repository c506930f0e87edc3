import COpenSSL

/// The keys an encrypted file uses, derived from the caller's 64-byte key and the file's salt
/// with HKDF-SHA256 (RFC 5869; FORMAT.md, "Encryption"):
///
///     PRK      = HMAC-SHA256(key: salt, message: masterKey)
///     pageKey  = HMAC-SHA256(key: PRK, message: "fief page key" ‖ 0x01)     (AES-256-GCM key)
///     keyCheck = HMAC-SHA256(key: PRK, message: "fief key check" ‖ 0x01)    (stored in the meta pages)
///
/// The key check reveals nothing about the page key (both are independent PRF outputs), but a
/// wrong master key gives a different check value, which tells a wrong key from damage.
struct DerivedKeys: Sendable {
    static let masterKeyLength = 64
    static let saltLength = 16
    static let keyCheckLength = 32

    let salt: [UInt8]
    let pageKey: [UInt8]
    let keyCheck: [UInt8]

    init(masterKey: [UInt8], salt: [UInt8]) {
        precondition(masterKey.count == DerivedKeys.masterKeyLength && salt.count == DerivedKeys.saltLength)
        self.salt = salt
        let prk = DerivedKeys.hmacSHA256(key: salt, message: masterKey)
        pageKey = DerivedKeys.hmacSHA256(key: prk, message: Array("fief page key".utf8) + [1])
        keyCheck = DerivedKeys.hmacSHA256(key: prk, message: Array("fief key check".utf8) + [1])
    }

    /// Whether `stored` (as read from a meta page) matches this key's check value, compared in
    /// constant time.
    func matches(keyCheck stored: UnsafeRawBufferPointer) -> Bool {
        guard stored.count == keyCheck.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<keyCheck.count { difference |= keyCheck[i] ^ stored[i] }
        return difference == 0
    }

    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 32
        let result = key.withUnsafeBytes { k in
            message.withUnsafeBytes { m in
                output.withUnsafeMutableBytes { o in
                    HMAC(EVP_sha256(), k.baseAddress, Int32(k.count), m.baseAddress?.assumingMemoryBound(to: UInt8.self),
                         m.count, o.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
                }
            }
        }
        precondition(result != nil && length == 32, "HMAC-SHA256 failed in libcrypto")
        return output
    }

    /// Cryptographically secure random bytes from libcrypto.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let ok = bytes.withUnsafeMutableBytes { RAND_bytes($0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(count)) }
        precondition(ok == 1, "RAND_bytes failed in libcrypto")
        return bytes
    }
}
