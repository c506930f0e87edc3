import FiefServer
import Foundation
import ServerProcessSupport
import XCTest

/// Users' custom data over HTTP: administrators write it, users read their own, it comes with
/// every login and refresh, bad documents are refused with where they are wrong, and it
/// survives a restart (on the embedded store, and on PostgreSQL in CI's second pass).
final class CustomDataTests: XCTestCase {
    func testAdministratorsWriteUsersReadTheirOwnAndLoginsCarryIt() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace(arguments: ["--admin-token", "the-admin-token"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let admin = try await http.loginAdmin(token: "the-admin-token")
        let path = "/users/\(frank.userId)/custom-data"

        let none = try await http.get(path, token: frank.accessToken)
        XCTAssertEqual(none.status, 200)
        XCTAssertTrue(none.json["customData"] is NSNull || none.json["customData"] == nil, "\(none.json)")

        let data = #"{"customData": {"team": "blue", "level": 3, "ratio": 0.5, "beta": true, "address": {"city": "Oslo"}, "tags": ["a", "b"]}}"#
        let set = try await http.put(path, json: data, token: admin.accessToken)
        XCTAssertEqual(set.status, 200, String(decoding: set.body, as: UTF8.self))

        let read = try await http.get(path, token: frank.accessToken)
        let custom = try XCTUnwrap(read.json["customData"] as? [String: Any])
        XCTAssertEqual(custom["team"] as? String, "blue")
        XCTAssertEqual(custom["level"] as? Int, 3)
        XCTAssertEqual(custom["ratio"] as? Double, 0.5)
        XCTAssertEqual(custom["beta"] as? Bool, true)
        XCTAssertEqual((custom["address"] as? [String: Any])?["city"] as? String, "Oslo")
        XCTAssertEqual(custom["tags"] as? [String], ["a", "b"])

        // Logins and refreshes carry it; grace has none.
        let login = try await http.post("/auth/login", ["provider": "password", "username": "frank", "password": "correct horse"])
        XCTAssertEqual((login.json["customData"] as? [String: Any])?["team"] as? String, "blue")
        let refresh = try await http.post("/auth/refresh", ["refreshToken": frank.refreshToken])
        XCTAssertEqual((refresh.json["customData"] as? [String: Any])?["level"] as? Int, 3)
        let graceLogin = try await http.post("/auth/login", ["provider": "password", "username": "grace", "password": "correct horse"])
        XCTAssertNil(graceLogin.json["customData"])

        // Who may do what.
        let byUser = try await http.put(path, json: #"{"customData": {"team": "gold"}}"#, token: frank.accessToken)
        XCTAssertEqual(byUser.status, 403)
        XCTAssertEqual(byUser.code, "permissionDenied")
        let byOther = try await http.get(path, token: grace.accessToken)
        XCTAssertEqual(byOther.status, 403)
        let byAdmin = try await http.get(path, token: admin.accessToken)
        XCTAssertEqual((byAdmin.json["customData"] as? [String: Any])?["team"] as? String, "blue")
        let unknown = try await http.put("/users/0123456789abcdef0123456789abcdef/custom-data", json: #"{"customData": {}}"#, token: admin.accessToken)
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.code, "userNotFound")

        // It survives a restart, and null removes it.
        XCTAssertEqual(try server.terminate(), 0, server.log)
        let restarted = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: ["--admin-token", "the-admin-token"])
        defer { _ = try? restarted.terminate() }
        let http2 = HTTPClient(baseURL: restarted.baseURL)
        let after = try await http2.post("/auth/refresh", ["refreshToken": frank.refreshToken])
        XCTAssertEqual((after.json["customData"] as? [String: Any])?["team"] as? String, "blue")
        let admin2 = try await http2.loginAdmin(token: "the-admin-token")
        let removed = try await http2.put(path, json: #"{"customData": null}"#, token: admin2.accessToken)
        XCTAssertEqual(removed.status, 200)
        let gone = try await http2.post("/auth/refresh", ["refreshToken": frank.refreshToken])
        XCTAssertNil(gone.json["customData"])
    }

    func testBadDocumentsAreRefusedWithWhereTheyAreWrongAndChangeNothing() async throws {
        let (directory, server, http, frank, _) = try await startServerWithFrankAndGrace(arguments: ["--admin-token", "the-admin-token"])
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { _ = try? server.terminate() }
        let admin = try await http.loginAdmin(token: "the-admin-token")
        let path = "/users/\(frank.userId)/custom-data"
        let blueSet = try await http.put(path, json: #"{"customData": {"team": "blue"}}"#, token: admin.accessToken).status
        XCTAssertEqual(blueSet, 200)

        let dotted = try await http.put(path, json: #"{"customData": {"address": {"post.code": "0150"}}}"#, token: admin.accessToken)
        XCTAssertEqual(dotted.status, 400)
        XCTAssertEqual(dotted.code, "invalidRequest")
        let message = dotted.string("message") ?? ""
        XCTAssertTrue(message.contains("post.code") && message.contains("in address"), message)

        let empty = try await http.put(path, json: #"{"customData": {"": 1}}"#, token: admin.accessToken)
        XCTAssertEqual(empty.status, 400)
        XCTAssertTrue((empty.string("message") ?? "").contains("empty"), empty.string("message") ?? "")

        let large = try await http.put(path, json: #"{"customData": {"blob": "\#(String(repeating: "x", count: 17_000))"}}"#, token: admin.accessToken)
        XCTAssertEqual(large.status, 400)
        XCTAssertTrue((large.string("message") ?? "").contains("16384"), large.string("message") ?? "")

        let deep = String(repeating: #"{"a": "#, count: 20) + "1" + String(repeating: "}", count: 20)
        let tooDeep = try await http.put(path, json: #"{"customData": \#(deep)}"#, token: admin.accessToken)
        XCTAssertEqual(tooDeep.status, 400)
        XCTAssertTrue((tooDeep.string("message") ?? "").contains("deeper"), tooDeep.string("message") ?? "")

        let notAnObject = try await http.put(path, json: #"{"customData": [1, 2]}"#, token: admin.accessToken)
        XCTAssertEqual(notAnObject.status, 400)

        let kept = try await http.get(path, token: frank.accessToken)
        XCTAssertEqual((kept.json["customData"] as? [String: Any])?.count, 1)
        XCTAssertEqual((kept.json["customData"] as? [String: Any])?["team"] as? String, "blue")
    }
}
