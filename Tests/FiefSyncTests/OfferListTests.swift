import FiefSync
import Foundation
import XCTest

/// Listing and revoking offers from the client (Realm's `retrievePermissionOffers` and
/// `invalidateOffer(forToken:)`) against the real server.
final class OfferListTests: AuthTestCase {
    func testRetrieveAndInvalidateOffers() async throws {
        let app = makeApp()
        let owner = try await app.login(credentials: .anonymous)
        let guest = try await makeApp(id: "guest").login(credentials: .anonymous)
        let realmURL = URL(string: "realm://127.0.0.1:\(server.port)/~/offered")!
        let readToken = try await owner.createOfferForRealm(at: realmURL, accessLevel: .read)
        let writeToken = try await owner.createOfferForRealm(at: realmURL, accessLevel: .write, expiration: Date().addingTimeInterval(3600))
        _ = try await guest.acceptOffer(forToken: readToken)

        let offers = try await owner.retrievePermissionOffers()
        XCTAssertEqual(offers.count, 2)
        let read = try XCTUnwrap(offers.first { $0.accessLevel == .read })
        let write = try XCTUnwrap(offers.first { $0.accessLevel == .write })
        XCTAssertEqual(read.id, SyncPermissionOffer.id(forToken: readToken))
        XCTAssertEqual(write.id, SyncPermissionOffer.id(forToken: writeToken))
        XCTAssertEqual(read.path, "/\(owner.id)/offered")
        XCTAssertEqual(read.acceptedCount, 1)
        XCTAssertEqual(write.acceptedCount, 0)
        XCTAssertNil(read.expiresAt)
        XCTAssertNotNil(write.expiresAt)
        XCTAssertTrue(read.isActive)
        let value1 = try await guest.retrievePermissionOffers()
        XCTAssertEqual(value1, [])

        // The guest cannot revoke the owner's offer; the owner can, by token or by id.
        do {
            try await guest.invalidateOffer(forToken: writeToken)
            XCTFail("the guest revoked the owner's offer")
        } catch let error as SyncPermissionError {
            XCTAssertEqual(error.code, .offerNotFound)
        }
        try await owner.invalidateOffer(forToken: readToken)
        let revoked = try await owner.invalidateOffer(id: write.id)
        XCTAssertFalse(revoked.isActive)
        XCTAssertNotNil(revoked.revokedAt)
        do {
            _ = try await guest.acceptOffer(forToken: writeToken)
            XCTFail("a revoked offer was accepted")
        } catch SyncPermissionError.offerRevoked {
        }
        let after = try await owner.retrievePermissionOffers()
        XCTAssertTrue(after.allSatisfy { $0.revokedAt != nil }, "\(after)")

        let called = expectation(description: "callback")
        owner.retrievePermissionOffers { offers, error in
            XCTAssertNil(error)
            XCTAssertEqual(offers?.count, 2)
            called.fulfill()
        }
        await fulfillment(of: [called], timeout: 30)
    }
}
