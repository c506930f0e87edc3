import Foundation
import ServerProcessSupport
import XCTest

/// `GET /permissions/offers` and `DELETE /permissions/offers/<id>`: a creator lists their offers
/// without tokens and revokes them; a revoked offer is refused with `offerRevoked`; other users
/// can neither see nor revoke them; administrators can.
final class OfferRevocationTests: XCTestCase {
    func testCreatorListsAndRevokesOffersWithoutTokens() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace(arguments: ["--admin-token", "root-token"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let henry = try await http.register("henry")
        let notes = "/\(frank.userId)/notes"

        let readReply = try await http.createOffer(frank, path: "/~/notes", level: "read")
        let readToken = try XCTUnwrap(readReply.string("token"))
        let writeReply = try await http.createOffer(frank, path: "/~/notes", level: "write", expiresAt: "2099-01-01T00:00:00Z")
        let writeToken = try XCTUnwrap(writeReply.string("token"))
        let value1 = try await http.acceptOffer(grace, token: readToken).status
        XCTAssertEqual(value1, 200)

        // The listing names each offer by id, with its use, and never holds a token.
        let listed = try await http.offers(frank)
        XCTAssertEqual(listed.status, 200, String(decoding: listed.body, as: UTF8.self))
        let text = String(decoding: listed.body, as: UTF8.self)
        XCTAssertFalse(text.contains(readToken), text)
        XCTAssertFalse(text.contains(writeToken), text)
        XCTAssertEqual(listed.offers.count, 2, text)
        let read = try XCTUnwrap(listed.offers.first { $0["accessLevel"] as? String == "read" })
        let write = try XCTUnwrap(listed.offers.first { $0["accessLevel"] as? String == "write" })
        XCTAssertEqual(read["path"] as? String, notes)
        XCTAssertEqual(read["acceptedCount"] as? Int, 1)
        XCTAssertEqual(read["status"] as? String, "active")
        XCTAssertEqual(read["createdBy"] as? String, frank.userId)
        XCTAssertTrue(read["expiresAt"] is NSNull)
        XCTAssertTrue(read["revokedAt"] is NSNull)
        XCTAssertNotNil((read["createdAt"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
        XCTAssertEqual(write["acceptedCount"] as? Int, 0)
        XCTAssertEqual(write["expiresAt"] as? String, "2099-01-01T00:00:00Z")
        let readId = try XCTUnwrap(read["id"] as? String)
        let writeId = try XCTUnwrap(write["id"] as? String)
        XCTAssertEqual(readId.count, 32)
        XCTAssertNotEqual(readId, writeId)

        // Others see none of frank's offers, cannot list everyone's, and cannot revoke his.
        let value2 = try await http.offers(grace).offers.count
        XCTAssertEqual(value2, 0)
        let notAdmin = try await http.offers(grace, all: true)
        XCTAssertEqual(notAdmin.status, 403)
        XCTAssertEqual(notAdmin.code, "permissionDenied")
        let notHis = try await http.revokeOffer(grace, id: readId)
        XCTAssertEqual(notHis.status, 404)
        XCTAssertEqual(notHis.code, "offerNotFound")
        let unknown = try await http.revokeOffer(frank, id: String(repeating: "0", count: 32))
        XCTAssertEqual(unknown.code, "offerNotFound")
        let value3 = try await http.revokeOffer(frank, id: "not-an-id").code
        XCTAssertEqual(value3, "offerNotFound")

        // frank revokes the read offer: accepting it is refused with a typed error, and the level
        // grace already has from it stays.
        let revoked = try await http.revokeOffer(frank, id: readId)
        XCTAssertEqual(revoked.status, 200, String(decoding: revoked.body, as: UTF8.self))
        XCTAssertEqual(revoked.string("status"), "revoked")
        XCTAssertNotNil(revoked.string("revokedAt"))
        let refused = try await http.acceptOffer(henry, token: readToken)
        XCTAssertEqual(refused.status, 410)
        XCTAssertEqual(refused.code, "offerRevoked")
        let value4 = try await http.permissions(grace)[notes]?["accessLevel"] as? String
        XCTAssertEqual(value4, "read")
        let value5 = try await http.permissions(henry)[notes] == nil
        XCTAssertEqual(value5, true)
        let again = try await http.revokeOffer(frank, id: readId)
        XCTAssertEqual(again.string("revokedAt"), revoked.string("revokedAt"))

        // An administrator sees every offer and revokes frank's write offer.
        let admin = try await http.loginAdmin(token: "root-token")
        let value6 = try await http.offers(admin).offers.count
        XCTAssertEqual(value6, 0)
        let everyone = try await http.offers(admin, all: true)
        XCTAssertEqual(Set(everyone.offers.compactMap { $0["id"] as? String }), [readId, writeId])
        let value7 = try await http.revokeOffer(admin, id: writeId).status
        XCTAssertEqual(value7, 200)
        let value8 = try await http.acceptOffer(henry, token: writeToken).code
        XCTAssertEqual(value8, "offerRevoked")

        // Revocations last across a restart.
        XCTAssertEqual(try server.terminate(), 0, server.log)
        let restarted = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        let http2 = HTTPClient(baseURL: restarted.baseURL)
        let frank2 = try Login(try await http2.post("/auth/login", ["provider": "password", "username": "frank", "password": "correct horse"]))
        let after = try await http2.offers(frank2)
        XCTAssertEqual(after.offers.map { $0["status"] as? String }, ["revoked", "revoked"])
        XCTAssertEqual(after.offers.first { $0["id"] as? String == readId }?["acceptedCount"] as? Int, 1)
        XCTAssertEqual(try restarted.terminate(), 0, restarted.log)
    }
}
