import FiefSync
import Foundation
import ServerProcessSupport
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test case with a fresh `fief-server` (no login rate limit to speak of) and a temporary
/// root directory for apps.
class AuthTestCase: XCTestCase {
    var server: ServerProcess!
    var root: URL!
    /// The server's address, kept when a test stops the server.
    var serverBaseURL = ""

    override func setUpWithError() throws {
        root = makeTemporaryDirectory()
        TestDataHome.use(testRoot: root)
        server = try ServerProcess(dataDirectory: root.appendingPathComponent("server-data"),
                                   arguments: ["--login-attempts-per-minute", "1000", "--admin-token", "admin-secret"])
        serverBaseURL = server.baseURL
    }

    override func tearDownWithError() throws {
        if let server { try server.terminate() }
        server = nil
        TestDataHome.restore()
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    /// An app of the test server keeping its files under the test's root directory.
    func makeApp(id: String = "tests", key: Data? = nil) -> App {
        App(id: id, configuration: AppConfiguration(baseURL: serverBaseURL, rootDirectory: root.appendingPathComponent("client"),
                                                    metadataEncryptionKey: key))
    }

    /// A user name unique to this run.
    func uniqueName(_ prefix: String = "user") -> String {
        "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// POSTs JSON to the test server and returns the status and JSON body.
    func rawPost(_ path: String, _ body: [String: String]) async throws -> (status: Int, json: [String: Any]) {
        var request = URLRequest(url: URL(string: serverBaseURL + path)!, timeoutInterval: 30)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await URLSession.shared.data(for: request)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, json)
    }

    /// Asserts that `body` throws a ``SyncAuthError`` of `code` and returns it.
    @discardableResult
    func assertAuthError<T>(_ code: SyncAuthError.Code, file: StaticString = #filePath, line: UInt = #line,
                            _ body: () async throws -> T) async -> SyncAuthError? {
        do {
            _ = try await body()
            XCTFail("expected SyncAuthError.\(code), got success", file: file, line: line)
        } catch let error as SyncAuthError {
            XCTAssertEqual(error.code, code, "\(error)", file: file, line: line)
            return error
        } catch {
            XCTFail("expected SyncAuthError.\(code), got \(type(of: error)): \(error)", file: file, line: line)
        }
        return nil
    }
}

/// A value several threads set and read in tests.
final class TestBox<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    var current: Value {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); defer { lock.unlock() }; value = newValue }
    }
}
