import FiefSync
import Foundation
import XCTest

/// Seed 002's examples ("Configure and open a synced realm", Device Sync era), with only
/// `import RealmSwift` replaced, against a real `fief-server`. The code inside `Seed002` is the
/// seed's; around it are the definitions the seed assumes (`APPID`, the models, helpers). The
/// seed's functions run in an app's main-actor code, so the namespace is `@MainActor`.
@MainActor
enum Seed002 {
    static let APPID = "seed-002"
    static let YOUR_APP_SERVICES_APP_ID = "seed-002"
    static var app: App { App(id: APPID) }

    final class Task: Object {
        @Persisted(primaryKey: true) var _id = ObjectId.generate()
        @Persisted var name = ""
        @Persisted var owner = ""
    }

    final class Team: Object {
        @Persisted(primaryKey: true) var _id = ObjectId.generate()
        @Persisted var name = ""
    }

    final class QsTask: Object {
        @Persisted(primaryKey: true) var _id = ObjectId.generate()
        @Persisted var name = ""
        @Persisted var owner = ""
    }

    final class Todo: Object {
        // FiefTests has a Todo of its own; class names are unique per process.
        override class func className() -> String { "SyncTodo" }
        @Persisted(primaryKey: true) var _id = ObjectId.generate()
        @Persisted var name = ""
    }

    final class FlexibleSync_Task: Object {
        @Persisted(primaryKey: true) var _id = ObjectId.generate()
        @Persisted var name = ""
    }

    final class FlexibleSync_Team: Object {
        @Persisted(primaryKey: true) var _id = ObjectId.generate()
        @Persisted var name = ""
    }

    static func emailPasswordCredentials(app: App) -> Credentials {
        .emailPassword(email: "seed-user", password: "seed-password-1")
    }

    static func useTheSyncedRealm(realm: Realm) async throws {
        try realm.write { realm.add(Todo(value: ["name": "used"])) }
    }

    // MARK: The seed's code

    // Opening a realm and accessing it must be done from the same thread.
    // Marking this function as `@MainActor` avoids threading-related issues.
    @MainActor
    static func openFlexibleSyncRealm() async throws -> Realm {
        let app = App(id: APPID)
        let credentials = emailPasswordCredentials(app: app)
        let user = try await app.login(credentials: credentials)
        var config = user.flexibleSyncConfiguration()
        // Pass object types to the Flexible Sync configuration
        // as a temporary workaround for not being able to add complete schema
        // for a Flexible Sync app
        config.objectTypes = [Task.self, Team.self]
        let realm = try await Realm(configuration: config, downloadBeforeOpen: .always)
        print("Successfully opened realm: \(realm)")
        return realm
    }

    @MainActor
    static func openInMemory() async throws -> Realm {
        // Instantiate the app and get a user.
        let app = App(id: APPID)
        let user = try await app.login(credentials: Credentials.anonymous)
        // Create a configuration.
        var configuration = user.flexibleSyncConfiguration()
        configuration.objectTypes = [Task.self, Team.self]
        // Specify an in-memory identifier for the configuration.
        configuration.inMemoryIdentifier = "YOUR-IDENTIFIER-STRING"
        // Open a Realm with this configuration.
        let realm = try await Realm(configuration: configuration)
        print("Successfully opened realm: \(realm)")
        // Add subscriptions and work with the realm
        return realm
    }

    // Opening a realm and accessing it must be done from the same thread.
    // Marking this function as `@MainActor` avoids threading-related issues.
    @MainActor
    static func convertSyncedRealmForAnotherUser() async throws {
        let app = App(id: YOUR_APP_SERVICES_APP_ID)
        // Log in the user whose realm you want to use with another sync user
        let frodoBaggins = try await app.login(credentials: Credentials.anonymous)
        var frodoConfig = frodoBaggins.configuration(partitionValue: "Some Partition Value")
        frodoConfig.objectTypes = [QsTask.self]
        // Open the synced realm, and confirm it contains the data we want
        // the other user to be able to access.
        let frodoRealm = try await Realm(configuration: frodoConfig, downloadBeforeOpen: .always)
        let frodoRealmTasks = frodoRealm.objects(QsTask.self)
        let frodoSyncedTasks = frodoRealmTasks.where { $0.owner == "Frodo" }
        XCTAssertEqual(frodoSyncedTasks.count, 3)
        print("Successfully opened frodo's realm and it contains this many tasks: \(frodoSyncedTasks.count)")
        // Log in as the user who will work with frodo's synced realm
        let samwiseGamgee = try await app.login(credentials: Credentials.anonymous)
        var samConfig = samwiseGamgee.configuration(partitionValue: "Some Partition Value")
        samConfig.objectTypes = [QsTask.self]
        // Specify an output directory for the copied realm
        // We're using FileManager here for tested code examples.
        guard let outputDir = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first else { return }
        // Append a file name to complete the path
        let copiedRealmFilePath = outputDir.appendingPathComponent("copied.realm")
        // Update the config file path to the path where you want to save the copied realm
        samConfig.fileURL = copiedRealmFilePath
        // Make a copy of frodo's realm that uses sam's config
        try frodoRealm.writeCopy(configuration: samConfig)
        // Open sam's realm, and see that it contains the same data as frodo's realm
        let samRealm = try await Realm(configuration: samConfig)
        let samRealmTasks = samRealm.objects(QsTask.self)
        var samSyncedTasks = samRealmTasks.where { $0.owner == "Frodo" }
        print("Successfully opened sam's realm and it contains this many tasks: \(samSyncedTasks.count)")
        XCTAssertEqual(frodoSyncedTasks.count, samSyncedTasks.count)
        // Add a task to sam's realm
        let task = QsTask(value: ["name": "Keep an eye on that Gollum", "owner": "Sam"])
        try! samRealm.write {
            samRealm.add(task)
        }
        // See that the new task reflects in sam's realm, but not frodo's
        samSyncedTasks = samRealmTasks.where { $0.owner == "Sam" }
        XCTAssertEqual(samSyncedTasks.count, 1)
        let samTasksInFrodoRealm = frodoRealmTasks.where { $0.owner == "Sam" }
        XCTAssertEqual(samTasksInFrodoRealm.count, 0)
    }

    @MainActor
    static func mainThreadFunction() async throws {
        // Initialize the app client and authenticate a user
        let app = App(id: APPID)
        let user = try await app.login(credentials: Credentials.anonymous)
        // Configure the synced realm
        var flexSyncConfig = user.flexibleSyncConfiguration(initialSubscriptions: { subs in
            subs.append(QuerySubscription<Todo>(name: "all_todos"))})
        flexSyncConfig.objectTypes = [Todo.self]
        // Open and use the synced realm
        let realm = try await Realm(configuration: flexSyncConfig, actor: MainActor.shared, downloadBeforeOpen: .always)
        try await useTheSyncedRealm(realm: realm)
    }

    static func getRealmAfterDownloadingUpdates() async throws -> Realm {
        let app = App(id: APPID)
        let user = try await app.login(credentials: Credentials.anonymous)
        var configuration = user.flexibleSyncConfiguration()
        configuration.objectTypes = [FlexibleSync_Task.self, FlexibleSync_Team.self]
        let realm = try await Realm(configuration: configuration, downloadBeforeOpen: .always)
        print("Successfully opened realm after downloading: \(realm)")
        return realm
    }

    // Log the user into the backend app.
    // The first time you login, the user must have a network connection.
    static func getUser() async throws -> User {
        // Check for an existing user.
        // If the user is offline but credentials are
        // cached, this returns the existing user.
        if let user = app.currentUser {
            return user
        } else {
            // If the device has no cached user
            // credentials, log them in.
            let app = App(id: YOUR_APP_SERVICES_APP_ID)
            let loggedInUser = try await app.login(credentials: Credentials.anonymous)
            return loggedInUser
        }
    }

    static func openOffline() async throws -> Realm {
        let user = try await getUser()
        var configuration = user.configuration(partitionValue: "Some Partition Value")
        // Open a Realm with this configuration.
        // If you do not require the app to download updates
        // before opening the realm, the realm just opens, even if
        // offline.
        let realm = try await Realm(configuration: configuration)
        print("Successfully opened realm: \(realm)")
        _ = configuration
        configuration.objectTypes = nil
        return realm
    }
}

/// Runs seed 002's examples. `App(id:)` alone reaches the server through `FIEF_BASE_URL`; the
/// apps keep their files under `XDG_DATA_HOME`, both pointed at this test's server and folder.
@MainActor
final class SeedDeviceSyncTests: SyncTestCase {
    nonisolated override func setUpWithError() throws {
        try super.setUpWithError()
        setenv("FIEF_BASE_URL", server.baseURL, 1)
    }

    nonisolated override func tearDownWithError() throws {
        unsetenv("FIEF_BASE_URL")
        try super.tearDownWithError()
    }

    func testOpenFlexibleSyncRealmAlways() async throws {
        _ = try await App(id: Seed002.APPID).emailPasswordAuth.registerUser(email: "seed-user", password: "seed-password-1")
        let realm = try await Seed002.openFlexibleSyncRealm()
        let isSynced = await MainActor.run { realm.configuration.syncConfiguration != nil }
        XCTAssertTrue(isSynced)
    }

    func testInMemorySyncedRealmWritesNoFile() async throws {
        let realm = try await Seed002.openInMemory()
        let url = await MainActor.run { realm.configuration.fileURL }
        XCTAssertNil(url)
        try await MainActor.run { try realm.write { realm.add(Seed002.Task(value: ["name": "in memory"])) } }
        try await realm.syncSession!.wait(for: .upload, timeout: .seconds(60))
        // Nothing of it is on disk, and another device sees the write.
        let files = FileManager.default.enumerator(atPath: root.appendingPathComponent("xdg").path)?.compactMap { $0 as? String } ?? []
        XCTAssertFalse(files.contains { $0.hasSuffix(".fief") && !$0.hasSuffix("metadata.fief") }, "\(files)")
        let reader = try await Seed002.getRealmAfterDownloadingUpdatesOf(Seed002.Task.self, under: root)
        let names = await MainActor.run { Array(reader.objects(Seed002.Task.self).map(\.name)) }
        XCTAssertEqual(names, ["in memory"])
    }

    func testWriteCopyForAnotherUser() async throws {
        // Three of Frodo's tasks are in the partition already, written by another device.
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
        try? FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: documents.appendingPathComponent("copied.realm"))
        defer { try? FileManager.default.removeItem(at: documents.appendingPathComponent("copied.realm")) }
        let other = makeApp(device: "seeder")
        let seeder = try await other.login(credentials: .anonymous)
        var config = seeder.configuration(partitionValue: "Some Partition Value")
        config.objectTypes = [Seed002.QsTask.self]
        let holder = try await SeedHolder(config)
        try await holder.addFrodoTasks(3)
        try await Seed002.convertSyncedRealmForAnotherUser()
    }

    func testActorIsolatedOpenWithInitialSubscriptions() async throws {
        try await Seed002.mainThreadFunction()
    }

    func testCachedUserOpensOffline() async throws {
        let first = try await Seed002.getUser()
        XCTAssertEqual(Seed002.app.currentUser?.id, first.id)
        XCTAssertEqual(try server.terminate(), 0)
        server = nil
        // A restart: a new App finds the cached user; the realm opens without a server.
        let again = try await Seed002.getUser()
        XCTAssertEqual(again.id, first.id)
        _ = try await Seed002.openOffline()
    }
}

extension Seed002 {
    /// `getRealmAfterDownloadingUpdates` for another model class, subscribed to all its objects,
    /// as another device whose files go under `root` (the test's folder, removed after it).
    @MainActor
    static func getRealmAfterDownloadingUpdatesOf<T: Object>(_ type: T.Type, under root: URL) async throws -> Realm {
        let app = App(id: APPID, configuration: AppConfiguration(rootDirectory: root.appendingPathComponent("seed-reader-\(UUID().uuidString)")))
        let user = try await app.login(credentials: Credentials.anonymous)
        var configuration = user.flexibleSyncConfiguration(initialSubscriptions: { $0.append(QuerySubscription<T>(name: "all")) })
        configuration.objectTypes = [type]
        return try await Realm(configuration: configuration, downloadBeforeOpen: .always)
    }
}

/// Writes the seed's starting data from its own actor.
actor SeedHolder {
    var realm: Realm!

    init(_ configuration: Realm.Configuration) async throws {
        realm = try await Realm(configuration: configuration, actor: self)
    }

    func addFrodoTasks(_ count: Int) async throws {
        try realm.write {
            for i in 0..<count { realm.add(Seed002.QsTask(value: ["name": "Frodo's task \(i)", "owner": "Frodo"])) }
        }
        try await realm.syncSession!.wait(for: .upload, timeout: .seconds(60))
    }
}
