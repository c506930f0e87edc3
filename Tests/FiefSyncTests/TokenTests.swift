@testable import FiefSync
import Foundation
import XCTest

/// Access tokens, refresh, logout and the end of a session on the server.
final class TokenTests: AuthTestCase {
    /// A JWT (unsigned: the client does not verify) that expired `age` seconds ago.
    private func expiredToken(age: Int = 10) -> String {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        let exp = Int(Date().timeIntervalSince1970) - age
        return "\(part(#"{"alg":"HS256","typ":"JWT"}"#)).\(part("{\"sub\":\"x\",\"exp\":\(exp)}")).c2lnbmF0dXJl"
    }

    func testValidTokenIsReturnedWithoutRefresh() async throws {
        let user = try await makeApp().login(credentials: .anonymous)
        let first = try await user.syncAccessToken(forceRefresh: false)
        XCTAssertEqual(first, user.accessToken)
        let second = try await user.syncAccessToken(forceRefresh: false)
        XCTAssertEqual(first, second)
        XCTAssertTrue(AccessTokenExpiry.isValid(first, for: 60))
    }

    func testExpiredTokenIsRefreshed() async throws {
        let app = makeApp()
        let user = try await app.login(credentials: .anonymous)
        let expired = expiredToken()
        user.core.withLock { $0.accessToken = expired }
        XCTAssertFalse(AccessTokenExpiry.isValid(expired, for: 0))

        let token = try await user.syncAccessToken(forceRefresh: false)
        XCTAssertNotEqual(token, expired)
        XCTAssertTrue(AccessTokenExpiry.isValid(token, for: 60))
        XCTAssertEqual(user.accessToken, token)
        XCTAssertEqual(try UserCache(directory: app.rootDirectory, encryptionKey: nil).load().first?.accessToken, token,
                       "the refreshed token is cached")
    }

    func testForcedConcurrentRefreshesAllSucceed() async throws {
        let user = try await makeApp().login(credentials: .anonymous)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await user.syncAccessToken(forceRefresh: true) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        XCTAssertEqual(tokens.count, 8)
        XCTAssertTrue(tokens.allSatisfy { AccessTokenExpiry.isValid($0, for: 60) })
        XCTAssertEqual(user.state, .loggedIn)
    }

    func testLogOutRevokesTheRefreshTokenAndClearsCurrentUser() async throws {
        let app = makeApp()
        let user = try await app.login(credentials: .anonymous)
        let refreshToken = try XCTUnwrap(user.refreshToken)
        let observed = expectation(description: "logout observer")
        user.addLogoutObserver { observed.fulfill() }

        try await user.logOut()
        await fulfillment(of: [observed], timeout: 5)
        XCTAssertEqual(user.state, .loggedOut)
        XCTAssertNil(user.refreshToken)
        XCTAssertNil(user.accessToken)
        XCTAssertNil(app.currentUser)
        let refused = try await rawPost("/auth/refresh", ["refreshToken": refreshToken])
        XCTAssertEqual(refused.status, 401, "the server no longer accepts the refresh token")
        XCTAssertEqual(refused.json["code"] as? String, "invalidRefreshToken")

        let cached = try UserCache(directory: app.rootDirectory, encryptionKey: nil).load()
        XCTAssertEqual(cached.count, 1)
        XCTAssertEqual(cached.first?.state, .loggedOut)
        XCTAssertNil(cached.first?.refreshToken, "logout clears the tokens from the cache")
        XCTAssertNil(cached.first?.accessToken)

        await assertAuthError(.invalidAccessToken) { try await user.syncAccessToken(forceRefresh: false) }
        let late = expectation(description: "an observer added after logout runs at once")
        user.addLogoutObserver { late.fulfill() }
        await fulfillment(of: [late], timeout: 1)
    }

    func testRevokedRefreshTokenLogsOutAndReportsInvalidAccessToken() async throws {
        let app = makeApp()
        let user = try await app.login(credentials: .anonymous)
        let reported = expectation(description: "errorHandler")
        let handled = TestBox<SyncAuthError?>(nil)
        user.errorHandler = { erroredUser, error in
            XCTAssertTrue(erroredUser === user)
            handled.current = error
            reported.fulfill()
        }
        let observed = expectation(description: "logout observer")
        user.addLogoutObserver { observed.fulfill() }

        // Another device (or an administrator) revokes the session on the server.
        let revoked = try await rawPost("/auth/logout", ["refreshToken": try XCTUnwrap(user.refreshToken)])
        XCTAssertEqual(revoked.status, 200)

        await assertAuthError(.invalidAccessToken) { try await user.syncAccessToken(forceRefresh: true) }
        await fulfillment(of: [reported, observed], timeout: 5)
        XCTAssertEqual(handled.current?.code, .invalidAccessToken)
        XCTAssertEqual(user.state, .loggedOut)
        XCTAssertNil(app.currentUser)
        XCTAssertEqual(try UserCache(directory: app.rootDirectory, encryptionKey: nil).load().first?.state, .loggedOut)
    }

    func testNetworkFailureDuringRefreshKeepsTheUserLoggedIn() async throws {
        let app = makeApp()
        let user = try await app.login(credentials: .anonymous)
        try server.terminate()
        server = nil
        let error = await assertAuthError(.networkFailure) { try await user.syncAccessToken(forceRefresh: true) }
        XCTAssertTrue(error?.isRetryable ?? false)
        XCTAssertEqual(user.state, .loggedIn, "a network failure does not log out")
        XCTAssertNotNil(user.refreshToken)
    }
}
