@testable import FiefServer
import Foundation
import XCTest

/// The server's pure pieces, without a process: paths, tokens, rate limits, password hashes.
final class ServerPartsTests: XCTestCase {
    let alice = AuthenticatedUser(id: "0123456789abcdef0123456789abcdef", isAdmin: false)

    func testRealmPathsNormalizeAndRefuse() throws {
        XCTAssertEqual(try RealmPath("/~/tasks", userId: alice.id).value, "/\(alice.id)/tasks")
        XCTAssertEqual(try RealmPath("/~/a/b.c-d_e", userId: alice.id).components, [alice.id, "a", "b.c-d_e"])
        for bad in ["", "tasks", "/", "//x", "/a//b", "/a/", "/a/../b", "/a/./b", "/a/b c", "/a/é", "/~/x.realm", "/~/x.realm.lock",
                    "/" + String(repeating: "a", count: 600)] {
            XCTAssertThrowsError(try RealmPath(bad, userId: alice.id), bad) { error in
                XCTAssertEqual((error as? SessionFailure)?.code, .badPath, bad)
            }
        }
        XCTAssertTrue(try RealmPath("/~/tasks", userId: alice.id).isAccessible(by: alice))
        XCTAssertFalse(try RealmPath("/~", userId: alice.id).isAccessible(by: alice), "the user's folder itself is no realm")
        XCTAssertFalse(try RealmPath("/other/tasks", userId: alice.id).isAccessible(by: alice))
        XCTAssertFalse(try RealmPath("/default", userId: alice.id).isAccessible(by: alice))
        XCTAssertTrue(try RealmPath("/default", userId: alice.id).isAccessible(by: AuthenticatedUser(id: "root", isAdmin: true)))
    }

    func testAccessTokensVerifyOnlyUnalteredUnexpiredHS256() throws {
        let signer = AccessTokenSigner(key: Array(repeating: 7, count: 32))
        let claims = AccessTokenClaims(sub: alice.id, iat: 1000, exp: 2800, adm: false)
        let token = try signer.sign(claims)
        XCTAssertEqual(try signer.verify(token, now: 2000), claims)
        XCTAssertThrowsError(try signer.verify(token, now: 2800)) { XCTAssertEqual($0 as? AccessTokenError, .expired(exp: 2800)) }
        XCTAssertThrowsError(try AccessTokenSigner(key: Array(repeating: 8, count: 32)).verify(token, now: 2000)) {
            XCTAssertEqual($0 as? AccessTokenError, .badSignature)
        }
        // An unsigned token ("alg": "none") is refused whatever it claims.
        let none = ByteEncodings.base64URL(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
        let payload = token.split(separator: ".")[1]
        XCTAssertThrowsError(try signer.verify("\(none).\(payload).", now: 2000)) {
            XCTAssertEqual($0 as? AccessTokenError, .unsupportedAlgorithm("none"))
        }
        for malformed in ["", "a.b", "a.b.c.d", "!!.??.**", "\(token.split(separator: ".")[0]).%%.x"] {
            XCTAssertThrowsError(try signer.verify(malformed, now: 2000), malformed) { XCTAssertEqual($0 as? AccessTokenError, .malformed) }
        }
    }

    func testLoginRateLimiterRefillsOverTimeAndCountsRefusalsNowhere() async {
        let limiter = LoginRateLimiter(limits: LoginRateLimits(perUser: 2, perAddress: 3))
        var results: [LoginRateLimiter.Limit?] = []
        results.append(await limiter.attempt(username: "u", address: "a", now: 0))
        results.append(await limiter.attempt(username: "U", address: "a", now: 0))
        results.append(await limiter.attempt(username: "u", address: "a", now: 0))
        XCTAssertEqual(results, [nil, nil, .user], "user names are compared case-insensitively")
        // The refused attempt took nothing from the address: one left.
        let other = await limiter.attempt(username: "v", address: "a", now: 0)
        XCTAssertNil(other)
        let full = await limiter.attempt(username: "w", address: "a", now: 0)
        XCTAssertEqual(full, .address)
        // 2 per minute for the user: one token back after 30 s; the address (3 a minute) too.
        let later = await limiter.attempt(username: "u", address: "a", now: 30)
        XCTAssertNil(later)
        let elsewhere = await limiter.attempt(username: "x", address: "b", now: 30)
        XCTAssertNil(elsewhere)
    }

    func testPasswordHashesVerifyOnlyTheirPassword() async throws {
        let hasher = PasswordHasher(iterations: 1000)
        let hash = try await hasher.hash("open sesame")
        XCTAssertTrue(hash.hasPrefix("pbkdf2-sha256$1000$"))
        let again = try await hasher.hash("open sesame")
        XCTAssertNotEqual(again, hash, "a new salt each time")
        let right = try await hasher.verify("open sesame", against: hash)
        let wrong = try await hasher.verify("open sesame!", against: hash)
        let none = try await hasher.verify("open sesame", against: nil)
        let garbage = try await hasher.verify("open sesame", against: "pbkdf2-sha256$x$zz$")
        XCTAssertEqual([right, wrong, none, garbage], [true, false, false, false])
        // The default is the recommended cost.
        XCTAssertEqual(PasswordHasher().iterations, 600_000)
    }

    func testCryptoMatchesKnownVectors() throws {
        XCTAssertEqual(ByteEncodings.hex(try Crypto.sha256(Array("abc".utf8))),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // RFC 4231, test case 2.
        XCTAssertEqual(ByteEncodings.hex(try Crypto.hmacSHA256(key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8))),
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // RFC 7914, section 11 (PBKDF2-HMAC-SHA256, 1 iteration, 64 bytes).
        XCTAssertEqual(ByteEncodings.hex(try Crypto.pbkdf2SHA256(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, length: 64)),
                       "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    }
}

/// The levels every user has on app-wide paths.
final class DefaultPermissionsTests: XCTestCase {
    func testStandardRulesAndParsing() throws {
        let user = "0123456789abcdef0123456789abcdef"
        let standard = DefaultPermissions.standard
        XCTAssertEqual(standard.level(at: try RealmPath("/default", userId: user)), .write)
        XCTAssertEqual(standard.level(at: try RealmPath("/partition/s-x", userId: user)), .write)
        XCTAssertNil(standard.level(at: try RealmPath("/partition", userId: user)))
        XCTAssertNil(standard.level(at: try RealmPath("/other", userId: user)))
        XCTAssertNil(standard.level(at: try RealmPath("/~/notes", userId: user)))
        let custom = DefaultPermissions(rules: [try XCTUnwrap(DefaultPermissions.Rule("/default=read")), try XCTUnwrap(DefaultPermissions.Rule("/partition/*=none"))])
        XCTAssertEqual(custom.level(at: try RealmPath("/default", userId: user)), .read)
        XCTAssertNil(custom.level(at: try RealmPath("/partition/a", userId: user)))
        XCTAssertNil(DefaultPermissions.Rule("default=write"))
        XCTAssertNil(DefaultPermissions.Rule("/default=owner"))
        XCTAssertNil(DefaultPermissions.Rule("/default"))
    }
}
