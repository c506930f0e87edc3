import Foundation
import ServerProcessSupport
@testable import FiefServer
import XCTest

/// The claims of an Apple or Google ID token.
private struct IDTokenClaims: Encodable {
    var iss: String
    var aud: String
    var sub: String
    var exp: Double
    var iat: Double
    var email: String?
    var name: String?

    init(iss: String, aud: String, sub: String, email: String? = nil, name: String? = nil) {
        self.iss = iss
        self.aud = aud
        self.sub = sub
        let now = Date().timeIntervalSince1970.rounded()
        exp = now + 600
        iat = now
        self.email = email
        self.name = name
    }
}

/// `POST /auth/login {"provider": "apple" | "google", "token": <ID token>}`: tokens checked
/// against the providers' JSON Web Key Sets (files the test writes), issuers and client ids.
final class IdentityProviderLoginTests: XCTestCase {
    private let apple = "https://appleid.apple.com"

    func testAppleAndGoogleIDTokensLogInAndKeySetsAreReadAgainWhenTheyChange() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let appleKey = try TestSigningKey.make(.rs256, in: directory.appendingPathComponent("apple1"))
        let googleKey = try TestSigningKey.make(.es256, in: directory.appendingPathComponent("google"))
        let appleKeys = directory.appendingPathComponent("apple-keys.json")
        let googleKeys = directory.appendingPathComponent("google-keys.json")
        try writeKeySet([try appleKey.jsonWebKey(kid: "A1")], to: appleKeys)
        try writeKeySet([try googleKey.jsonWebKey(kid: "G1")], to: googleKeys)
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: [
            "--apple-client-id", "com.example.app", "--apple-client-id", "com.example.web", "--apple-keys", appleKeys.path,
            "--google-client-id", "1234.apps.googleusercontent.com", "--google-keys", googleKeys.path,
        ])
        defer { _ = try? server.terminate() }
        let http = HTTPClient(baseURL: server.baseURL)

        // Apple: the subject is the user; the email is the profile's; either client id is accepted.
        let token = try appleKey.sign(IDTokenClaims(iss: apple, aud: "com.example.app", sub: "001234.abcd", email: "ann@privaterelay.appleid.com"), kid: "A1")
        let first = try await login(http, "apple", token)
        XCTAssertEqual(first.status, 200, String(decoding: first.body, as: UTF8.self))
        XCTAssertEqual((first.json["profile"] as? [String: Any])?["email"] as? String, "ann@privaterelay.appleid.com")
        let viaWeb = try await login(http, "apple", try appleKey.sign(IDTokenClaims(iss: apple, aud: "com.example.web", sub: "001234.abcd"), kid: "A1"))
        XCTAssertEqual(viaWeb.string("userId"), first.string("userId"), "one Apple subject, one user")

        // Google, ES256, with either issuer spelling; the same subject at Apple is another user.
        for issuer in ["https://accounts.google.com", "accounts.google.com"] {
            let reply = try await login(http, "google", try googleKey.sign(IDTokenClaims(iss: issuer, aud: "1234.apps.googleusercontent.com",
                                                                                         sub: "001234.abcd", name: "Ann"), kid: "G1"))
            XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
            XCTAssertNotEqual(reply.string("userId"), first.string("userId"))
            XCTAssertEqual((reply.json["profile"] as? [String: Any])?["name"] as? String, "Ann")
        }

        // Each refusal is 401 and says why.
        let refusals: [(String, String, String)] = [
            ("apple", try appleKey.sign(IDTokenClaims(iss: apple, aud: "com.other.app", sub: "x"), kid: "A1"), "audience"),
            ("apple", try appleKey.sign(IDTokenClaims(iss: "https://accounts.google.com", aud: "com.example.app", sub: "x"), kid: "A1"), "issuer"),
            ("apple", try appleKey.sign(IDTokenClaims(iss: apple, aud: "com.example.app", sub: "x"), kid: "A9"), "A9"),
            ("apple", try appleKey.sign(IDTokenClaims(iss: apple, aud: "com.example.app", sub: "x")), "kid"),
            ("google", try appleKey.sign(IDTokenClaims(iss: "accounts.google.com", aud: "1234.apps.googleusercontent.com", sub: "x"), kid: "G1"), "RS256"),
        ]
        for (provider, token, reason) in refusals {
            let reply = try await login(http, provider, token)
            XCTAssertEqual(reply.status, 401, "\(reason): \(String(decoding: reply.body, as: UTF8.self))")
            XCTAssertTrue(reply.string("message")?.contains(reason) ?? false, "\(reason): \(reply.string("message") ?? "")")
        }

        // Apple rotates its key: the new file is read without a restart; the old key is gone.
        let rotated = try TestSigningKey.make(.rs256, in: directory.appendingPathComponent("apple2"))
        try await Task.sleep(for: .milliseconds(20))
        try writeKeySet([try rotated.jsonWebKey(kid: "A2")], to: appleKeys)
        let afterRotation = try await login(http, "apple", try rotated.sign(IDTokenClaims(iss: apple, aud: "com.example.app", sub: "001234.abcd"), kid: "A2"))
        XCTAssertEqual(afterRotation.string("userId"), first.string("userId"), String(decoding: afterRotation.body, as: UTF8.self))
        let retired = try await login(http, "apple", token)
        XCTAssertEqual(retired.status, 401)

        // A key set that became unreadable keeps the last good keys, and says why a kid is missing.
        try await Task.sleep(for: .milliseconds(20))
        try Data("not json".utf8).write(to: appleKeys)
        let stillWorks = try await login(http, "apple", try rotated.sign(IDTokenClaims(iss: apple, aud: "com.example.app", sub: "001234.abcd"), kid: "A2"))
        XCTAssertEqual(stillWorks.status, 200)
        let unknown = try await login(http, "apple", token)
        XCTAssertTrue(unknown.string("message")?.contains("could not be read again") ?? false, unknown.string("message") ?? "")

        // Linking an Apple identity to another user: the subject is taken.
        let guest = try Login(try await http.post("/auth/login", ["provider": "anonymous"]))
        let taken = try await http.post("/auth/link", ["provider": "apple", "token": try rotated.sign(IDTokenClaims(iss: apple, aud: "com.example.app", sub: "001234.abcd"), kid: "A2")],
                                        token: guest.accessToken)
        XCTAssertEqual(taken.code, "identityInUse")
        let linked = try await http.post("/auth/link", ["provider": "apple", "token": try rotated.sign(IDTokenClaims(iss: apple, aud: "com.example.app", sub: "005678.efgh"), kid: "A2")],
                                         token: guest.accessToken)
        XCTAssertEqual(linked.string("userId"), guest.userId, String(decoding: linked.body, as: UTF8.self))
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    func testUnconfiguredProvidersAreDisabledAndBadConfigurationsStopTheServer() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        let disabled = try await login(HTTPClient(baseURL: server.baseURL), "google", "a.b.c")
        XCTAssertEqual(disabled.status, 403)
        XCTAssertEqual(disabled.code, "providerDisabled")
        XCTAssertEqual(try server.terminate(), 0, server.log)

        let data = directory.appendingPathComponent("data").path
        let keys = directory.appendingPathComponent("keys.json")
        let noKeys = try runServerCommand(["serve", "--data-dir", data, "--port", "0", "--apple-client-id", "com.example.app"])
        XCTAssertNotEqual(noKeys.status, 0)
        XCTAssertTrue(noKeys.output.contains("--apple-keys"), noKeys.output)
        try Data(#"{"keys": [{"kty": "RSA", "kid": "k", "n": "!!", "e": "AQAB"}]}"#.utf8).write(to: keys)
        let badKey = try runServerCommand(["serve", "--data-dir", data, "--port", "0", "--google-client-id", "x", "--google-keys", keys.path])
        XCTAssertNotEqual(badKey.status, 0)
        XCTAssertTrue(badKey.output.contains("base64url n"), badKey.output)
        try Data(#"{"keys": [{"kty": "oct", "kid": "k", "k": "AAAA"}]}"#.utf8).write(to: keys)
        let noSigningKey = try runServerCommand(["serve", "--data-dir", data, "--port", "0", "--google-client-id", "x", "--google-keys", keys.path])
        XCTAssertNotEqual(noSigningKey.status, 0)
        XCTAssertTrue(noSigningKey.output.contains("no RSA or EC P-256 signing key"), noSigningKey.output)
    }

    private func writeKeySet(_ keys: [[String: String]], to file: URL) throws {
        try JSONSerialization.data(withJSONObject: ["keys": keys]).write(to: file, options: .atomic)
    }

    private func login(_ http: HTTPClient, _ provider: String, _ token: String) async throws -> HTTPClient.Reply {
        try await http.post("/auth/login", ["provider": provider, "token": token])
    }
}
