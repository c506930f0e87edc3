import FiefServer
import Foundation
import ServerProcessSupport
import XCTest

/// Users and tokens over HTTP.
final class AuthTests: XCTestCase {
    var directory: URL!
    var server: ServerProcess!
    var http: HTTPClient!

    override func setUp() async throws {
        directory = makeTemporaryDirectory()
        server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: ["--admin-token", "the-admin-token"])
        http = HTTPClient(baseURL: server.baseURL)
    }

    override func tearDown() async throws {
        if let server { XCTAssertEqual(try server.terminate(), 0, server.log) }
        try? FileManager.default.removeItem(at: directory)
    }

    func testRegisterLoginRefreshLogout() async throws {
        let registered = try await http.register("alice", password: "wonderland")
        XCTAssertFalse(registered.isAdmin)
        XCTAssertEqual(registered.userId.count, 32)

        let login = try Login(try await http.post("/auth/login", ["provider": "password", "username": "alice", "password": "wonderland"]))
        XCTAssertEqual(login.userId, registered.userId)
        XCTAssertNotEqual(login.refreshToken, registered.refreshToken)

        let refreshed = try await http.post("/auth/refresh", ["refreshToken": login.refreshToken])
        XCTAssertEqual(refreshed.status, 200)
        XCTAssertEqual(refreshed.string("userId"), registered.userId)
        XCTAssertNotNil(refreshed.string("accessToken"))

        let logout = try await http.post("/auth/logout", ["refreshToken": login.refreshToken])
        XCTAssertEqual(logout.status, 200)
        let afterLogout = try await http.post("/auth/refresh", ["refreshToken": login.refreshToken])
        XCTAssertEqual(afterLogout.status, 401)
        XCTAssertEqual(afterLogout.code, "invalidRefreshToken")
        // The other session's refresh token still works.
        let stillValid = try await http.post("/auth/refresh", ["refreshToken": registered.refreshToken])
        XCTAssertEqual(stillValid.status, 200)
    }

    func testWrongPasswordDuplicateNameAndBadRequests() async throws {
        _ = try await http.register("bob", password: "builder1")
        let wrong = try await http.post("/auth/login", ["provider": "password", "username": "bob", "password": "builder2"])
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(wrong.code, "invalidCredentials")
        let unknown = try await http.post("/auth/login", ["provider": "password", "username": "nobody", "password": "builder1"])
        XCTAssertEqual(unknown.code, "invalidCredentials")
        let taken = try await http.post("/auth/register", ["username": "BOB", "password": "another1"])
        XCTAssertEqual(taken.status, 409)
        XCTAssertEqual(taken.code, "usernameTaken")
        let short = try await http.post("/auth/register", ["username": "carol", "password": "abc"])
        XCTAssertEqual(short.status, 400)
        XCTAssertEqual(short.code, "invalidPassword")
        let provider = try await http.post("/auth/login", ["provider": "facebook"])
        XCTAssertEqual(provider.code, "unknownProvider")
        let missing = try await http.post("/auth/login", ["username": "bob"])
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(missing.code, "invalidRequest")
    }

    func testAnonymousAndAdminTokenProviders() async throws {
        let first = try Login(try await http.post("/auth/login", ["provider": "anonymous"]))
        let second = try Login(try await http.post("/auth/login", ["provider": "anonymous"]))
        XCTAssertNotEqual(first.userId, second.userId)
        XCTAssertFalse(first.isAdmin)

        let admin = try await http.loginAdmin(token: "the-admin-token")
        XCTAssertTrue(admin.isAdmin)
        let again = try await http.loginAdmin(token: "the-admin-token")
        XCTAssertEqual(again.userId, admin.userId)
        let bad = try await http.post("/auth/login", ["provider": "admin-token", "token": "guess"])
        XCTAssertEqual(bad.status, 401)
        XCTAssertEqual(bad.code, "invalidCredentials")
    }

    func testInvalidAndExpiredAccessTokensAreInvalidAccessToken() async throws {
        let login = try await http.register("dave", password: "password1")
        let none = try await http.get("/sync")
        XCTAssertEqual(none.status, 401)
        XCTAssertEqual(none.code, "invalidAccessToken")
        let garbage = try await http.get("/sync", headers: ["Authorization": "Bearer not.a.token"])
        XCTAssertEqual(garbage.status, 401)
        XCTAssertEqual(garbage.code, "invalidAccessToken")
        // One character of the signature changed; and the last one changed to another spelling
        // of the same bits, which is refused too.
        var characters = Array(login.accessToken)
        let middle = characters.count - 10
        characters[middle] = characters[middle] == "A" ? "B" : "A"
        let tampered = String(characters)
        var respelled = Array(login.accessToken)
        let last = respelled[respelled.count - 1]
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let index = alphabet.firstIndex(of: last)!
        respelled[respelled.count - 1] = alphabet[index ^ 1]
        let sameBits = try await http.get("/sync", headers: ["Authorization": "Bearer \(String(respelled))"])
        XCTAssertEqual(sameBits.code, "invalidAccessToken")
        let altered = try await http.get("/sync", headers: ["Authorization": "Bearer \(tampered)"])
        XCTAssertEqual(altered.code, "invalidAccessToken")

        // A token signed with the server's own key, but expired.
        let key = try server.signingKey()
        let now = Int64(Date().timeIntervalSince1970)
        let expired = try AccessTokenSigner(key: key).sign(AccessTokenClaims(sub: login.userId, iat: now - 3600, exp: now - 60, adm: false))
        let reply = try await http.get("/sync", headers: ["Authorization": "Bearer \(expired)"])
        XCTAssertEqual(reply.status, 401)
        XCTAssertEqual(reply.code, "invalidAccessToken")
        XCTAssertTrue(reply.string("message")?.contains("expired") ?? false, reply.string("message") ?? "")

        // Over a valid connection, a bind with the expired token is refused for that session.
        let socket = SyncSocket(port: server.port, token: login.accessToken)
        socket.send(.bind(.init(session: 7, path: "/~/x", accessToken: expired, needsFileIdent: true, isSubscriptionBased: false)))
        guard case .error(let error) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(error.code, .badAuthentication)
        XCTAssertEqual(error.session, 7)
        await socket.close()
    }
}

/// Login rate limits, on a server that allows 2 attempts per user name (10 per address).
final class RateLimitTests: XCTestCase {
    func testLoginAttemptsAreLimitedPerUserAndPerAddress() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: ["--login-attempts-per-minute", "2"])
        let http = HTTPClient(baseURL: server.baseURL)
        let start = Date()
        _ = try await http.register("erin", password: "password1")
        for _ in 0..<2 {
            let reply = try await http.post("/auth/login", ["provider": "password", "username": "erin", "password": "wrong-one"])
            XCTAssertEqual(reply.code, "invalidCredentials")
        }
        let limited = try await http.post("/auth/login", ["provider": "password", "username": "erin", "password": "password1"])
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.code, "rateLimited")
        XCTAssertTrue(limited.string("message")?.contains("user name") ?? false)

        // The address allows 10 attempts a minute: 3 were made (one refused, not counted) and
        // the register counted once, so 7 more with other names pass, then the address is
        // limited. The bucket refills at 10 a minute, so a slow machine may earn one more
        // attempt for each 6 s the test has taken.
        var passed = 0
        var statuses: [Int] = []
        while statuses.last != 429, statuses.count < 40 {
            statuses.append(try await http.post("/auth/login", ["provider": "password", "username": "user\(statuses.count)", "password": "whatever"]).status)
            if statuses.last == 401 { passed += 1 }
        }
        let refilled = Int(Date().timeIntervalSince(start) / 6)
        XCTAssertEqual(statuses.last, 429, "\(statuses)")
        XCTAssertEqual(passed, statuses.count - 1, "every attempt before the limit is an ordinary refusal: \(statuses)")
        XCTAssertTrue((7...(7 + refilled)).contains(passed), "\(passed) attempts passed in \(refilled * 6) s or more: \(statuses)")
        let byAddress = try await http.post("/auth/login", ["provider": "password", "username": "someone", "password": "whatever"])
        XCTAssertEqual(byAddress.code, "rateLimited")
        XCTAssertTrue(byAddress.string("message")?.contains("address") ?? false)
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }
}
