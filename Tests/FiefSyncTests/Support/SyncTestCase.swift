@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// A note of the sync tests: one item, with a primary key, a counter and a list.
final class Note: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var text = ""
    @Persisted var count = 0
    @Persisted var tags: List<String>
}

/// A test case with a fresh `fief-server` on loopback and a temporary folder for apps.
class SyncTestCase: XCTestCase {
    var server: ServerProcess!
    var root: URL!
    /// The first server's port (kept when a test stops the server).
    var serverPort = 0
    /// Extra arguments for the server.
    var serverArguments: [String] { [] }

    override func setUpWithError() throws {
        root = makeTemporaryDirectory()
        TestDataHome.use(testRoot: root)
        server = try ServerProcess(dataDirectory: root.appendingPathComponent("server-data"),
                                   arguments: ["--login-attempts-per-minute", "1000", "--admin-token", "admin-secret"] + serverArguments)
        serverPort = server.port
    }

    override func tearDownWithError() throws {
        if let server { _ = try? server.terminate() }
        server = nil
        TestDataHome.restore()
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    /// An app of the test server, as one device: `device` separates the files of devices.
    func makeApp(device: String = "device", baseURL: String? = nil) -> App {
        App(id: "sync-tests", configuration: AppConfiguration(baseURL: baseURL ?? server.baseURL,
                                                              rootDirectory: root.appendingPathComponent(device)))
    }

    /// Registers `name` on `app` and logs in.
    func register(_ name: String, on app: App, password: String = "correct horse battery") async throws -> User {
        try await app.emailPasswordAuth.registerUser(email: name, password: password)
        return try await app.login(credentials: .emailPassword(email: name, password: password))
    }

    /// The configuration of realm `path` (under the user's folder) for `user`, holding notes.
    func notesConfiguration(_ user: User, _ name: String = "notes") -> Realm.Configuration {
        var config = user.configuration(realmURL: URL(string: "realm://127.0.0.1:\(serverPort)/~/\(name)")!)
        config.objectTypes = [Note.self]
        return config
    }

    /// Polls `condition` every 20 ms for at most `seconds`.
    func eventually(_ seconds: Double = 30, _ what: String, file: StaticString = #filePath, line: UInt = #line,
                    _ condition: () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            try await _Concurrency.Task.sleep(for: .milliseconds(20))
        }
        XCTFail("not within \(seconds) s: \(what)", file: file, line: line)
    }
}

/// An actor that holds one realm, as a service would.
actor RealmHolder {
    var realm: Realm!

    init(_ configuration: Realm.Configuration, behavior: Realm.OpenBehavior = .never) async throws {
        realm = try await Realm(configuration: configuration, actor: self, downloadBeforeOpen: behavior)
    }

    func write(_ id: String, text: String, tag: String? = nil) throws {
        try realm.write {
            let note = realm.object(ofType: Note.self, forPrimaryKey: id) ?? realm.create(Note.self, value: ["id": id])
            note.text = text
            note.increment(\.count, by: 1)
            if let tag { note.tags.append(tag) }
        }
    }

    /// Every note, sorted, as text: equal exports mean equal contents.
    func export() -> String {
        realm.refresh()
        return realm.objects(Note.self).sorted(by: { $0.id < $1.id })
            .map { "\($0.id) \($0.text) \($0.count) [\($0.tags.joined(separator: ","))]" }
            .joined(separator: "\n")
    }

    func ids() -> Set<String> {
        realm.refresh()
        return Set(realm.objects(Note.self).map(\.id))
    }

    func count() -> Int {
        realm.refresh()
        return realm.objects(Note.self).count
    }

    func session() -> SyncSession? { realm.syncSession }

    func suspendSync() { realm.syncSession?.suspend() }
    func resumeSync() { realm.syncSession?.resume() }

    func close() { realm = nil }
}

extension SyncTestCase {
    struct TimedOut: Error {}

    /// Runs `body` and gives its outcome, or fails with `TimedOut` when it has not finished after
    /// `seconds` (a test of something that used to wait forever, such as a
    /// subscription set the server refused): the test then fails instead of hanging.
    func within(_ seconds: Double, _ body: @escaping @Sendable () async throws -> Void) async throws {
        final class Outcome: @unchecked Sendable {
            let lock = NSLock()
            var result: Result<Void, Error>?
        }
        let outcome = Outcome()
        let finished = expectation(description: "finished")
        _Concurrency.Task {
            let result: Result<Void, Error>
            do { try await body(); result = .success(()) } catch { result = .failure(error) }
            outcome.lock.withLock { outcome.result = result }
            finished.fulfill()
        }
        _ = await XCTWaiter().fulfillment(of: [finished], timeout: seconds)
        guard let result = outcome.lock.withLock({ outcome.result }) else { throw TimedOut() }
        try result.get()
    }
}
