import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// Confirmation and password reset end to end: `fief-server --require-confirmation
/// --account-webhook`, a webhook on loopback that receives the tokens, and
/// `app.emailPasswordAuth` on the client.
final class AccountFlowTests: XCTestCase {
    private var root: URL!
    private var webhook: WebhookReceiver!
    private var server: ServerProcess!

    override func setUp() async throws {
        root = makeTemporaryDirectory()
        webhook = try await WebhookReceiver()
        server = try ServerProcess(dataDirectory: root.appendingPathComponent("server-data"),
                                   arguments: ["--login-attempts-per-minute", "1000", "--require-confirmation",
                                               "--account-webhook", webhook.url])
    }

    override func tearDown() async throws {
        if let server { _ = try? server.terminate() }
        webhook?.stop()
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    private func makeApp(_ id: String) -> App {
        App(id: id, configuration: AppConfiguration(baseURL: server.baseURL, rootDirectory: root.appendingPathComponent(id)))
    }

    private func assertCode<T>(_ code: SyncAuthError.Code, line: UInt = #line, _ body: () async throws -> T) async {
        do {
            _ = try await body()
            XCTFail("expected \(code), got success", line: line)
        } catch {
            XCTAssertEqual((error as? SyncAuthError)?.code, code, "\(error)", line: line)
        }
    }

    func testAccountsLogInOnlyOnceConfirmedWithTheWebhooksToken() async throws {
        let app = makeApp("confirm")
        let auth = app.emailPasswordAuth
        try await auth.registerUser(email: "ann@example.com", password: "first pass")
        await assertCode(.userNotConfirmed) { try await app.login(credentials: .emailPassword(email: "ann@example.com", password: "first pass")) }

        let first = try await webhook.latest("confirmation", for: "ann@example.com")
        try await auth.resendConfirmationEmail(email: "ann@example.com")
        try await auth.retryCustomConfirmation(email: "nobody@example.com")   // unknown names answer the same
        let second = try await webhook.latest("confirmation", for: "ann@example.com")
        XCTAssertNotEqual(first.tokenId, second.tokenId)
        await assertCode(.invalidAccountToken, { try await auth.confirmUser(first.token, tokenId: first.tokenId) })  // replaced
        await assertCode(.invalidAccountToken, { try await auth.confirmUser("wrong", tokenId: second.tokenId) })     // burns it
        try await auth.resendConfirmationEmail(email: "ann@example.com")
        let third = try await webhook.latest("confirmation", for: "ann@example.com")
        try await auth.confirmUser(third.token, tokenId: third.tokenId)
        await assertCode(.invalidAccountToken, { try await auth.confirmUser(third.token, tokenId: third.tokenId) })   // single use
        await assertCode(.badRequest, { try await auth.confirmUser(third.token, tokenId: "not-hex") })

        let user = try await app.login(credentials: .emailPassword(email: "ann@example.com", password: "first pass"))
        XCTAssertTrue(user.isLoggedIn)
    }

    func testPasswordResetSetsTheNewPasswordAndEndsSessions() async throws {
        let app = makeApp("reset")
        let auth = app.emailPasswordAuth
        try await auth.registerUser(email: "bo", password: "old password")
        let confirmation = try await webhook.latest("confirmation", for: "bo")
        try await auth.confirmUser(confirmation.token, tokenId: confirmation.tokenId)
        let user = try await app.login(credentials: .emailPassword(email: "bo", password: "old password"))

        let sent: (any Error)? = await withCheckedContinuation { continuation in
            auth.sendResetPasswordEmail(email: "bo") { continuation.resume(returning: $0) }
        }
        XCTAssertNil(sent)
        let reset = try await webhook.latest("passwordReset", for: "bo")
        await assertCode(.invalidPassword, { try await auth.resetPassword(to: "abc", token: reset.token, tokenId: reset.tokenId) })
        try await auth.resetPassword(to: "new password", token: reset.token, tokenId: reset.tokenId)
        await assertCode(.invalidAccountToken, { try await auth.resetPassword(to: "other one", token: reset.token, tokenId: reset.tokenId) })

        await assertCode(.invalidCredentials) { try await makeApp("old").login(credentials: .emailPassword(email: "bo", password: "old password")) }
        _ = try await makeApp("new").login(credentials: .emailPassword(email: "bo", password: "new password"))
        // The session of the old password ended.
        await assertCode(.invalidAccessToken) { try await user.refreshCustomData() }

        // A confirmation token does not reset a password.
        try await auth.registerUser(email: "cy", password: "cy password")
        let cy = try await webhook.latest("confirmation", for: "cy")
        await assertCode(.invalidAccountToken, { try await auth.resetPassword(to: "hijacked!", token: cy.token, tokenId: cy.tokenId) })
    }

    func testTheWebhookPlaysTheResetPasswordFunction() async throws {
        let app = makeApp("function")
        let auth = app.emailPasswordAuth
        try await auth.registerUser(email: "eve", password: "old password")
        let confirmation = try await webhook.latest("confirmation", for: "eve")
        try await auth.confirmUser(confirmation.token, tokenId: confirmation.tokenId)

        webhook.body = #"{"status": "fail", "message": "wrong security answer"}"#
        do {
            try await auth.callResetPasswordFunction(email: "eve", password: "new password", args: ["blue"])
            XCTFail("the function refused")
        } catch let error as SyncAuthError {
            XCTAssertEqual(error.code, .badRequest)
            XCTAssertTrue(error.message.contains("wrong security answer"), error.message)
        }
        let call = try XCTUnwrap(webhook.events.last)
        XCTAssertEqual(call["kind"], "resetPasswordFunction")
        XCTAssertEqual(call["args"], #"["blue"]"#)

        webhook.body = #"{"status": "success"}"#
        try await auth.callResetPasswordFunction(email: "eve", password: "new password", args: [])
        _ = try await makeApp("after").login(credentials: .emailPassword(email: "eve", password: "new password"))

        // pending: the token the webhook got finishes the reset later.
        webhook.body = #"{"status": "pending"}"#
        try await auth.callResetPasswordFunction(email: "eve", password: "ignored!", args: [])
        let pending = try await webhook.latest("resetPasswordFunction", for: "eve")
        try await auth.resetPassword(to: "third password", token: pending.token, tokenId: pending.tokenId)
        _ = try await makeApp("third").login(credentials: .emailPassword(email: "eve", password: "third password"))
    }
}
