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

    /// A compact JWS of `claims`.
    func sign(_ claims: some Encodable) throws -> String {
        let header = ByteEncodings.base64URL(Array(#"{"alg":"\#(algorithm)","typ":"JWT"}"#.utf8))
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
