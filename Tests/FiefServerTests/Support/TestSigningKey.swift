@testable import FiefServer
import Foundation

/// Signs test login tokens: HS256 with a secret through the server's own HMAC, ES256 and RS256
/// with keys the `openssl` command makes (so the tests check the server against an independent
/// signer).
struct TestSigningKey {
    enum Kind { case es256, rs256 }

    let algorithm: String
    let secret: [UInt8]?
    let privateKeyFile: URL?
    /// The public key in PEM, for `--jwt-public-key`.
    let publicKeyFile: URL

    static func hs256(_ secret: String) -> TestSigningKey {
        TestSigningKey(algorithm: "HS256", secret: Array(secret.utf8), privateKeyFile: nil, publicKeyFile: URL(fileURLWithPath: "/dev/null"))
    }

    /// A new key pair under `directory`.
    static func make(_ kind: Kind, in directory: URL) throws -> TestSigningKey {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let privateKey = directory.appendingPathComponent(kind == .es256 ? "es256.key" : "rs256.key")
        let publicKey = directory.appendingPathComponent(kind == .es256 ? "es256.pem" : "rs256.pem")
        switch kind {
        case .es256:
            _ = try openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", privateKey.path])
            _ = try openssl(["ec", "-in", privateKey.path, "-pubout", "-out", publicKey.path])
        case .rs256:
            _ = try openssl(["genrsa", "-out", privateKey.path, "2048"])
            _ = try openssl(["rsa", "-in", privateKey.path, "-pubout", "-out", publicKey.path])
        }
        return TestSigningKey(algorithm: kind == .es256 ? "ES256" : "RS256", secret: nil, privateKeyFile: privateKey, publicKeyFile: publicKey)
    }

    /// A compact JWS of `claims`, its header naming `kid` when given.
    func sign(_ claims: some Encodable, kid: String? = nil) throws -> String {
        let keyID = kid.map { #","kid":"\#($0)""# } ?? ""
        let header = ByteEncodings.base64URL(Array(#"{"alg":"\#(algorithm)","typ":"JWT"\#(keyID)}"#.utf8))
        let payload = ByteEncodings.base64URL(Array(try JSONEncoder().encode(claims)))
        let signed = Array("\(header).\(payload)".utf8)
        let signature: [UInt8]
        if let secret {
            signature = try Crypto.hmacSHA256(key: secret, data: signed)
        } else {
            let der = try Self.openssl(["dgst", "-sha256", "-sign", privateKeyFile!.path], input: signed)
            signature = algorithm == "ES256" ? try Self.rawECDSA(der) : der
        }
        return "\(header).\(payload).\(ByteEncodings.base64URL(signature))"
    }

    /// The public key as a JSON Web Key named `kid`, as identity providers publish theirs:
    /// RSA `n` and `e` (from `openssl rsa -modulus`), or the P-256 point `x`, `y` (the last 64
    /// bytes of the key's DER form).
    func jsonWebKey(kid: String) throws -> [String: String] {
        if algorithm == "RS256" {
            let text = String(decoding: try Self.openssl(["rsa", "-pubin", "-in", publicKeyFile.path, "-modulus", "-noout"]), as: UTF8.self)
            let hex = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("Modulus=".count))
            let modulus = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(hex[$0..<$0 + 2]), radix: 16)! }
            return ["kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256", "n": ByteEncodings.base64URL(modulus), "e": "AQAB"]
        }
        let der = try Self.openssl(["pkey", "-pubin", "-in", publicKeyFile.path, "-outform", "DER"])
        let point = Array(der.suffix(64))
        return ["kty": "EC", "kid": kid, "use": "sig", "crv": "P-256", "x": ByteEncodings.base64URL(Array(point.prefix(32))),
                "y": ByteEncodings.base64URL(Array(point.suffix(32)))]
    }

    /// DER `SEQUENCE { INTEGER r, INTEGER s }` as r ‖ s, 32 bytes each.
    private static func rawECDSA(_ der: [UInt8]) throws -> [UInt8] {
        var index = 2
        if der[1] & 0x80 != 0 { index = 2 + Int(der[1] & 0x7f) }
        var out: [UInt8] = []
        for _ in 0..<2 {
            guard der[index] == 0x02 else { throw CocoaError(.coderReadCorrupt) }
            let length = Int(der[index + 1])
            var integer = Array(der[(index + 2)..<(index + 2 + length)])
            while integer.count > 32 && integer.first == 0 { integer.removeFirst() }
            out += [UInt8](repeating: 0, count: 32 - integer.count) + integer
            index += 2 + length
        }
        return out
    }

    @discardableResult
    private static func openssl(_ arguments: [String], input: [UInt8] = []) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return Array(output)
    }
}
