import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// A server that answers nonsense gives typed errors, never a crash.
final class GarbageServerTests: XCTestCase {
    private func loginError(answer: Data, file: StaticString = #filePath, line: UInt = #line) async throws -> SyncAuthError {
        let garbage = try GarbageServer(answer: answer)
        defer { garbage.stop() }
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = App(id: "garbage", configuration: AppConfiguration(baseURL: garbage.baseURL, rootDirectory: root,
                                                                     defaultRequestTimeoutMS: 10_000))
        do {
            let user = try await app.login(credentials: .anonymous)
            XCTFail("logged in as \(user.id) from garbage", file: file, line: line)
            return SyncAuthError(.badRequest, "unexpected success")
        } catch {
            XCTAssertNil(app.currentUser, file: file, line: line)
            return try XCTUnwrap(error as? SyncAuthError, "\(type(of: error)): \(error)", file: file, line: line)
        }
    }

    func testBytesThatAreNotHTTP() async throws {
        let error = try await loginError(answer: Data("SSH-2.0-OpenSSH_9.6\r\nnot http at all\r\n\r\n".utf8))
        XCTAssertEqual(error.code, .badResponse, "\(error)")
    }

    func testHTMLInsteadOfJSON() async throws {
        let error = try await loginError(answer: GarbageServer.http(status: 200, contentType: "text/html",
                                                                    body: "<html><body>Welcome to nginx!</body></html>"))
        XCTAssertEqual(error.code, .badResponse)
        XCTAssertTrue(error.message.contains("not JSON"), error.message)
        XCTAssertTrue(error.message.contains("nginx"), "the message shows what came back: \(error.message)")
    }

    func testJSONWithoutTheExpectedFields() async throws {
        let error = try await loginError(answer: GarbageServer.http(status: 200, contentType: "application/json",
                                                                    body: #"{"userId":"u1","accessToken":"a"}"#))
        XCTAssertEqual(error.code, .badResponse)
        XCTAssertTrue(error.message.contains("refreshToken"), error.message)
    }

    func testJSONWithFieldsOfTheWrongType() async throws {
        let error = try await loginError(answer: GarbageServer.http(status: 200, contentType: "application/json",
                                                                    body: #"{"userId":7,"accessToken":"a","refreshToken":"r","isAdmin":false}"#))
        XCTAssertEqual(error.code, .badResponse)
        XCTAssertTrue(error.message.contains("userId"), error.message)
    }

    func testEmptyBody() async throws {
        let error = try await loginError(answer: GarbageServer.http(status: 200, contentType: "application/json", body: ""))
        XCTAssertEqual(error.code, .badResponse)
    }

    func testErrorStatusWithHTML() async throws {
        let error = try await loginError(answer: GarbageServer.http(status: 418, contentType: "text/html", body: "<h1>teapot</h1>"))
        XCTAssertEqual(error.code, .badResponse)
        XCTAssertEqual(error.httpStatus, 418)
        let proxy = try await loginError(answer: GarbageServer.http(status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>"))
        XCTAssertEqual(proxy.code, .serverError, "a failing proxy may recover: retryable")
        XCTAssertTrue(proxy.isRetryable)
    }

    func testConnectionClosedWithoutAnAnswer() async throws {
        let error = try await loginError(answer: Data())
        XCTAssertTrue([.networkFailure, .badResponse].contains(error.code), "\(error)")
    }
}
