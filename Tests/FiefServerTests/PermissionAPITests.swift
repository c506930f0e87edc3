import Foundation
import ServerProcessSupport
import XCTest

/// The HTTP permission API: levels, offers, direct grants and the listing.
final class PermissionAPITests: XCTestCase {
    func testOffersGrantLevelsUntilTheyExpire() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let henry = try await http.register("henry")
        let notes = "/\(frank.userId)/notes"

        // Only a manager of the path makes offers; levels and paths are checked.
        let denied = try await http.createOffer(grace, path: notes, level: "read")
        XCTAssertEqual(denied.status, 403)
        XCTAssertEqual(denied.code, "permissionDenied")
        let badLevel = try await http.createOffer(frank, path: "/~/notes", level: "owner")
        XCTAssertEqual(badLevel.status, 400)
        XCTAssertEqual(badLevel.code, "invalidRequest")
        let badPath = try await http.createOffer(frank, path: "/~/../notes", level: "read")
        XCTAssertEqual(badPath.status, 400)
        XCTAssertEqual(badPath.code, "badPath")
        let past = try await http.createOffer(frank, path: "/~/notes", level: "read", expiresAt: "2001-01-01T00:00:00Z")
        XCTAssertEqual(past.status, 400)
        XCTAssertEqual(past.code, "invalidRequest")

        // `~` is the caller; the token is long, random and URL-safe, and several users accept it.
        let offer = try await http.createOffer(frank, path: "/~/notes", level: "read")
        XCTAssertEqual(offer.status, 200, String(decoding: offer.body, as: UTF8.self))
        XCTAssertEqual(offer.string("path"), notes)
        XCTAssertEqual(offer.string("accessLevel"), "read")
        XCTAssertTrue(offer.json["expiresAt"] is NSNull)
        let token = try XCTUnwrap(offer.string("token"))
        XCTAssertGreaterThanOrEqual(token.count, 22)
        XCTAssertTrue(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, token)
        for user in [grace, henry] {
            let accepted = try await http.acceptOffer(user, token: token)
            XCTAssertEqual(accepted.status, 200, String(decoding: accepted.body, as: UTF8.self))
            XCTAssertEqual(accepted.string("path"), notes)
            XCTAssertEqual(accepted.string("accessLevel"), "read")
        }
        let graceSees = try await http.permissions(grace)
        XCTAssertEqual(Set(graceSees.keys), [notes])
        XCTAssertEqual(graceSees[notes]?["accessLevel"] as? String, "read")
        XCTAssertEqual(graceSees[notes]?["userId"] as? String, grace.userId)
        XCTAssertEqual(graceSees[notes]?["mayRead"] as? Bool, true)
        XCTAssertEqual(graceSees[notes]?["mayWrite"] as? Bool, false)
        XCTAssertEqual(graceSees[notes]?["mayManage"] as? Bool, false)
        XCTAssertNotNil((graceSees[notes]?["updatedAt"] as? String).flatMap(ISO8601DateFormatter().date(from:)))

        // A read-only grantee cannot offer more; a write offer raises grace, a read one never lowers.
        let notManager = try await http.createOffer(grace, path: notes, level: "read")
        XCTAssertEqual(notManager.code, "permissionDenied")
        let writeReply = try await http.createOffer(frank, path: notes, level: "write")
        let writeOffer = try XCTUnwrap(writeReply.string("token"))
        let reply1 = try await http.acceptOffer(grace, token: writeOffer)
        XCTAssertEqual(reply1.status, 200)
        let reply2 = try await http.acceptOffer(grace, token: token)
        XCTAssertEqual(reply2.status, 200)
        let raised = try await http.permissions(grace)[notes]
        XCTAssertEqual(raised?["accessLevel"] as? String, "write")
        XCTAssertEqual(raised?["mayWrite"] as? Bool, true)

        // Unknown and expired offers.
        let unknown = try await http.acceptOffer(grace, token: "no-such-offer")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.code, "offerNotFound")
        let soon = ISO8601DateFormatter().string(from: Date().addingTimeInterval(2))
        let shortOffer = try await http.createOffer(frank, path: notes, level: "admin", expiresAt: soon)
        XCTAssertEqual(shortOffer.status, 200)
        XCTAssertEqual(shortOffer.string("expiresAt"), soon)
        try await Task.sleep(for: .seconds(3))
        let shortToken = try XCTUnwrap(shortOffer.string("token"))
        let expired = try await http.acceptOffer(henry, token: shortToken)
        XCTAssertEqual(expired.status, 410)
        XCTAssertEqual(expired.code, "offerExpired")
        let reply3 = try await http.permissions(henry)
        XCTAssertEqual(reply3[notes]?["accessLevel"] as? String, "read")

        // Every route needs a valid bearer token.
        for reply in [try await http.get("/permissions"), try await http.get("/permissions", token: "garbage"),
                      try await http.post("/permissions/offers", ["path": notes, "accessLevel": "read"]),
                      try await http.post("/permissions/offers/accept", ["token": token]),
                      try await http.post("/permissions", ["path": notes, "userId": grace.userId, "accessLevel": "read"])] {
            XCTAssertEqual(reply.status, 401)
            XCTAssertEqual(reply.code, "invalidAccessToken")
        }
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    func testManagersSetLevelsAndTheListingShowsOwnedRealmsAndGrants() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace(arguments: ["--admin-token", "root-token"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let henry = try await http.register("henry")
        let admin = try await http.loginAdmin(token: "root-token")
        let notes = "/\(frank.userId)/notes"

        // The owner's realms appear once they exist on the server.
        let reply4 = try await http.permissions(frank)
        XCTAssertTrue(reply4.isEmpty)
        let client = try await TestSyncClient(directory: directory, name: "frank")
        try await client.connect(port: server.port, token: frank.accessToken, path: notes)
        await client.disconnect()
        let owned = try await http.permissions(frank)
        XCTAssertEqual(Set(owned.keys), [notes])
        XCTAssertEqual(owned[notes]?["accessLevel"] as? String, "admin")
        XCTAssertEqual(owned[notes]?["mayManage"] as? Bool, true)

        // The owner grants directly; a non-manager cannot; unknown users and the owner's own level are refused.
        let set = try await http.setLevel(frank, path: "/~/notes", userId: henry.userId, level: "admin")
        XCTAssertEqual(set.status, 200, String(decoding: set.body, as: UTF8.self))
        XCTAssertEqual(set.string("path"), notes)
        XCTAssertEqual(set.string("userId"), henry.userId)
        XCTAssertEqual(set.string("accessLevel"), "admin")
        let reply5 = try await http.setLevel(grace, path: notes, userId: grace.userId, level: "admin")
        XCTAssertEqual(reply5.code, "permissionDenied")
        let nobody = try await http.setLevel(frank, path: notes, userId: "0123456789abcdef0123456789abcdef", level: "read")
        XCTAssertEqual(nobody.status, 404)
        XCTAssertEqual(nobody.code, "userNotFound")
        let reply6 = try await http.setLevel(frank, path: notes, userId: frank.userId, level: "read")
        XCTAssertEqual(reply6.code, "invalidRequest")
        let reply7 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "superuser")
        XCTAssertEqual(reply7.code, "invalidRequest")

        // Henry, admin by grant, manages: grants grace write, then revokes her.
        let reply8 = try await http.setLevel(henry, path: notes, userId: grace.userId, level: "write")
        XCTAssertEqual(reply8.status, 200)
        let reply9 = try await http.permissions(grace)
        XCTAssertEqual(reply9[notes]?["accessLevel"] as? String, "write")
        let reply10 = try await http.createOffer(henry, path: notes, level: "read")
        XCTAssertEqual(reply10.status, 200)
        let revoked = try await http.setLevel(henry, path: notes, userId: grace.userId, level: "none")
        XCTAssertEqual(revoked.string("accessLevel"), "none")
        let reply11 = try await http.permissions(grace)
        XCTAssertTrue(reply11.isEmpty)

        // An administrator manages every path but lists only their own realms and grants.
        let reply12 = try await http.setLevel(admin, path: notes, userId: grace.userId, level: "read")
        XCTAssertEqual(reply12.status, 200)
        let reply13 = try await http.permissions(admin)
        XCTAssertTrue(reply13.isEmpty)
        let reply14 = try await http.setLevel(frank, path: notes, userId: admin.userId, level: "read")
        XCTAssertEqual(reply14.status, 200)
        let adminSees = try await http.permissions(admin)
        XCTAssertEqual(Set(adminSees.keys), [notes])
        XCTAssertEqual(try server.terminate(), 0, server.log)

        // `fief-server permissions` lists the grants, all or of one path.
        let all = try runServerCommand(["permissions", "--data-dir", server.dataDirectory.path])
        XCTAssertEqual(all.status, 0, all.output)
        XCTAssertTrue(all.output.contains("\(notes)  \(henry.userId)  admin  granted by \(frank.userId)"), all.output)
        XCTAssertTrue(all.output.contains("\(notes)  \(grace.userId)  read  granted by \(admin.userId)"), all.output)
        let none = try runServerCommand(["permissions", "--data-dir", server.dataDirectory.path, "/\(grace.userId)/other"])
        XCTAssertEqual(none.status, 0, none.output)
        XCTAssertEqual(none.output, "")
    }
}
