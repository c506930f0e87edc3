@testable import FiefSync
import Dispatch
import Foundation
import ServerProcessSupport
import XCTest

/// The Realm Object Server era's API: `SyncUser.logIn`, `current`, `all`, `logOut()`.
final class SyncUserLogInTests: AuthTestCase {
    private var serverURL: URL { URL(string: server.baseURL)! }

    /// Logs in with the callback form from a thread that then blocks without running any run
    /// loop: the callback must arrive on the default queue all the same.
    private func logInBlocking(_ credentials: SyncCredentials) throws -> SyncUser {
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = TestBox<(SyncUser?, (any Error)?, Bool)>((nil, nil, false))
        SyncUser.logIn(with: credentials, server: serverURL) { user, error in
            dispatchPrecondition(condition: .onQueue(.fiefCallbacks))
            outcome.current = (user, error, Thread.isMainThread)
            semaphore.signal()
        }
        #if canImport(Darwin)
        // On Apple platforms the default queue is the main queue: let the run loop serve it.
        while semaphore.wait(timeout: .now()) != .success { RunLoop.current.run(until: Date().addingTimeInterval(0.01)) }
        #else
        XCTAssertEqual(semaphore.wait(timeout: .now() + 30), .success, "the callback arrives with the main thread blocked")
        XCTAssertFalse(outcome.current.2, "on Linux callbacks do not go to the main queue")
        #endif
        let (user, error, _) = outcome.current
        if let error { throw error }
        return try XCTUnwrap(user)
    }

    func testCallbackLogInOnTheDefaultQueueWithoutAMainRunLoop() throws {
        let name = uniqueName()
        let user = try logInBlocking(.usernamePassword(username: name, password: "correct horse", register: true))
        XCTAssertTrue(user.isLoggedIn)
        XCTAssertEqual(user.authenticationServer?.port, server.port)
        XCTAssertEqual(user.identity, user.id)
        XCTAssertTrue(SyncUser.current === user)
        XCTAssertTrue(SyncUser.all[user.id] === user)

        let again = try logInBlocking(.usernamePassword(username: name, password: "correct horse"))
        XCTAssertTrue(again === user, "the same user object for the same id and server")

        XCTAssertThrowsError(try logInBlocking(.usernamePassword(username: name, password: "correct horse", register: true))) { error in
            XCTAssertEqual((error as? SyncAuthError)?.code, .userAlreadyExists)
        }
        XCTAssertThrowsError(try logInBlocking(.usernamePassword(username: name, password: "wrong password"))) { error in
            XCTAssertEqual((error as? SyncAuthError)?.code, .invalidCredentials)
        }

        user.logOut()
        XCTAssertEqual(user.state, .loggedOut)
        XCTAssertNil(SyncUser.all[user.id])
        XCTAssertFalse(SyncUser.current === user)
    }

    func testCustomCallbackQueue() throws {
        let queue = DispatchQueue(label: "custom")
        let done = expectation(description: "callback")
        SyncUser.logIn(with: .anonymous(), server: serverURL, callbackQueue: queue) { user, error in
            dispatchPrecondition(condition: .onQueue(queue))
            XCTAssertNotNil(user)
            XCTAssertNil(error)
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
    }

    func testCurrentWithSeveralUsersIsTheLatestAndNeverFails() async throws {
        let first = try await SyncUser.logIn(with: .anonymous(), server: serverURL)
        let admin = try await SyncUser.logIn(with: .adminToken("admin-secret"), server: serverURL)
        XCTAssertTrue(admin.isAdmin)
        XCTAssertTrue(SyncUser.current === admin)
        XCTAssertNotNil(SyncUser.all[first.id])
        XCTAssertNotNil(SyncUser.all[admin.id])
        await assertAuthError(.invalidCredentials) { try await SyncUser.logIn(with: .adminToken("wrong"), server: self.serverURL) }
        await assertAuthError(.invalidURL) { try await SyncUser.logIn(with: .anonymous(), server: URL(string: "realm://127.0.0.1:1/x")!) }
    }

    func testServerAppsAreFoundAgainOnDisk() async throws {
        let user = try await SyncUser.logIn(with: .anonymous(), server: serverURL)
        let fresh = ServerApps()   // what a new process sees
        let app = try XCTUnwrap(fresh.allApps().first { $0.appId == user.app.appId })
        XCTAssertEqual(app.baseURL, user.app.baseURL)
        XCTAssertEqual(app.currentUser?.id, user.id)
        XCTAssertTrue(try fresh.app(for: serverURL) === app)
    }

    /// The apps follow the default root directory: pointed elsewhere, the process sees the
    /// users kept there, not those of the apps it made before under the old one.
    func testAppsFollowTheDefaultRootDirectory() async throws {
        let first = try await SyncUser.logIn(with: .anonymous(), server: serverURL)
        XCTAssertTrue(SyncUser.current === first)

        setenv("XDG_DATA_HOME", root.appendingPathComponent("elsewhere").path, 1)
        XCTAssertNil(SyncUser.current)
        XCTAssertTrue(SyncUser.all.isEmpty)
        let second = try await SyncUser.logIn(with: .anonymous(), server: serverURL)
        XCTAssertFalse(second.app === first.app, "another root directory, another app for the same server")
        XCTAssertEqual(second.app.appId, first.app.appId)
        XCTAssertEqual(Set(SyncUser.all.keys), [second.id])

        TestDataHome.use(testRoot: root)
        XCTAssertEqual(Set(SyncUser.all.keys), [first.id])
        XCTAssertTrue(try ServerApps.shared.app(for: serverURL) === first.app)
    }
}
