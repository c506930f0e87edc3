import Fief
import Foundation
import XCTest

/// `Realm.Configuration`'s `==` and `description`, and the top-level callback type names.
final class ConfigurationCompatibilityTests: XCTestCase {
    func testEqualityComparesWhatOpensTheRealm() {
        let url = URL(fileURLWithPath: "/tmp/fief-config-equality.realm")
        let base = Realm.Configuration(fileURL: url, schemaVersion: 3)
        var same = base
        same.migrationBlock = { _, _ in }
        same.objectTypes = [Dog.self]
        same.deleteRealmIfMigrationNeeded = true
        XCTAssertEqual(base, same, "blocks and model classes are not compared")

        var other = base
        other.fileURL = URL(fileURLWithPath: "/tmp/other.realm")
        XCTAssertNotEqual(base, other)
        other = base
        other.schemaVersion = 4
        XCTAssertNotEqual(base, other)
        other = base
        other.readOnly = true
        XCTAssertNotEqual(base, other)
        other = base
        other.encryptionKey = Data(repeating: 1, count: 64)
        XCTAssertNotEqual(base, other)
        var keyed = other
        XCTAssertEqual(keyed, other)
        keyed.encryptionKey = Data(repeating: 2, count: 64)
        XCTAssertNotEqual(keyed, other)
        XCTAssertEqual(Realm.Configuration(inMemoryIdentifier: "a"), Realm.Configuration(inMemoryIdentifier: "a"))
        XCTAssertNotEqual(Realm.Configuration(inMemoryIdentifier: "a"), Realm.Configuration(inMemoryIdentifier: "b"))
    }

    func testEqualConfigurationsOpenTheSameInstance() throws {
        let config = memoryConfiguration([Dog.self, Person.self])
        let realm = try Realm(configuration: config)
        XCTAssertEqual(realm.configuration, config)
    }

    func testDescriptionNamesTheSettingsButNotTheKey() {
        var config = Realm.Configuration(fileURL: URL(fileURLWithPath: "/tmp/described.realm"), schemaVersion: 7,
                                         objectTypes: [Dog.self, Person.self])
        config.encryptionKey = Data(repeating: 0xAB, count: 64)
        let text = config.description
        XCTAssertTrue(text.hasPrefix("Realm.Configuration {\n"), text)
        XCTAssertTrue(text.contains("\tfileURL = file:///tmp/described.realm;\n"), text)
        XCTAssertTrue(text.contains("\tschemaVersion = 7;\n"), text)
        XCTAssertTrue(text.contains("\tobjectTypes = [Dog, Person];\n"), text)
        XCTAssertTrue(text.contains("\tencryptionKey = <64 bytes>;\n"), text)
        XCTAssertTrue(text.contains("\tinMemoryIdentifier = (null);\n"), text)
        XCTAssertFalse(text.lowercased().contains("abab"), "the key's bytes must not appear")
        XCTAssertEqual("\(config)", text)
    }

    func testCallbackTypeNames() throws {
        var notifications: [Realm.Notification] = []
        let block: NotificationBlock = { notification, _ in notifications.append(notification) }
        let realm = try Realm(configuration: memoryConfiguration([Dog.self, Person.self]))
        let token = realm.observe(block)
        try realm.write { realm.create(Dog.self, value: ["name": "Rex"]) }
        XCTAssertEqual(notifications, [.didChange])
        token.invalidate()

        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("aliases.realm")
        try onAnotherThread {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Dog.self, Person.self]))
            try realm.write { realm.create(Dog.self, value: ["name": "Rex", "age": 2]) }
        }
        let seen = LockedBox<[String]>([])
        let enumerate: MigrationObjectEnumerateBlock = { old, new in
            seen.set(seen.get() + [old?["name"] as? String ?? "?"])
            new?["age"] = 3
        }
        let migration: MigrationBlock = { migration, _ in migration.enumerateObjects(ofType: "Dog", enumerate) }
        let migrating = Realm.Configuration(fileURL: url, schemaVersion: 1, migrationBlock: migration, objectTypes: [Dog.self, Person.self])
        try onAnotherThread {
            let realm = try Realm(configuration: migrating)
            XCTAssertEqual(realm.objects(Dog.self).first?.age, 3)
        }
        XCTAssertEqual(seen.get(), ["Rex"])
    }
}

/// `<` on persistable enums orders them as the realm sorts them: by raw value.
final class PersistableEnumOrderingTests: XCTestCase {
    func testCasesOrderByRawValue() throws {
        XCTAssertTrue(Priority.low < Priority.high)
        XCTAssertFalse(Priority.high < Priority.medium)
        XCTAssertFalse(Priority.medium < Priority.medium)
        XCTAssertTrue(Mood.calm < Mood.excited)
        let realm = try Realm(configuration: memoryConfiguration([Task2.self]))
        try realm.write {
            for (id, priority) in [(1, Priority.high), (2, .low), (3, .medium)] {
                realm.create(Task2.self, value: ["id": id, "priority": priority.rawValue])
            }
        }
        let sortedByRealm = realm.objects(Task2.self).sorted(byKeyPath: "priority").map(\.priority)
        XCTAssertEqual(Array(sortedByRealm), realm.objects(Task2.self).map(\.priority).sorted(by: <))
    }
}
