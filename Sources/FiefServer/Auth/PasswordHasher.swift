import Dispatch
import Foundation

/// Hashes and checks passwords with PBKDF2-HMAC-SHA256 (600,000 iterations, a random 16-byte
/// salt, a 32-byte key), as OWASP recommends for PBKDF2 today. Only the hash is stored, in the
/// form `pbkdf2-sha256$<iterations>$<salt hex>$<key hex>`.
///
/// The derivation takes a noticeable fraction of a second by design, so it runs on its own
/// dispatch queue rather than on the cooperative thread pool.
public struct PasswordHasher: Sendable {
    /// The iteration count of new hashes.
    public let iterations: Int

    /// A hasher that makes hashes with `iterations` rounds (600,000 unless a test asks for fewer).
    public init(iterations: Int = 600_000) {
        self.iterations = iterations
    }

    private static let queue = DispatchQueue(label: "fief-server.password-hashing", attributes: .concurrent)

    /// A new stored hash for `password`.
    public func hash(_ password: String) async throws -> String {
        let salt = try Crypto.randomBytes(16)
        let iterations = self.iterations
        let key = try await Self.offload { try Crypto.pbkdf2SHA256(password: Array(password.utf8), salt: salt, iterations: iterations, length: 32) }
        return "pbkdf2-sha256$\(iterations)$\(ByteEncodings.hex(salt))$\(ByteEncodings.hex(key))"
    }

    /// Whether `password` matches `stored`. A stored value not in the expected form never matches.
    /// With `stored` nil (an unknown user) it spends the same time and returns false, so timing
    /// does not tell which user names exist.
    public func verify(_ password: String, against stored: String?) async throws -> Bool {
        let parts = stored?.split(separator: "$", omittingEmptySubsequences: false) ?? []
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds > 0,
              let salt = Self.bytes(fromHex: parts[2]), let expected = Self.bytes(fromHex: parts[3]), !expected.isEmpty else {
            let iterations = self.iterations
            _ = try await Self.offload { try Crypto.pbkdf2SHA256(password: Array(password.utf8), salt: [0], iterations: iterations, length: 32) }
            return false
        }
        let key = try await Self.offload { try Crypto.pbkdf2SHA256(password: Array(password.utf8), salt: salt, iterations: rounds, length: expected.count) }
        return Crypto.constantTimeEqual(key, expected)
    }

    private static func offload(_ work: @escaping @Sendable () throws -> [UInt8]) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    private static func bytes(fromHex text: Substring) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 2)
        var i = 0
        while i < chars.count {
            guard let high = hexValue(chars[i]), let low = hexValue(chars[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
