import ArgumentParser
import FiefServer
import Foundation

/// The options of the `jwt` login provider of `fief-server serve`.
struct JWTOptions: ParsableArguments {
    @Option(name: .customLong("jwt-public-key"), help: "PEM public key or certificate (EC P-256 for ES256, RSA for RS256) that signs jwt logins (env FIEF_JWT_PUBLIC_KEY).")
    var publicKeyPath: String?

    @Option(name: .customLong("jwt-secret-file"), help: "File holding the HS256 secret of jwt logins, at least 32 bytes; a final newline is ignored (env FIEF_JWT_SECRET_FILE).")
    var secretPath: String?

    @Option(name: .customLong("jwt-issuer"), help: "When set, a jwt login's iss claim must equal it (env FIEF_JWT_ISSUER).")
    var issuer: String?

    @Option(name: .customLong("jwt-audience"), help: "When set, a jwt login's aud claim must include it (env FIEF_JWT_AUDIENCE).")
    var audience: String?

    /// The provider's configuration; nil (disabled) without a key. Unreadable files and
    /// unusable keys stop the server before it listens.
    func configuration(environment: [String: String]) throws -> JWTLoginConfiguration? {
        let keyPath = publicKeyPath ?? environment["FIEF_JWT_PUBLIC_KEY"]
        let secretPath = secretPath ?? environment["FIEF_JWT_SECRET_FILE"]
        let issuer = issuer ?? environment["FIEF_JWT_ISSUER"]
        let audience = audience ?? environment["FIEF_JWT_AUDIENCE"]
        guard keyPath != nil || secretPath != nil else {
            if issuer != nil || audience != nil {
                throw ValidationError("--jwt-issuer and --jwt-audience need --jwt-public-key or --jwt-secret-file")
            }
            return nil
        }
        let pem = try keyPath.map { String(decoding: try read($0, what: "jwt public key"), as: UTF8.self) }
        let secret = try secretPath.map { try Self.trimmingFinalNewline(read($0, what: "jwt secret")) }
        let configuration = JWTLoginConfiguration(publicKeyPEM: pem, secret: secret, issuer: issuer, audience: audience)
        do { try AuthService.checkJWT(configuration) } catch { throw ValidationError("\(error)") }
        return configuration
    }

    private func read(_ path: String, what: String) throws -> [UInt8] {
        do { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw ValidationError("cannot read the \(what) at \(path): \(error.localizedDescription)")
        }
    }

    private static func trimmingFinalNewline(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return bytes
    }
}
