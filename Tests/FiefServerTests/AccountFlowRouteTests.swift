import Foundation
import ServerProcessSupport
import XCTest

/// The account routes over HTTP (on the embedded store, and on PostgreSQL in CI's second
/// pass): registration awaiting confirmation, tokens through a loopback webhook, single use,
/// password reset ending sessions, a failing webhook, bad configurations, and `DELETE /users`.
final class AccountFlowRouteTests: XCTestCase {
    func testConfirmationAndPasswordResetWithTheWebhooksTokens() async throws {
        let webhook = try await WebhookReceiver()
        defer { webhook.stop() }
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"),
                                       arguments: ["--require-confirmation", "--account-webhook", webhook.url])
        defer { _ = try? server.terminate() }
        let http = HTTPClient(baseURL: server.baseURL)

        let registered = try await http.post("/auth/register", ["username": "dora", "password": "first pass"])
        XCTAssertEqual(registered.status, 200)
        XCTAssertEqual(registered.string("status"), "awaitingConfirmation")
        XCTAssertNil(registered.json["accessToken"])
        let refused = try await http.post("/auth/login", ["provider": "password", "username": "dora", "password": "first pass"])
        XCTAssertEqual(refused.status, 401)
        XCTAssertEqual(refused.code, "userNotConfirmed")

        let unknown = try await http.post("/auth/confirm/resend", ["username": "nobody"])
        XCTAssertEqual(unknown.status, 200, "unknown names answer as known ones do")
        let token = try await webhook.latest("confirmation", for: "dora")
        XCTAssertEqual(webhook.events.count, 1)
        XCTAssertEqual(webhook.events.first?["userId"], registered.string("userId"))

        let badId = try await http.post("/auth/confirm", ["token": token.token, "tokenId": "xyz"])
        XCTAssertEqual(badId.status, 400)
        XCTAssertEqual(badId.code, "invalidRequest")
        XCTAssertTrue((badId.string("message") ?? "").contains("tokenId"), badId.string("message") ?? "")
        let confirmed = try await http.post("/auth/confirm", ["token": token.token, "tokenId": token.tokenId])
        XCTAssertEqual(confirmed.status, 200, String(decoding: confirmed.body, as: UTF8.self))
        let again = try await http.post("/auth/confirm", ["token": token.token, "tokenId": token.tokenId])
        XCTAssertEqual(again.code, "invalidAccountToken", "a token works once")
        let session = try Login(try await http.post("/auth/login", ["provider": "password", "username": "dora", "password": "first pass"]))

        // A webhook that fails is the server's problem, said as such.
        webhook.status = .internalServerError
        let undelivered = try await http.post("/auth/password/reset/send", ["username": "dora"])
        XCTAssertEqual(undelivered.status, 502)
        XCTAssertEqual(undelivered.code, "deliveryFailed")
        webhook.status = .ok

        let sent = try await http.post("/auth/password/reset/send", ["username": "dora"])
        XCTAssertEqual(sent.status, 200)
        let reset = try await webhook.latest("passwordReset", for: "dora")
        let short = try await http.post("/auth/password/reset", ["token": reset.token, "tokenId": reset.tokenId, "password": "abc"])
        XCTAssertEqual(short.code, "invalidPassword")
        let done = try await http.post("/auth/password/reset", ["token": reset.token, "tokenId": reset.tokenId, "password": "second pass"])
        XCTAssertEqual(done.status, 200, String(decoding: done.body, as: UTF8.self))
        let oldSession = try await http.post("/auth/refresh", ["refreshToken": session.refreshToken])
        XCTAssertEqual(oldSession.status, 401, "a new password ends the other sessions")
        let oldPassword = try await http.post("/auth/login", ["provider": "password", "username": "dora", "password": "first pass"])
        XCTAssertEqual(oldPassword.code, "invalidCredentials")
        let newPassword = try await http.post("/auth/login", ["provider": "password", "username": "dora", "password": "second pass"])
        XCTAssertEqual(newPassword.status, 200)

        // The reset password function: the webhook must answer a status.
        let unanswered = try await http.post("/auth/password/reset/call", ["username": "dora", "password": "third pass", "args": [1, "two"]])
        XCTAssertEqual(unanswered.status, 502)
        XCTAssertEqual(unanswered.code, "deliveryFailed")
        let unknownCall = try await http.post("/auth/password/reset/call", ["username": "nobody", "password": "third pass"])
        XCTAssertEqual(unknownCall.string("status"), "pending", "unknown names answer as pending ones do")
        webhook.body = #"{"status": "success"}"#
        let called = try await http.post("/auth/password/reset/call", ["username": "dora", "password": "third pass", "args": [1, "two"]])
        XCTAssertEqual(called.string("status"), "success", String(decoding: called.body, as: UTF8.self))
        XCTAssertEqual(webhook.events.last?["args"], #"[1,"two"]"#)
        let third = try await http.post("/auth/login", ["provider": "password", "username": "dora", "password": "third pass"])
        XCTAssertEqual(third.status, 200)
    }

    func testConfigurationsThatCannotWorkStopTheServer() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        XCTAssertThrowsError(try ServerProcess(dataDirectory: directory.appendingPathComponent("a"), arguments: ["--require-confirmation"]))
        XCTAssertThrowsError(try ServerProcess(dataDirectory: directory.appendingPathComponent("b"),
                                               arguments: ["--account-webhook", "http://mail.example.com/hook"]))
    }

    func testUsersDeleteThemselvesAndAdministratorsDeleteAnyone() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace(arguments: ["--admin-token", "the-admin-token"])
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { _ = try? server.terminate() }
        let key = try await http.post("/auth/api-keys", ["name": "job"], token: frank.accessToken)
        XCTAssertEqual(key.status, 200)

        let byOther = try await http.delete("/users/\(frank.userId)", token: grace.accessToken)
        XCTAssertEqual(byOther.status, 403)
        let own = try await http.delete("/users/\(frank.userId)", token: frank.accessToken)
        XCTAssertEqual(own.status, 200, String(decoding: own.body, as: UTF8.self))
        let login = try await http.post("/auth/login", ["provider": "password", "username": "frank", "password": "correct horse"])
        XCTAssertEqual(login.code, "invalidCredentials")
        let keyLogin = try await http.post("/auth/login", ["provider": "api-key", "token": key.string("key") ?? ""])
        XCTAssertEqual(keyLogin.code, "invalidCredentials")
        let refresh = try await http.post("/auth/refresh", ["refreshToken": frank.refreshToken])
        XCTAssertEqual(refresh.status, 401)
        let twice = try await http.delete("/users/\(frank.userId)", token: frank.accessToken)
        XCTAssertEqual(twice.status, 404)

        let admin = try await http.loginAdmin(token: "the-admin-token")
        let byAdmin = try await http.delete("/users/\(grace.userId)", token: admin.accessToken)
        XCTAssertEqual(byAdmin.status, 200)
        let reused = try await http.register("frank")
        XCTAssertNotEqual(reused.userId, frank.userId, "the name is free again")
    }
}
