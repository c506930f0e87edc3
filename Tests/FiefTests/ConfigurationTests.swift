import Fief
import Foundation
import XCTest

final class ConfigurationTests: XCTestCase {
    var directory: URL!
    var savedDefault: Realm.Configuration!
    override func setUp() {
        directory = temporaryDirectory()
        savedDefault = Realm.Configuration.defaultConfiguration
    }
    override func tearDown() {
        Realm.Configuration.defaultConfiguration = savedDefault
        try? FileManager.default.removeItem(at: directory)
    }

    func testFileURLAndInMemoryIdentifierClearEachOther() {
        var c = Realm.Configuration(fileURL: directory.appendingPathComponent("a.realm"))
        XCTAssertNotNil(c.fileURL)
        XCTAssertNil(c.inMemoryIdentifier)
        c.inMemoryIdentifier = "mem"
        XCTAssertNil(c.fileURL)
        XCTAssertEqual(c.inMemoryIdentifier, "mem")
        c.fileURL = directory.appendingPathComponent("b.realm")
        XCTAssertNil(c.inMemoryIdentifier)
        XCTAssertEqual(c.fileURL?.lastPathComponent, "b.realm")
        let m = Realm.Configuration(inMemoryIdentifier: "x")
        XCTAssertNil(m.fileURL)
        XCTAssertEqual(m.inMemoryIdentifier, "x")
    }

    func testDefaults() {
        let c = Realm.Configuration()
        XCTAssertEqual(c.fileURL?.lastPathComponent, "default.realm")
        XCTAssertFalse(c.readOnly)
        XCTAssertEqual(c.schemaVersion, 0)
        XCTAssertNil(c.migrationBlock)
        XCTAssertFalse(c.deleteRealmIfMigrationNeeded)
        XCTAssertNil(c.objectTypes)
        XCTAssertNil(c.seedFilePath)
    }

    func testDefaultConfigurationIsSettableAndUsedByRealmInit() throws {
        let id = "default-\(UUID().uuidString)"
        Realm.Configuration.defaultConfiguration = Realm.Configuration(inMemoryIdentifier: id, objectTypes: [Settings.self])
        XCTAssertEqual(Realm.Configuration.defaultConfiguration.inMemoryIdentifier, id)
        let realm = try Realm()
        XCTAssertEqual(realm.configuration.inMemoryIdentifier, id)
        try realm.write { realm.add(Settings(value: ["id": 1])) }
        let other = try Realm()
        XCTAssertEqual(other.objects(Settings.self).count, 1)
    }

    func testRealmFileURLInitUsesDefaultsOtherwise() throws {
        Realm.Configuration.defaultConfiguration = Realm.Configuration(objectTypes: [Settings.self])
        let url = directory.appendingPathComponent("by-url.realm")
        let realm = try Realm(fileURL: url)
        XCTAssertEqual(realm.configuration.fileURL?.standardizedFileURL, url.standardizedFileURL)
        try realm.write { realm.add(Settings(value: ["id": 3])) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
        XCTAssertTrue(Realm.fileExists(for: realm.configuration))
    }

    func testInMemoryRealmIsSharedAndDiscarded() throws {
        let c = memoryConfiguration([Settings.self])
        XCTAssertFalse(Realm.fileExists(for: c))
        do {
            let a = try Realm(configuration: c)
            try a.write { a.add(Settings(value: ["id": 1])) }
            let b = try Realm(configuration: c)
            XCTAssertEqual(b.objects(Settings.self).count, 1)
        }
        let fresh = try Realm(configuration: c)
        XCTAssertEqual(fresh.objects(Settings.self).count, 0, "an in-memory realm is discarded when its last instance closes")
    }

    func testReadOnly() throws {
        let url = directory.appendingPathComponent("ro.realm")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Settings.self]))
            try realm.write { realm.add(Settings(value: ["id": 1, "linesShown": 4])) }
        }
        let ro = try Realm(configuration: Realm.Configuration(fileURL: url, readOnly: true, objectTypes: [Settings.self]))
        XCTAssertEqual(ro.object(ofType: Settings.self, forPrimaryKey: 1)?.linesShown, 4)
        assertRealmError(try ro.write { }) { if case .readOnly = $0 { true } else { false } }
        XCTAssertFalse(ro.isInWriteTransaction)
    }

    func testReadOnlyMissingFileFails() {
        let url = directory.appendingPathComponent("missing.realm")
        XCTAssertThrowsError(try Realm(configuration: Realm.Configuration(fileURL: url, readOnly: true, objectTypes: [Settings.self])))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "a read-only open does not create the file")
    }

    func testReadOnlyWithSchemaChangesFails() throws {
        let url = directory.appendingPathComponent("ro2.realm")
        do { _ = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Settings.self])) }
        XCTAssertThrowsError(try Realm(configuration: Realm.Configuration(fileURL: url, readOnly: true, objectTypes: [Settings.self, Todo.self])))
    }

    func testObjectTypesRestrictTheSchema() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        XCTAssertNotNil(realm.schema["Settings"])
        XCTAssertNil(realm.schema["Todo"])
        XCTAssertEqual(realm.schema.objectSchema.map(\.className), ["Settings"])
        assertRealmError(try realm.write { realm.add(Todo()) }) { $0 == .unknownClass("Todo") }
        XCTAssertEqual(realm.objects(Todo.self).count, 0)
    }

    func testSchemaVersionIsReported() throws {
        let url = directory.appendingPathComponent("v.realm")
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, schemaVersion: 4, objectTypes: [Settings.self]))
        XCTAssertEqual(realm.schemaVersion, 4)
        XCTAssertEqual(realm.configuration.schemaVersion, 4)
    }

    func testSeedFilePath() throws {
        let seed = directory.appendingPathComponent("seed.realm")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: seed, objectTypes: [Settings.self]))
            try realm.write { realm.add(Settings(value: ["id": 42])) }
        }
        let target = directory.appendingPathComponent("target.realm")
        let c = Realm.Configuration(fileURL: target, objectTypes: [Settings.self], seedFilePath: seed)
        let realm = try Realm(configuration: c)
        XCTAssertNotNil(realm.object(ofType: Settings.self, forPrimaryKey: 42))
        try realm.write { realm.add(Settings(value: ["id": 43])) }
        let seedRealm = try Realm(configuration: Realm.Configuration(fileURL: seed, objectTypes: [Settings.self]))
        XCTAssertEqual(seedRealm.objects(Settings.self).count, 1, "the seed file is copied, not modified")
    }

    /// RealmSwift's full initializer, in its order, with a seed file copied on first open.
    func testRealmSwiftsFullInitializer() throws {
        let seed = directory.appendingPathComponent("full-seed.realm")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: seed, objectTypes: [Settings.self]))
            try realm.write { realm.add(Settings(value: ["id": 7])) }
        }
        let target = directory.appendingPathComponent("full-target.realm")
        let key = Data(repeating: 3, count: 64)
        let keyed = Realm.Configuration(fileURL: target, inMemoryIdentifier: nil, encryptionKey: key, readOnly: false,
                                        schemaVersion: 0, migrationBlock: nil, deleteRealmIfMigrationNeeded: false,
                                        shouldCompactOnLaunch: { _, _ in false }, objectTypes: [Settings.self], seedFilePath: seed)
        XCTAssertEqual(keyed.encryptionKey, key)
        XCTAssertNotNil(keyed.shouldCompactOnLaunch)
        XCTAssertEqual(keyed.seedFilePath, seed)
        let c = Realm.Configuration(fileURL: target, shouldCompactOnLaunch: { _, _ in false }, objectTypes: [Settings.self], seedFilePath: seed)
        let realm = try Realm(configuration: c)
        XCTAssertNotNil(realm.object(ofType: Settings.self, forPrimaryKey: 7), "the seed file was copied on first open")
        let inMemory = Realm.Configuration(inMemoryIdentifier: "full", encryptionKey: nil)
        XCTAssertNil(inMemory.fileURL)
    }

    func testMaximumNumberOfActiveVersions() throws {
        var c = memoryConfiguration([Settings.self])
        c.maximumNumberOfActiveVersions = 2
        let realm = try Realm(configuration: c)
        var frozen: [Realm] = []
        var failure: Error?
        for i in 0..<6 {
            do {
                try realm.write { realm.add(Settings(value: ["id": i])) }
            } catch {
                failure = error
                break
            }
            frozen.append(realm.freeze())
            _ = frozen.last!.objects(Settings.self).count
        }
        XCTAssertNotNil(failure, "pinning more versions than allowed makes a write fail")
        if let failure { XCTAssertTrue(failure is RealmError, "\(failure)") }
        XCTAssertFalse(realm.isInWriteTransaction)
    }

    func testAutomaticSchemaAddsClassesAsUsed() throws {
        final class AutoOnly: Object {
            @Persisted var v = 0
        }
        let realm = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "auto-\(UUID().uuidString)"))
        XCTAssertEqual(realm.objects(AutoOnly.self).count, 0)
        try realm.write { realm.add(AutoOnly(value: ["v": 1])) }
        XCTAssertEqual(realm.objects(AutoOnly.self).count, 1)
        XCTAssertNotNil(realm.schema["AutoOnly"])
    }

    func testResultsCreatedBeforeClassIsAddedAreLive() throws {
        final class AutoLive: Object {
            @Persisted var v = 0
        }
        let realm = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "auto-live-\(UUID().uuidString)"))
        let results = realm.objects(AutoLive.self)
        XCTAssertEqual(results.count, 0)
        try realm.write { realm.add(AutoLive(value: ["v": 1])) }
        XCTAssertEqual(realm.objects(AutoLive.self).count, 1)
        XCTAssertEqual(results.count, 1, "results made before the class existed in the file are live too")
    }
}
