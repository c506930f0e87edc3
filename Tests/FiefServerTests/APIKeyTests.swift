import FiefServer
import Foundation
import ServerProcessSupport
import XCTest

/// Users' API keys over HTTP: created keys log in as their user, are listed without their key,
/// belong to their user only, disabled keys refuse logins and end their sessions, deleted keys
/// too, bad input is refused with what is wrong, and keys survive a restart (on the embedded
/// store, and on PostgreSQL in CI's second pass).
final class APIKeyTests: XCTestCase {
    func testKeysLogInAsTheirUserAndAreListedWithoutTheirKey() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace()
        defer { try? FileManager.default.removeItem(at: directory) }

        let created = try await http.post("/auth/api-keys", ["name": "nightly export"], token: frank.accessToken)
        XCTAssertEqual(created.status, 200, String(decoding: created.body, as: UTF8.self))
        let id = try XCTUnwrap(created.string("id"))
        let key = try XCTUnwrap(created.string("key"))
        XCTAssertEqual(id.count, 24)
        XCTAssertEqual(created.string("name"), "nightly export")
        XCTAssertEqual(created.json["disabled"] as? Bool, false)

        let login = try await http.post("/auth/login", ["provider": "api-key", "token": key])
        XCTAssertEqual(login.status, 200, String(decoding: login.body, as: UTF8.self))
        XCTAssertEqual(login.string("userId"), frank.userId)

        let list = try await http.get("/auth/api-keys", token: frank.accessToken)
        let keys = try XCTUnwrap(list.json["apiKeys"] as? [[String: Any]])
        XCTAssertEqual(keys.count, 1)
        XCTAssertEqual(keys.first?["id"] as? String, id)
        XCTAssertNil(keys.first?["key"], "a listed key must not carry the key")
        let one = try await http.get("/auth/api-keys/\(id)", token: frank.accessToken)
        XCTAssertEqual(one.string("name"), "nightly export")
        XCTAssertNil(one.json["key"])

        // Names are unique per user; other users neither see nor touch the key.
        let again = try await http.post("/auth/api-keys", ["name": "nightly export"], token: frank.accessToken)
        XCTAssertEqual(again.status, 409)
        XCTAssertEqual(again.code, "apiKeyNameTaken")
        let graceSame = try await http.post("/auth/api-keys", ["name": "nightly export"], token: grace.accessToken)
        XCTAssertEqual(graceSame.status, 200)
        let graceList = try await http.get("/auth/api-keys", token: grace.accessToken)
        XCTAssertEqual((graceList.json["apiKeys"] as? [[String: Any]])?.count, 1)
        let stolen = try await http.get("/auth/api-keys/\(id)", token: grace.accessToken)
        XCTAssertEqual(stolen.status, 404)
        XCTAssertEqual(stolen.code, "apiKeyNotFound")
        let stolenDelete = try await http.delete("/auth/api-keys/\(id)", token: grace.accessToken)
        XCTAssertEqual(stolenDelete.status, 404)

        // The store keeps only the key's hash.
        XCTAssertEqual(try server.terminate(), 0, server.log)
        if TestPostgres.isServerBackend {
            let url = try XCTUnwrap(URLComponents(string: try TestPostgres.database(for: directory.appendingPathComponent("data"))))
            let stored = try TestPostgres.psql("SELECT id || key_hash FROM fief_api_keys", database: String(url.path.dropFirst()))
            XCTAssertTrue(stored.contains(id), stored)
            XCTAssertFalse(stored.contains(key), stored)
        } else {
            let file = try Data(contentsOf: directory.appendingPathComponent("data/server.realm"))
            XCTAssertNil(file.range(of: Data(key.utf8)), "server.realm holds the plain API key")
        }

        // Keys survive a restart.
        let restarted = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        defer { _ = try? restarted.terminate() }
        let http2 = HTTPClient(baseURL: restarted.baseURL)
        let after = try await http2.post("/auth/login", ["provider": "api-key", "token": key])
        XCTAssertEqual(after.string("userId"), frank.userId)
    }

    func testDisabledAndDeletedKeysRefuseLoginsAndEndTheirSessions() async throws {
        let (directory, server, http, frank, _) = try await startServerWithFrankAndGrace()
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { _ = try? server.terminate() }
        let created = try await http.post("/auth/api-keys", ["name": "ci"], token: frank.accessToken)
        let id = try XCTUnwrap(created.string("id"))
        let key = try XCTUnwrap(created.string("key"))
        let session = try Login(try await http.post("/auth/login", ["provider": "api-key", "token": key]))

        let disabled = try await http.put("/auth/api-keys/\(id)/disable", json: "", token: frank.accessToken)
        XCTAssertEqual(disabled.status, 200, String(decoding: disabled.body, as: UTF8.self))
        XCTAssertEqual(disabled.json["disabled"] as? Bool, true)
        let refused = try await http.post("/auth/login", ["provider": "api-key", "token": key])
        XCTAssertEqual(refused.status, 401)
        XCTAssertEqual(refused.code, "apiKeyDisabled")
        let refreshWhileDisabled = try await http.post("/auth/refresh", ["refreshToken": session.refreshToken])
        XCTAssertEqual(refreshWhileDisabled.status, 401)

        let enabled = try await http.put("/auth/api-keys/\(id)/enable", json: "", token: frank.accessToken)
        XCTAssertEqual(enabled.json["disabled"] as? Bool, false)
        let refreshAgain = try await http.post("/auth/refresh", ["refreshToken": session.refreshToken])
        XCTAssertEqual(refreshAgain.status, 200, "an enabled key's sessions work again")
        // The password session of the key's owner is not a session of the key.
        let deleted = try await http.delete("/auth/api-keys/\(id)", token: frank.accessToken)
        XCTAssertEqual(deleted.status, 200)
        let refreshAfterDelete = try await http.post("/auth/refresh", ["refreshToken": session.refreshToken])
        XCTAssertEqual(refreshAfterDelete.status, 401)
        XCTAssertEqual(refreshAfterDelete.code, "invalidRefreshToken")
        let ownerRefresh = try await http.post("/auth/refresh", ["refreshToken": frank.refreshToken])
        XCTAssertEqual(ownerRefresh.status, 200)
        let loginAfterDelete = try await http.post("/auth/login", ["provider": "api-key", "token": key])
        XCTAssertEqual(loginAfterDelete.code, "invalidCredentials")
        let gone = try await http.get("/auth/api-keys/\(id)", token: frank.accessToken)
        XCTAssertEqual(gone.status, 404)
    }

    func testBadInputIsRefusedWithWhatIsWrong() async throws {
        let (directory, server, http, frank, _) = try await startServerWithFrankAndGrace(arguments: ["--login-attempts-per-minute", "3"])
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { _ = try? server.terminate() }

        let empty = try await http.post("/auth/api-keys", ["name": ""], token: frank.accessToken)
        XCTAssertEqual(empty.status, 400)
        XCTAssertTrue((empty.string("message") ?? "").contains("name"), empty.string("message") ?? "")
        let long = try await http.post("/auth/api-keys", ["name": String(repeating: "k", count: 129)], token: frank.accessToken)
        XCTAssertEqual(long.status, 400)
        let control = try await http.post("/auth/api-keys", ["name": "a\nb"], token: frank.accessToken)
        XCTAssertEqual(control.status, 400)
        let noName = try await http.post("/auth/api-keys", ["label": "x"], token: frank.accessToken)
        XCTAssertEqual(noName.status, 400)
        let badId = try await http.get("/auth/api-keys/not-an-id", token: frank.accessToken)
        XCTAssertEqual(badId.status, 400)
        XCTAssertTrue((badId.string("message") ?? "").contains("not-an-id"), badId.string("message") ?? "")
        let anonymousCall = try await http.get("/auth/api-keys")
        XCTAssertEqual(anonymousCall.status, 401)
        let noToken = try await http.post("/auth/login", ["provider": "api-key"])
        XCTAssertEqual(noToken.status, 400)

        // Wrong keys are rate limited like passwords.
        var codes: [String] = []
        for _ in 0..<16 {
            codes.append(try await http.post("/auth/login", ["provider": "api-key", "token": "wrong-key"]).code ?? "")
        }
        XCTAssertTrue(codes.contains("invalidCredentials"), "\(codes)")
        XCTAssertEqual(codes.last, "rateLimited", "\(codes)")
    }
}
