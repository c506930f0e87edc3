@testable import FiefSync
import Foundation
import XCTest

/// The user cache (`metadata.fief`): users survive a restart; an encryption key protects it.
final class UserCacheTests: AuthTestCase {
    func testLoggedInUsersSurviveANewAppWithoutTheNetwork() async throws {
        let app = makeApp()
        let anonymous = try await app.login(credentials: .anonymous)
        let name = uniqueName()
        try await app.emailPasswordAuth.registerUser(email: name, password: "correct horse")
        let user = try await app.login(credentials: .emailPassword(email: name, password: "correct horse"))
        let refreshToken = user.refreshToken
        try server.terminate()   // no network from here on
        server = nil

        let restarted = makeApp()
        XCTAssertNil(restarted.userCacheError)
        let current = try XCTUnwrap(restarted.currentUser)
        XCTAssertEqual(current.id, user.id, "the most recent login is current again")
        XCTAssertFalse(current === user, "another App object has its own users")
        XCTAssertTrue(current.app === restarted)
        XCTAssertEqual(current.state, .loggedIn)
        XCTAssertEqual(current.refreshToken, refreshToken)
        XCTAssertEqual(current.provider, "password")
        XCTAssertEqual(Set(restarted.allUsers.keys), [anonymous.id, user.id])
        XCTAssertTrue(FileManager.default.fileExists(atPath: restarted.rootDirectory.appendingPathComponent("metadata.fief").path))

        let otherApp = App(id: "another-app", configuration: AppConfiguration(baseURL: "http://127.0.0.1:1",
                                                                              rootDirectory: root.appendingPathComponent("client")))
        XCTAssertNil(otherApp.currentUser, "apps with other ids do not share users")
    }

    func testLoggedOutAndRemovedUsersAfterRestart() async throws {
        let app = makeApp()
        let gone = try await app.login(credentials: .anonymous)
        try await gone.remove()
        let out = try await app.login(credentials: .anonymous)
        try await out.logOut()

        let restarted = makeApp()
        XCTAssertNil(restarted.currentUser)
        XCTAssertEqual(Array(restarted.allUsers.keys), [out.id])
        XCTAssertEqual(restarted.allUsers[out.id]?.state, .loggedOut)
        XCTAssertNil(restarted.allUsers[out.id]?.refreshToken)
    }

    func testEncryptedCacheNeedsItsKey() async throws {
        let key = Data((0..<64).map { UInt8($0 * 3 % 256) })
        let app = makeApp(key: key)
        let user = try await app.login(credentials: .anonymous)
        let refreshToken = try XCTUnwrap(user.refreshToken)
        XCTAssertNil(app.userCacheError)

        let file = app.rootDirectory.appendingPathComponent("metadata.fief")
        let bytes = try Data(contentsOf: file)
        XCTAssertNil(bytes.range(of: Data(refreshToken.utf8)), "the refresh token is not in the file in clear")

        XCTAssertEqual(makeApp(key: key).currentUser?.id, user.id, "the same key reads the cache")

        let withoutKey = makeApp()
        XCTAssertNil(withoutKey.currentUser)
        XCTAssertNotNil(withoutKey.userCacheError, "an app without the key says why it has no users")
        XCTAssertThrowsError(try Realm(dynamicConfiguration: Realm.Configuration(fileURL: file)))

        var wrong = key
        wrong[0] ^= 0xFF
        XCTAssertNil(makeApp(key: wrong).currentUser)

        XCTAssertEqual(makeApp(key: key).currentUser?.id, user.id, "failed opens leave the file intact")
    }

    func testCacheClassStaysOutOfTheAppsRealms() async throws {
        _ = try await makeApp().login(credentials: .anonymous)
        XCTAssertFalse(try classNamesOfANewRealm().contains(UserCache.className))
    }

    /// The classes a realm opened with every model class discovered so far gets.
    private func classNamesOfANewRealm() throws -> [String] {
        var configuration = Realm.Configuration(fileURL: root.appendingPathComponent("app.realm"))
        configuration.objectTypes = nil
        return try Realm(configuration: configuration).schema.objectSchema.map(\.className)
    }
}
