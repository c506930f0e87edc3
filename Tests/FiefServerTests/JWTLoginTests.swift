import Foundation
import ServerProcessSupport
@testable import FiefServer
import XCTest

/// The claims the tests put in login tokens.
private struct LoginClaims: Encodable {
    var sub: String
    var exp: Double
    var iss: String?
    var aud: [String]?

    init(sub: String, expires: TimeInterval = 600, iss: String? = "https://id.example", aud: String? = "fief-tests") {
        self.sub = sub
        exp = Date().addingTimeInterval(expires).timeIntervalSince1970.rounded()
        self.iss = iss
        self.aud = aud.map { [$0] }
    }
}

/// The claims of a login token that describes its user.
private struct ProfileClaims: Encodable {
    var sub: String
    var exp: Double
    var iat: Double
    var name: String
    var email: String
    var picture: String
    var given_name: String
    var family_name: String
    var birthdate: String
    var min_age: Int
    var team: String
}

/// `POST /auth/login {"provider":"jwt","token":...}` against HS256 and ES256 keys.
final class JWTLoginTests: XCTestCase {
    private let secret = "a test secret of more than thirty-two bytes"

    func testHS256AndES256LoginsMapSubjectsToUsersAndRefuseBadTokens() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secretFile = directory.appendingPathComponent("hs256.secret")
        try Data((secret + "\n").utf8).write(to: secretFile)
        let signingKey = try TestSigningKey.make(.es256, in: directory)
        let keyFile = signingKey.publicKeyFile
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: [
            "--jwt-secret-file", secretFile.path, "--jwt-public-key", keyFile.path, "--jwt-issuer", "https://id.example", "--jwt-audience", "fief-tests",
        ])
        let http = HTTPClient(baseURL: server.baseURL)

        let hmac = TestSigningKey.hs256(secret)
        let ecdsa = signingKey

        // The first login makes a user; the same subject, by either key, is the same user.
        let first = try Login(try await login(http, try hmac.sign(LoginClaims(sub: "alice@idp"))))
        XCTAssertEqual(first.userId.count, 32)
        XCTAssertTrue(first.userId.allSatisfy(\.isHexDigit))
        XCTAssertFalse(first.isAdmin)
        let again = try Login(try await login(http, try hmac.sign(LoginClaims(sub: "alice@idp"))))
        XCTAssertEqual(again.userId, first.userId)
        let viaES256 = try Login(try await login(http, try ecdsa.sign(LoginClaims(sub: "alice@idp"))))
        XCTAssertEqual(viaES256.userId, first.userId)
        let other = try Login(try await login(http, try ecdsa.sign(LoginClaims(sub: "bob@idp"))))
        XCTAssertNotEqual(other.userId, first.userId)
        // The access token works like any other.
        let reply19 = try await http.get("/permissions", token: first.accessToken)
        XCTAssertEqual(reply19.status, 200)

        // Each refusal is 401 invalidCredentials and names the failed check.
        let forger = TestSigningKey.hs256("another secret that is also long enough")
        let otherES256 = try TestSigningKey.make(.es256, in: directory.appendingPathComponent("other"))
        let refusals: [(String, String)] = [
            (try forger.sign(LoginClaims(sub: "alice@idp")), "signature"),
            (try otherES256.sign(LoginClaims(sub: "alice@idp")), "signature"),
            (try hmac.sign(LoginClaims(sub: "alice@idp", expires: -60)), "expired"),
            (try hmac.sign(LoginClaims(sub: "alice@idp", iss: "https://evil.example")), "issuer"),
            (try hmac.sign(LoginClaims(sub: "alice@idp", aud: "another-app")), "audience"),
            (try hmac.sign(LoginClaims(sub: "")), "sub"),
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

    func testRS256LoginRefusesOtherKeysAndAlgorithms() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rsa = try TestSigningKey.make(.rs256, in: directory)
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: ["--jwt-public-key", rsa.publicKeyFile.path])
        let http = HTTPClient(baseURL: server.baseURL)
        let accepted = try await login(http, try rsa.sign(LoginClaims(sub: "carol@idp")))
        XCTAssertEqual(accepted.status, 200, String(decoding: accepted.body, as: UTF8.self))
        let other = try TestSigningKey.make(.rs256, in: directory.appendingPathComponent("other"))
        let forged = try await login(http, try other.sign(LoginClaims(sub: "carol@idp")))
        XCTAssertEqual(forged.status, 401)
        XCTAssertTrue(forged.string("message")?.contains("signature") ?? false)
        // An HS256 token is refused by a server that only has an RS256 key.
        let wrongAlgorithm = try await login(http, try TestSigningKey.hs256(secret).sign(LoginClaims(sub: "carol@idp")))
        XCTAssertEqual(wrongAlgorithm.status, 401)
        XCTAssertTrue(wrongAlgorithm.string("message")?.contains("RS256") ?? false, wrongAlgorithm.string("message") ?? "")
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    func testDisabledWithoutAKeyAndUnusableKeysStopTheServer() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        let hmac = TestSigningKey.hs256(secret)
        let reply = try await login(HTTPClient(baseURL: server.baseURL), try hmac.sign(LoginClaims(sub: "alice@idp")))
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

    func testLinkingIdentitiesToAnExistingUser() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secretFile = directory.appendingPathComponent("hs256.secret")
        try Data(secret.utf8).write(to: secretFile)
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: [
            "--jwt-secret-file", secretFile.path, "--jwt-issuer", "https://id.example", "--jwt-audience", "fief-tests",
        ])
        defer { _ = try? server.terminate() }
        let http = HTTPClient(baseURL: server.baseURL)
        let hmac = TestSigningKey.hs256(secret)

        // An anonymous user links a JWT subject, then a freshly registered password account.
        let guest = try Login(try await http.post("/auth/login", ["provider": "anonymous"]))
        let linked = try await http.post("/auth/link", ["provider": "jwt", "token": try hmac.sign(LoginClaims(sub: "dana@idp"))], token: guest.accessToken)
        XCTAssertEqual(linked.string("userId"), guest.userId, String(decoding: linked.body, as: UTF8.self))
        let viaJWT = try Login(try await login(http, try hmac.sign(LoginClaims(sub: "dana@idp"))))
        XCTAssertEqual(viaJWT.userId, guest.userId)
        _ = try await http.register("dana")
        let absorbed = try await http.post("/auth/link", ["provider": "password", "username": "dana", "password": "correct horse"], token: guest.accessToken)
        XCTAssertEqual(absorbed.status, 200, String(decoding: absorbed.body, as: UTF8.self))
        let viaPassword = try Login(try await http.post("/auth/login", ["provider": "password", "username": "dana", "password": "correct horse"]))
        XCTAssertEqual(viaPassword.userId, guest.userId)

        // Another user's subject, and accounts with data of their own, are refused.
        let erin = try Login(try await login(http, try hmac.sign(LoginClaims(sub: "erin@idp"))))
        let taken = try await http.post("/auth/link", ["provider": "jwt", "token": try hmac.sign(LoginClaims(sub: "dana@idp"))], token: erin.accessToken)
        XCTAssertEqual(taken.status, 409)
        XCTAssertEqual(taken.code, "identityInUse")
        let frank = try await http.register("frank")
        _ = try await http.post("/auth/api-keys", ["name": "k"], token: frank.accessToken)
        let busy = try await http.post("/auth/link", ["provider": "password", "username": "frank", "password": "correct horse"], token: erin.accessToken)
        XCTAssertEqual(busy.code, "identityInUse")
        let anonymous = try await http.post("/auth/link", ["provider": "anonymous"], token: erin.accessToken)
        XCTAssertEqual(anonymous.status, 400)
    }

    func testLoginsAnswerTheProfileTheProviderDescribes() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secretFile = directory.appendingPathComponent("hs256.secret")
        try Data(secret.utf8).write(to: secretFile)
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: ["--jwt-secret-file", secretFile.path])
        defer { _ = try? server.terminate() }
        let http = HTTPClient(baseURL: server.baseURL)

        // A JWT's OpenID Connect claims fill the fields; its other unregistered claims are metadata.
        let claims = ProfileClaims(sub: "gina@idp", exp: Date().addingTimeInterval(600).timeIntervalSince1970.rounded(), iat: 1,
                                   name: "Gina Lopez", email: "gina@example.com", picture: "https://example.com/g.png", given_name: "Gina",
                                   family_name: "Lopez", birthdate: "1990-04-01", min_age: 21, team: "blue")
        let viaJWT = try await login(http, try TestSigningKey.hs256(secret).sign(claims))
        let profile = try XCTUnwrap(viaJWT.json["profile"] as? [String: Any], String(decoding: viaJWT.body, as: UTF8.self))
        XCTAssertEqual(profile["name"] as? String, "Gina Lopez")
        XCTAssertEqual(profile["email"] as? String, "gina@example.com")
        XCTAssertEqual(profile["pictureURL"] as? String, "https://example.com/g.png")
        XCTAssertEqual(profile["firstName"] as? String, "Gina")
        XCTAssertEqual(profile["lastName"] as? String, "Lopez")
        XCTAssertEqual(profile["birthday"] as? String, "1990-04-01")
        XCTAssertEqual(profile["minAge"] as? String, "21", "a numeric age claim is given as text, as RealmSwift's profile does")
        XCTAssertNil(profile["gender"])
        XCTAssertEqual(profile["metadata"] as? [String: String], ["team": "blue"], "registered claims (sub, exp, iat) are not metadata")

        // A password account's profile is its email; an anonymous user's is empty.
        let dana = try await http.register("dana@example.com")
        let viaPassword = try await http.post("/auth/login", ["provider": "password", "username": "dana@example.com", "password": "correct horse"])
        XCTAssertEqual((viaPassword.json["profile"] as? [String: Any])?["email"] as? String, "dana@example.com")
        XCTAssertEqual(try Login(viaPassword).userId, dana.userId)
        let guest = try await http.post("/auth/login", ["provider": "anonymous"])
        XCTAssertEqual((guest.json["profile"] as? [String: Any])?.keys.sorted(), ["metadata"])
    }

    private func login(_ http: HTTPClient, _ token: String) async throws -> HTTPClient.Reply {
        try await http.post("/auth/login", ["provider": "jwt", "token": token])
    }
}
