import FiefSync
import Foundation
import XCTest

/// Permissions and offers (the Realm Object Server era's API) against the real server.
final class PermissionTests: AuthTestCase {
    func testOfferAcceptAndRetrieveRoundTrip() async throws {
        let app = makeApp()
        let owner = try await app.login(credentials: .anonymous)
        let guestName = uniqueName("guest")
        try await app.emailPasswordAuth.registerUser(email: guestName, password: "guest password")
        let guest = try await app.login(credentials: .emailPassword(email: guestName, password: "guest password"))

        let realmURL = URL(string: "realm://127.0.0.1:\(server.port)/~/shared")!
        let token = try await owner.createOfferForRealm(at: realmURL, accessLevel: .write)
        XCTAssertFalse(token.isEmpty)

        let accepted = try await guest.acceptOffer(forToken: token)
        XCTAssertEqual(accepted.absoluteString, "realm://127.0.0.1:\(server.port)/\(owner.id)/shared")

        let permissions = try await guest.retrievePermissions()
        let shared = try XCTUnwrap(permissions.first { $0.path == "/\(owner.id)/shared" }, "\(Array(permissions))")
        XCTAssertEqual(shared.accessLevel, .write)
        XCTAssertTrue(shared.mayRead)
        XCTAssertTrue(shared.mayWrite)
        XCTAssertFalse(shared.mayManage)
        XCTAssertEqual(shared.userId, guest.id)
        XCTAssertLessThan(abs(shared.updatedAt.timeIntervalSinceNow), 300)

        let denied = await permissionError {
            try await guest.createOfferForRealm(at: accepted, accessLevel: .read)
        }
        XCTAssertEqual(denied?.code, .permissionDenied, "a writer cannot create offers")
    }

    /// The ``SyncPermissionError`` `body` throws, or nil (a failure) when it succeeds.
    private func permissionError<T>(file: StaticString = #filePath, line: UInt = #line,
                                    _ body: () async throws -> T) async -> SyncPermissionError? {
        do {
            let value = try await body()
            XCTFail("expected a SyncPermissionError, got \(value)", file: file, line: line)
        } catch let error as SyncPermissionError {
            return error
        } catch {
            XCTFail("expected a SyncPermissionError, got \(type(of: error)): \(error)", file: file, line: line)
        }
        return nil
    }

    func testOfferErrors() async throws {
        let user = try await makeApp().login(credentials: .anonymous)
        let notFound = await permissionError { try await user.acceptOffer(forToken: "no-such-offer") }
        XCTAssertEqual(notFound?.code, .offerNotFound)
        let past = await permissionError {
            try await user.createOfferForRealm(at: URL(string: "realm://127.0.0.1/~/x")!, accessLevel: .read,
                                               expiration: Date().addingTimeInterval(-60))
        }
        XCTAssertEqual(past?.code, .badRequest)
        let noPath = await permissionError {
            try await user.createOfferForRealm(at: URL(string: "realm://127.0.0.1")!, accessLevel: .read)
        }
        XCTAssertEqual(noPath?.code, .invalidURL)

        let token = try await user.createOfferForRealm(at: URL(string: "realm://127.0.0.1/~/soon")!, accessLevel: .read,
                                                       expiration: Date().addingTimeInterval(1.5))
        try await Task.sleep(nanoseconds: 2_500_000_000)
        let other = try await makeApp(id: "other").login(credentials: .anonymous)
        let expired = await permissionError { try await other.acceptOffer(forToken: token) }
        XCTAssertEqual(expired?.code, .offerExpired)
    }

    func testCallbackForms() async throws {
        let user = try await makeApp().login(credentials: .anonymous)
        let created = expectation(description: "offer")
        let token = TestBox<String?>(nil)
        user.createOfferForRealm(at: URL(string: "realm://127.0.0.1/~/cb")!, accessLevel: .admin) { value, error in
            XCTAssertNil(error)
            token.current = value
            created.fulfill()
        }
        await fulfillment(of: [created], timeout: 30)

        let other = try await makeApp(id: "other").login(credentials: .anonymous)
        let accepted = expectation(description: "accept")
        other.acceptOffer(forToken: try XCTUnwrap(token.current)) { url, error in
            XCTAssertNil(error)
            XCTAssertEqual(url?.path, "/\(user.id)/cb")
            accepted.fulfill()
        }
        await fulfillment(of: [accepted], timeout: 30)

        let retrieved = expectation(description: "retrieve")
        other.retrievePermissions { results, error in
            XCTAssertNil(error)
            XCTAssertEqual(results?.first { $0.path == "/\(user.id)/cb" }?.mayManage, true)
            retrieved.fulfill()
        }
        await fulfillment(of: [retrieved], timeout: 30)
    }

    func testLoggedOutUserCannotAskForPermissions() async throws {
        let user = try await makeApp().login(credentials: .anonymous)
        try await user.logOut()
        let error = await permissionError { try await user.retrievePermissions() }
        XCTAssertEqual(error?.code, .userLoggedOut)
    }
}
