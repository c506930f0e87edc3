import FiefSync
import Foundation
import XCTest

/// Seed 000's Swift examples (Realm Object Server era), with only the import changed, against
/// a real `fief-server`. Callbacks arrive on FiefSync's default queue (no main run loop runs
/// in these tests, as in a Linux service).
final class SeedObjectServerTests: SyncTestCase {
    final class Dog: Object {
        // FiefTests has a Dog of its own; class names are unique per process.
        override class func className() -> String { "SyncDog" }
        @Persisted(primaryKey: true) var name = ""
        @Persisted var age = 0
    }

    override func tearDownWithError() throws {
        Realm.Configuration.defaultConfiguration = Realm.Configuration()
        try super.tearDownWithError()
    }

    /// Logs in an admin (who may open `/default`) with the seed's callback API.
    private func logIn(_ credentials: SyncCredentials) async throws -> SyncUser {
        let serverURL = URL(string: server.baseURL)!
        return try await withCheckedThrowingContinuation { continuation in
            SyncUser.logIn(with: credentials, server: serverURL) { user, error in
                if let user { continuation.resume(returning: user) } else { continuation.resume(throwing: error!) }
            }
        }
    }

    func testDefaultSyncedRealmWithAsyncOpen() async throws {
        let credentials = SyncCredentials.usernamePassword(username: "frank", password: "correct horse battery", register: true)
        let serverURL = URL(string: server.baseURL)!
        let opened = expectation(description: "asyncOpen delivered the realm")
        // The seed's code:
        SyncUser.logIn(with: credentials, server: serverURL) { user, error in
            if let user = user {
                Realm.Configuration.defaultConfiguration = user.configuration()
                Realm.asyncOpen() { realm in
                    // ...
                    XCTAssertNotNil(realm)
                    opened.fulfill()
                }
            }
        }
        await fulfillment(of: [opened], timeout: 60)
        XCTAssertEqual(Realm.Configuration.defaultConfiguration.syncConfiguration?.realmURL.path, "/default")
    }

    func testManuallyConfiguredRealmOpensSynchronouslyAndAsynchronously() async throws {
        let user = try await logIn(.usernamePassword(username: "grace", password: "correct horse battery", register: true))
        // The seed's code, with the server's own address:
        // Create the configuration
        let syncServerURL = URL(string: "realm://127.0.0.1:\(server.port)/~/userRealm")!
        var config = user.configuration(realmURL: syncServerURL);
        config.objectTypes = [Dog.self]
        let sameConfig = config
        // Open the remote Realm
        let written = expectation(description: "written on the callback queue")
        DispatchQueue.fiefCallbacks.async {
            let realm = try! Realm(configuration: sameConfig)
            // Any changes made to this Realm will be synced across all devices!
            try! realm.write { realm.add(Dog(value: ["name": "Rex", "age": 3])) }
            written.fulfill()
        }
        await fulfillment(of: [written], timeout: 30)
        try await user.session(for: syncServerURL)!.wait(for: .upload, timeout: .seconds(60))

        // Another device of the user opens the same URL with asyncOpen: the data is there.
        let otherApp = makeApp(device: "second")
        let second = try await otherApp.login(credentials: .emailPassword(email: "grace", password: "correct horse battery"))
        var secondConfig = second.configuration(realmURL: syncServerURL, fullSynchronization: true)
        secondConfig.objectTypes = [Dog.self]
        let realmURL = syncServerURL
        _ = realmURL
        let opened = expectation(description: "asyncOpen")
        let names = NamesBox()
        Realm.asyncOpen(configuration: secondConfig) { realm, error in
            if let realm = realm {
                // Realm successfully opened, with all remote data available
                names.set(realm.objects(Dog.self).map(\.name))
            } else if let error = error {
                // Handle error that occurred while opening or downloading the contents of the Realm
                XCTFail("\(error)")
            }
            opened.fulfill()
        }
        await fulfillment(of: [opened], timeout: 60)
        XCTAssertEqual(names.get(), ["Rex"])
    }

    func testTildeAndUserIdNameTheSameRealmAndOtherUsersPathsAreRefused() async throws {
        let user = try await logIn(.usernamePassword(username: "hal", password: "correct horse battery", register: true))
        var viaTilde = user.configuration(realmURL: URL(string: "realm://127.0.0.1:\(server.port)/~/myRealm")!)
        viaTilde.objectTypes = [Dog.self]
        let a = try await DogHolder(viaTilde)
        try await a.add("Fido")
        var viaId = user.configuration(realmURL: URL(string: "realm://127.0.0.1:\(server.port)/\(user.id)/myRealm")!)
        viaId.objectTypes = [Dog.self]
        viaId.fileURL = viaId.fileURL!.deletingLastPathComponent().appendingPathComponent("by-id.fief")
        let b = try await DogHolder(viaId, behavior: .always)
        let names = await b.names()
        XCTAssertEqual(names, ["Fido"])

        // Another user's folder is refused with a typed error.
        let other = try await logIn(.usernamePassword(username: "ivy", password: "correct horse battery", register: true))
        var foreign = other.configuration(realmURL: URL(string: "realm://127.0.0.1:\(server.port)/\(user.id)/myRealm")!)
        foreign.objectTypes = [Dog.self]
        do {
            _ = try await DogHolder(foreign, behavior: .always)
            XCTFail("opened another user's realm")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .permissionDenied, "\(error)")
        }
        // A malformed URL is a typed error too.
        var bad = other.configuration(realmURL: URL(string: "http://127.0.0.1:\(server.port)/~/x")!)
        bad.objectTypes = [Dog.self]
        bad.fileURL = root.appendingPathComponent("bad.fief")
        XCTAssertThrowsError(try openOnThisThread(bad)) { error in
            XCTAssertEqual((error as? SyncError)?.code, .badRealmURL, "\(error)")
        }
    }
}

/// A realm opened with the synchronous initializer (async code prefers the async one).
func openOnThisThread(_ configuration: Realm.Configuration) throws -> Realm {
    try Realm(configuration: configuration)
}

/// Names read on a callback queue, for the test to check.
final class NamesBox: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func set(_ value: [String]) { lock.lock(); names = value; lock.unlock() }
    func get() -> [String] { lock.lock(); defer { lock.unlock() }; return names }
}

actor DogHolder {
    var realm: Realm!

    init(_ configuration: Realm.Configuration, behavior: Realm.OpenBehavior = .never) async throws {
        realm = try await Realm(configuration: configuration, actor: self, downloadBeforeOpen: behavior)
    }

    func add(_ name: String) async throws {
        try realm.write { realm.add(SeedObjectServerTests.Dog(value: ["name": name])) }
        try await realm.syncSession!.wait(for: .upload, timeout: .seconds(60))
    }

    func names() -> [String] {
        realm.refresh()
        return realm.objects(SeedObjectServerTests.Dog.self).map(\.name).sorted()
    }
}
