import FiefSync
import Foundation
import XCTest

/// `user.linkUser(credentials:)` against the real server: an anonymous user who registers keeps
/// their id, and accounts with data of their own are not absorbed.
final class LinkUserTests: AuthTestCase {
    func testAnAnonymousUserKeepsTheirIdWhenTheyRegister() async throws {
        let app = makeApp()
        let guest = try await app.login(credentials: .anonymous)
        let name = uniqueName("ann")
        try await app.emailPasswordAuth.registerUser(email: name, password: "s3cret pass")
        let linked = try await guest.linkUser(credentials: .emailPassword(email: name, password: "s3cret pass"))
        XCTAssertTrue(linked === guest)
        XCTAssertTrue(guest.isLoggedIn)

        let again = try await makeApp(id: "other").login(credentials: .emailPassword(email: name, password: "s3cret pass"))
        XCTAssertEqual(again.id, guest.id, "the password logs in as the former guest")
        await assertAuthError(.invalidCredentials) { try await guest.linkUser(credentials: .emailPassword(email: name, password: "wrong pass")) }
        await assertAuthError(.badRequest) { try await guest.linkUser(credentials: .anonymous) }
        // Linking the identity it already has is fine.
        _ = try await guest.linkUser(credentials: .emailPassword(email: name, password: "s3cret pass"))
    }

    func testAccountsWithDataOfTheirOwnAreNotAbsorbed() async throws {
        let app = makeApp()
        let name = uniqueName("bob")
        try await app.emailPasswordAuth.registerUser(email: name, password: "s3cret pass")
        let bob = try await makeApp(id: "bob").login(credentials: .emailPassword(email: name, password: "s3cret pass"))
        _ = try await bob.apiKeysAuth.createAPIKey(named: "mine")
        let guest = try await app.login(credentials: .anonymous)
        await assertAuthError(.userAlreadyExists) { try await guest.linkUser(credentials: .emailPassword(email: name, password: "s3cret pass")) }

        // A user with a user name cannot take another.
        let other = uniqueName("cy")
        try await app.emailPasswordAuth.registerUser(email: other, password: "s3cret pass")
        await assertAuthError(.userAlreadyExists) { try await bob.linkUser(credentials: .emailPassword(email: other, password: "s3cret pass")) }
        await assertAuthError(.providerDisabled) { try await bob.linkUser(credentials: .jwt(token: "a.b.c")) }
    }
}
