import FiefSync
import Foundation
import XCTest

/// `user.delete()` against the real server: the account, its name, keys and sessions go.
final class UserDeleteTests: AuthTestCase {
    func testDeleteRemovesTheAccountEverywhere() async throws {
        let app = makeApp()
        let name = uniqueName()
        try await app.emailPasswordAuth.registerUser(email: name, password: "correct horse")
        let user = try await app.login(credentials: .emailPassword(email: name, password: "correct horse"))
        let key = try await user.apiKeysAuth.createAPIKey(named: "job")
        let other = try await makeApp(id: "other").login(credentials: .emailPassword(email: name, password: "correct horse"))

        try await user.delete()
        XCTAssertEqual(user.state, .removed)
        XCTAssertNil(app.currentUser)
        await assertAuthError(.invalidCredentials) { try await makeApp(id: "again").login(credentials: .emailPassword(email: name, password: "correct horse")) }
        await assertAuthError(.invalidCredentials) { try await makeApp(id: "key").login(credentials: .userAPIKey(key.key!)) }
        await assertAuthError(.invalidAccessToken) { try await other.refreshCustomData() }
        // The name is free again.
        try await app.emailPasswordAuth.registerUser(email: name, password: "another pass")
        await assertAuthError(.invalidAccessToken) { try await user.delete() }
    }
}
