import FiefSync
import Foundation
import XCTest

/// `App.login`, registration and the users an app knows, against the real server.
final class AppLoginTests: AuthTestCase {
    func testRegisterLoginAndRelogin() async throws {
        let app = makeApp()
        let name = uniqueName()
        try await app.emailPasswordAuth.registerUser(email: name, password: "correct horse")
        XCTAssertNil(app.currentUser, "registering does not log in")

        let user = try await app.login(credentials: .emailPassword(email: name, password: "correct horse"))
        XCTAssertEqual(user.state, .loggedIn)
        XCTAssertTrue(user.isLoggedIn)
        XCTAssertEqual(user.provider, "password")
        XCTAssertNotNil(user.refreshToken)
        XCTAssertNotNil(user.accessToken)
        XCTAssertTrue(app.currentUser === user)

        let again = try await app.login(credentials: .emailPassword(email: name, password: "correct horse"))
        XCTAssertTrue(again === user, "one User object per user id")
        XCTAssertEqual(app.allUsers.count, 1)

        await assertAuthError(.userAlreadyExists) { try await app.emailPasswordAuth.registerUser(email: name, password: "other pass") }
    }

    func testWithoutAnAccountWebhookAccountsAreConfirmedAndPasswordsCannotBeReset() async throws {
        let app = makeApp()
        let name = uniqueName()
        try await app.emailPasswordAuth.registerUser(email: name, password: "correct horse")
        _ = try await app.login(credentials: .emailPassword(email: name, password: "correct horse"))
        await assertAuthError(.providerDisabled) { try await app.emailPasswordAuth.sendResetPasswordEmail(email: name) }
        await assertAuthError(.providerDisabled) { try await app.emailPasswordAuth.resendConfirmationEmail(email: name) }
        await assertAuthError(.invalidAccountToken) {
            try await app.emailPasswordAuth.resetPassword(to: "hijacked!", token: "t", tokenId: String(repeating: "0", count: 32))
        }
    }

    func testProfileProviderAndTheCompletionHandlerLogin() async throws {
        let app = makeApp()
        let name = uniqueName() + "@example.com"
        try await app.emailPasswordAuth.registerUser(email: name, password: "correct horse")
        let credentials = Credentials.emailPassword(email: name, password: "correct horse")
        XCTAssertEqual(credentials.provider, .usernamePassword)
        let user: User = try await withCheckedThrowingContinuation { continuation in
            app.login(credentials: credentials) { continuation.resume(with: $0) }
        }
        XCTAssertEqual(user.provider, .usernamePassword)
        XCTAssertEqual(user.profile.email, name, "a password account's profile is its email")
        XCTAssertNil(user.profile.name)
        XCTAssertEqual(user.profile.metadata, [:])

        let restarted = makeApp()
        XCTAssertEqual(restarted.allUsers[user.id]?.profile, user.profile, "the profile is kept with the user")

        let guest = try await app.login(credentials: .anonymous)
        XCTAssertEqual(guest.provider, .anonymous)
        XCTAssertEqual(guest.profile, UserProfile())

        // Apple and Google ID tokens reach their providers, which this server has not enabled
        // (IdentityProviderLoginTests logs in with them).
        XCTAssertEqual(Credentials.apple(idToken: "a.b.c").provider, .apple)
        XCTAssertEqual(Credentials.googleId(token: "a.b.c").provider, .google)
        await assertAuthError(.providerDisabled) { try await app.login(credentials: .apple(idToken: "a.b.c")) }
        await assertAuthError(.providerDisabled) { try await app.login(credentials: .googleId(token: "a.b.c")) }
    }

    func testAnonymousLoginReusesTheLoggedInAnonymousUser() async throws {
        let app = makeApp()
        let first = try await app.login(credentials: .anonymous)
        XCTAssertEqual(first.provider, "anonymous")
        let second = try await app.login(credentials: .anonymous)
        XCTAssertTrue(first === second)
        try await first.logOut()
        let third = try await app.login(credentials: .anonymous)
        XCTAssertNotEqual(third.id, first.id, "after logout an anonymous login is a new user")
    }

    func testWrongPasswordIsInvalidCredentials() async throws {
        let app = makeApp()
        let name = uniqueName()
        try await app.emailPasswordAuth.registerUser(email: name, password: "correct horse")
        let error = await assertAuthError(.invalidCredentials) {
            try await app.login(credentials: .emailPassword(email: name, password: "battery staple"))
        }
        XCTAssertEqual(error?.httpStatus, 401)
        XCTAssertEqual(error?.serverCode, "invalidCredentials")
        XCTAssertFalse(error?.isRetryable ?? true)
        await assertAuthError(.invalidCredentials) {
            try await app.login(credentials: .emailPassword(email: self.uniqueName("nobody"), password: "whatever1"))
        }
        await assertAuthError(.invalidPassword) { try await app.emailPasswordAuth.registerUser(email: self.uniqueName(), password: "short") }
        await assertAuthError(.invalidUsername) { try await app.emailPasswordAuth.registerUser(email: "no spaces allowed", password: "long enough") }
        XCTAssertNil(app.currentUser)
        XCTAssertTrue(app.allUsers.isEmpty)
    }

    func testCatchClauseMatchesCodes() async throws {
        let app = makeApp()
        do {
            _ = try await app.login(credentials: .emailPassword(email: uniqueName(), password: "whatever1"))
            XCTFail("login of an unknown user succeeded")
        } catch SyncAuthError.invalidCredentials {
            // expected
        }
    }

    func testJWTCredentialsGetATypedAnswer() async throws {
        let app = makeApp()
        do {
            _ = try await app.login(credentials: .jwt(token: "not.a.jwt"))
            XCTFail("a made-up JWT logged in")
        } catch let error as SyncAuthError {
            // A server without a JWT key disables the provider; one with a key refuses the token.
            XCTAssertTrue([.providerDisabled, .invalidCredentials].contains(error.code), "\(error)")
        }
    }

    func testCurrentUserAndAllUsers() async throws {
        let app = makeApp()
        let ann = uniqueName("ann"), bob = uniqueName("bob")
        try await app.emailPasswordAuth.registerUser(email: ann, password: "ann's password")
        try await app.emailPasswordAuth.registerUser(email: bob, password: "bob's password")
        let annUser = try await app.login(credentials: .emailPassword(email: ann, password: "ann's password"))
        let bobUser = try await app.login(credentials: .emailPassword(email: bob, password: "bob's password"))
        XCTAssertTrue(app.currentUser === bobUser, "the latest login is current")
        XCTAssertEqual(Set(app.allUsers.keys), [annUser.id, bobUser.id])
        XCTAssertTrue(app.allUsers[annUser.id] === annUser)

        app.switch(to: annUser)
        XCTAssertTrue(app.currentUser === annUser)

        try await annUser.logOut()
        XCTAssertEqual(annUser.state, .loggedOut)
        XCTAssertTrue(app.currentUser === bobUser, "logging out the current user makes the other one current")
        XCTAssertEqual(app.allUsers.count, 2, "logged-out users stay in allUsers")

        try await bobUser.remove()
        XCTAssertEqual(bobUser.state, .removed)
        XCTAssertNil(app.currentUser)
        XCTAssertEqual(Set(app.allUsers.keys), [annUser.id], "removed users leave allUsers")
    }

    func testCompletionHandlerLogin() throws {
        let app = makeApp()
        let done = expectation(description: "login completes")
        let outcome = TestBox<Result<User, any Error>?>(nil)
        app.login(credentials: .anonymous) { result in
            outcome.current = result
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        let user = try XCTUnwrap(outcome.current).get()
        XCTAssertTrue(app.currentUser === user)

        let loggedOut = expectation(description: "logout completes")
        user.logOut { error in
            XCTAssertNil(error)
            loggedOut.fulfill()
        }
        wait(for: [loggedOut], timeout: 30)
        XCTAssertEqual(user.state, .loggedOut)
    }

    func testUnreachableServerIsANetworkFailure() async throws {
        let port = server.port
        try server.terminate()
        server = nil
        let app = App(id: "offline", configuration: AppConfiguration(baseURL: "http://127.0.0.1:\(port)", rootDirectory: root))
        let started = Date()
        let error = await assertAuthError(.networkFailure) { try await app.login(credentials: .anonymous) }
        XCTAssertTrue(error?.isRetryable ?? false)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "a refused connection fails at once, not at the timeout")
    }
}
