import FiefSync
import Foundation
import XCTest

/// `user.apiKeysAuth` and `Credentials.userAPIKey` / `.serverAPIKey` against the real server.
final class APIKeyAuthTests: AuthTestCase {
    /// A registered, logged-in user on `app`.
    private func loggedInUser(_ app: App) async throws -> User {
        let name = uniqueName()
        try await app.emailPasswordAuth.registerUser(email: name, password: "correct horse")
        return try await app.login(credentials: .emailPassword(email: name, password: "correct horse"))
    }

    func testCreateLogInFetchDisableEnableDelete() async throws {
        let owner = try await loggedInUser(makeApp(id: "owner"))
        let keys = owner.apiKeysAuth
        let created = try await keys.createAPIKey(named: "backup job")
        XCTAssertEqual(created.name, "backup job")
        XCTAssertFalse(created.disabled)
        let secret = try XCTUnwrap(created.key, "a new key carries its key")

        let machineApp = makeApp(id: "machine")
        let machine = try await machineApp.login(credentials: .userAPIKey(secret))
        XCTAssertEqual(machine.id, owner.id)
        XCTAssertEqual(machine.provider, "api-key")

        let fetched = try await keys.fetchAPIKey(created.objectId)
        XCTAssertEqual(fetched.objectId, created.objectId)
        XCTAssertNil(fetched.key, "a fetched key does not carry its key")
        let second = try await keys.createAPIKey(named: "ci")
        let all = try await keys.fetchAPIKeys()
        XCTAssertEqual(all.map(\.name), ["backup job", "ci"])
        XCTAssertTrue(all.allSatisfy { $0.key == nil })

        await assertAuthError(.apiKeyAlreadyExists) { try await keys.createAPIKey(named: "ci") }
        await assertAuthError(.badRequest) { try await keys.createAPIKey(named: "") }

        try await keys.disableAPIKey(created.objectId)
        let disabledKey = try await keys.fetchAPIKey(created.objectId)
        XCTAssertTrue(disabledKey.disabled)
        await assertAuthError(.invalidCredentials) { try await makeApp(id: "other").login(credentials: .userAPIKey(secret)) }
        try await keys.enableAPIKey(created.objectId)
        _ = try await makeApp(id: "other").login(credentials: .userAPIKey(secret))

        // Deleting the key ends the machine's session: its next refresh logs it out.
        try await keys.deleteAPIKey(created.objectId)
        await assertAuthError(.apiKeyNotFound) { try await keys.fetchAPIKey(created.objectId) }
        await assertAuthError(.invalidAccessToken) { try await machine.refreshCustomData() }
        XCTAssertEqual(machine.state, .loggedOut)
        XCTAssertEqual(owner.state, .loggedIn, "the owner's own session goes on")
        let remaining = try await keys.fetchAPIKeys()
        XCTAssertEqual(remaining.map(\.objectId), [second.objectId])
    }

    func testCompletionHandlersAndOtherUsersKeys() async throws {
        let owner = try await loggedInUser(makeApp(id: "owner"))
        let stranger = try await loggedInUser(makeApp(id: "stranger"))
        let created: UserAPIKey = try await withCheckedThrowingContinuation { continuation in
            owner.apiKeysAuth.createAPIKey(named: "callbacks") { continuation.resume(with: $0) }
        }
        let listed: [UserAPIKey] = try await withCheckedThrowingContinuation { continuation in
            owner.apiKeysAuth.fetchAPIKeys { continuation.resume(with: $0) }
        }
        XCTAssertEqual(listed.map(\.objectId), [created.objectId])
        let notTheirs: (any Error)? = await withCheckedContinuation { continuation in
            stranger.apiKeysAuth.disableAPIKey(created.objectId) { continuation.resume(returning: $0) }
        }
        XCTAssertEqual((notTheirs as? SyncAuthError)?.code, .apiKeyNotFound, "\(String(describing: notTheirs))")
        let deleted: (any Error)? = await withCheckedContinuation { continuation in
            owner.apiKeysAuth.deleteAPIKey(created.objectId) { continuation.resume(returning: $0) }
        }
        XCTAssertNil(deleted)
    }

    func testServerAPIKeyIsTheAdminToken() async throws {
        let admin = try await makeApp().login(credentials: .serverAPIKey("admin-secret"))
        XCTAssertTrue(admin.isAdmin)
        await assertAuthError(.invalidCredentials) { try await makeApp(id: "wrong").login(credentials: .serverAPIKey("not-it")) }
    }
}
