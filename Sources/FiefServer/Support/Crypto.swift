import COpenSSL
import Foundation

/// The few primitives of libcrypto the server needs: random bytes, SHA-256, HMAC-SHA256 and
/// PBKDF2-HMAC-SHA256. Each fails with ``CryptoError`` rather than trapping.
public enum Crypto {
    /// `count` bytes from the operating system's cryptographically secure generator.
    public static func randomBytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard count == 0 || RAND_bytes(&bytes, Int32(count)) == 1 else { throw .failed("RAND_bytes") }
        return bytes
    }

    /// A random 64-bit value that is never 0 (0 means "none" in the sync protocol).
    public static func randomNonZeroUInt64() throws(CryptoError) -> UInt64 {
        for _ in 0..<8 {
            let value = try randomBytes(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if value != 0 { return value }
        }
        throw .failed("RAND_bytes returned zeros")
    }

    /// The SHA-256 digest of `data` (32 bytes).
    public static func sha256(_ data: [UInt8]) throws(CryptoError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_Digest(data, data.count, &digest, &length, EVP_sha256(), nil) == 1, length == 32 else {
            throw .failed("EVP_Digest(SHA-256)")
        }
        return digest
    }

    /// HMAC-SHA256 of `data` under `key` (32 bytes).
    public static func hmacSHA256(key: [UInt8], data: [UInt8]) throws(CryptoError) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard HMAC(EVP_sha256(), key, Int32(key.count), data, data.count, &mac, &length) != nil, length == 32 else {
            throw .failed("HMAC-SHA256")
        }
        return mac
    }

    /// PBKDF2-HMAC-SHA256 of `password` with `salt`, `iterations` rounds, `length` bytes out.
    public static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) throws(CryptoError) -> [UInt8] {
        var key = [UInt8](repeating: 0, count: length)
        let ok = password.withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { chars in
                PKCS5_PBKDF2_HMAC(chars.baseAddress, Int32(password.count), salt, Int32(salt.count), Int32(iterations),
                                  EVP_sha256(), Int32(length), &key)
            }
        }
        guard ok == 1 else { throw .failed("PKCS5_PBKDF2_HMAC") }
        return key
    }

    /// Compares two byte strings in time that depends only on their lengths.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices { difference |= a[i] ^ b[i] }
        return difference == 0
    }
}

/// A libcrypto call failed (out of memory, no entropy): not the client's fault.
public enum CryptoError: Error, Equatable, CustomStringConvertible {
    /// The named operation failed.
    case failed(String)

    public var description: String {
        switch self {
        case .failed(let operation): "libcrypto operation failed: \(operation)"
        }
    }
}
