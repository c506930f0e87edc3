import Foundation
import JWTKit
import XCTest

/// The claims the tests put in login tokens.
private struct LoginClaims: JWTPayload {
    var sub: SubjectClaim
    var exp: ExpirationClaim
    var iss: IssuerClaim?
    var aud: AudienceClaim?

    init(sub: String, expires: TimeInterval = 600, iss: String? = "https://id.example", aud: String? = "fief-tests") {
        self.sub = SubjectClaim(value: sub)
        exp = ExpirationClaim(value: Date().addingTimeInterval(expires))
        self.iss = iss.map { IssuerClaim(value: $0) }
        self.aud = aud.map { AudienceClaim(value: [$0]) }
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// `POST /auth/login {"provider":"jwt","token":...}` against HS256 and ES256 keys.
final class JWTLoginTests: XCTestCase {
    private let secret = "a test secret of more than thirty-two bytes"

    func testHS256AndES256LoginsMapSubjectsToUsersAndRefuseBadTokens() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secretFile = directory.appendingPathComponent("hs256.secret")
        try Data((secret + "\n").utf8).write(to: secretFile)
        let signingKey = ES256PrivateKey()
        let keyFile = directory.appendingPathComponent("es256.pem")
        try Data(signingKey.publicKey.pemRepresentation.utf8).write(to: keyFile)
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: [
            "--jwt-secret-file", secretFile.path, "--jwt-public-key", keyFile.path, "--jwt-issuer", "https://id.example", "--jwt-audience", "fief-tests",
        ])
        let http = HTTPClient(baseURL: server.baseURL)

        let hmac = JWTKeyCollection()
        await hmac.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        let ecdsa = JWTKeyCollection()
        await ecdsa.add(ecdsa: signingKey)

        // The first login makes a user; the same subject, by either key, is the same user.
        let first = try Login(try await login(http, try await hmac.sign(LoginClaims(sub: "alice@idp"))))
        XCTAssertEqual(first.userId.count, 32)
        XCTAssertTrue(first.userId.allSatisfy(\.isHexDigit))
        XCTAssertFalse(first.isAdmin)
        let again = try Login(try await login(http, try await hmac.sign(LoginClaims(sub: "alice@idp"))))
        XCTAssertEqual(again.userId, first.userId)
        let viaES256 = try Login(try await login(http, try await ecdsa.sign(LoginClaims(sub: "alice@idp"))))
        XCTAssertEqual(viaES256.userId, first.userId)
        let other = try Login(try await login(http, try await ecdsa.sign(LoginClaims(sub: "bob@idp"))))
        XCTAssertNotEqual(other.userId, first.userId)
        // The access token works like any other.
        let reply19 = try await http.get("/permissions", token: first.accessToken)
        XCTAssertEqual(reply19.status, 200)

        // Each refusal is 401 invalidCredentials and names the failed check.
        let forger = JWTKeyCollection()
        await forger.add(hmac: HMACKey(from: "another secret that is also long enough"), digestAlgorithm: .sha256)
        let otherES256 = JWTKeyCollection()
        await otherES256.add(ecdsa: ES256PrivateKey())
        let refusals: [(String, String)] = [
            (try await forger.sign(LoginClaims(sub: "alice@idp")), "signature"),
            (try await otherES256.sign(LoginClaims(sub: "alice@idp")), "signature"),
            (try await hmac.sign(LoginClaims(sub: "alice@idp", expires: -60)), "expired"),
            (try await hmac.sign(LoginClaims(sub: "alice@idp", iss: "https://evil.example")), "issuer"),
            (try await hmac.sign(LoginClaims(sub: "alice@idp", aud: "another-app")), "audience"),
            (try await hmac.sign(LoginClaims(sub: "")), "sub"),
            ("not.a-jwt", "not a JWT"),
        ]
        for (token, check) in refusals {
            let reply = try await login(http, token)
            XCTAssertEqual(reply.status, 401, "\(check): \(String(decoding: reply.body, as: UTF8.self))")
            XCTAssertEqual(reply.code, "invalidCredentials")
            XCTAssertTrue(reply.string("message")?.contains(check) ?? false, "\(check): \(reply.string("message") ?? "")")
        }
        let missing = try await http.post("/auth/login", ["provider": "jwt"])
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(missing.code, "invalidRequest")
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    func testDisabledWithoutAKeyAndUnusableKeysStopTheServer() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        let hmac = JWTKeyCollection()
        await hmac.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        let reply = try await login(HTTPClient(baseURL: server.baseURL), try await hmac.sign(LoginClaims(sub: "alice@idp")))
        XCTAssertEqual(reply.status, 403)
        XCTAssertEqual(reply.code, "providerDisabled")
        XCTAssertEqual(try server.terminate(), 0, server.log)

        let short = directory.appendingPathComponent("short.secret")
        try Data("too short".utf8).write(to: short)
        let refused = try runServerCommand(["serve", "--data-dir", directory.appendingPathComponent("data").path, "--port", "0", "--jwt-secret-file", short.path])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.output.contains("at least 32"), refused.output)
        let garbage = directory.appendingPathComponent("garbage.pem")
        try Data("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n".utf8).write(to: garbage)
        let unreadable = try runServerCommand(["serve", "--data-dir", directory.appendingPathComponent("data").path, "--port", "0", "--jwt-public-key", garbage.path])
        XCTAssertNotEqual(unreadable.status, 0)
        XCTAssertTrue(unreadable.output.contains("public key"), unreadable.output)
    }

    private func login(_ http: HTTPClient, _ token: String) async throws -> HTTPClient.Reply {
        try await http.post("/auth/login", ["provider": "jwt", "token": token])
    }
}
