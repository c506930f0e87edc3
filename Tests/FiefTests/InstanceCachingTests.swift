import Fief
import Foundation
import XCTest

/// Realm instances are cached per thread, per actor and per configuration, and held weakly,
/// as in RealmSwift.
final class InstanceCachingTests: XCTestCase {
    func testSameThreadAndConfigurationGiveTheSameInstance() throws {
        let config = memoryConfiguration([Settings.self])
        let a = try Realm(configuration: config)
        let b = try Realm(configuration: config)
        XCTAssertTrue(a === b)
        XCTAssertEqual(a, b)
    }

    func testBeginWriteOnOneCallCreateOnAnother() throws {
        // A file, not an in-memory realm: nothing holds the instance between the statements,
        // except the write transaction itself.
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("cached.realm"),
                                         objectTypes: [Settings.self])
        Realm.Configuration.defaultConfiguration = config
        defer { Realm.Configuration.defaultConfiguration = Realm.Configuration() }
        try Realm().beginWrite()
        try Realm().create(Settings.self, value: ["id": 1])
        try Realm().commitWrite()
        XCTAssertEqual(try Realm().objects(Settings.self).count, 1)
        XCTAssertFalse(try Realm().isInWriteTransaction)
    }

    func testDifferentConfigurationsAreDifferentInstances() throws {
        let config = memoryConfiguration([Settings.self])
        let a = try Realm(configuration: config)
        var other = config
        other.objectTypes = [Settings.self, Dog.self, Person.self]
        let b = try Realm(configuration: other)
        XCTAssertFalse(a === b)
        var migrating = config
        migrating.migrationBlock = { _, _ in }
        XCTAssertTrue(a === (try Realm(configuration: migrating)), "a migration block alone does not make another instance")
        var newer = config
        newer.schemaVersion = 1
        XCTAssertFalse(a === (try Realm(configuration: newer)), "another schema version is another instance")
        let differentStore = try Realm(configuration: memoryConfiguration([Settings.self]))
        XCTAssertFalse(a === differentStore)
    }

    func testInstancesAreHeldWeakly() throws {
        let config = memoryConfiguration([Settings.self])
        weak var first: Realm?
        do {
            let realm = try Realm(configuration: config)
            first = realm
            try realm.write { realm.add(Settings(value: ["id": 1])) }
            let objects = realm.objects(Settings.self)
            XCTAssertEqual(objects.count, 1)
        }
        XCTAssertNil(first, "the cache does not keep a realm alive")
    }

    func testOtherThreadsGetTheirOwnInstance() throws {
        let config = memoryConfiguration([Settings.self])
        let mine = try Realm(configuration: config)
        let done = expectation(description: "other thread")
        let sameOnOther = LockedBox(false)
        let cachedOnOther = LockedBox(false)
        let mineID = ObjectIdentifier(mine)
        let thread = Thread {
            let theirs = try! Realm(configuration: config)
            sameOnOther.set(ObjectIdentifier(theirs) == mineID)
            cachedOnOther.set(theirs === (try! Realm(configuration: config)))
            done.fulfill()
        }
        thread.start()
        wait(for: [done], timeout: 10)
        XCTAssertFalse(sameOnOther.get())
        XCTAssertTrue(cachedOnOther.get())
    }

    func testActorRealmsAreCachedPerActor() async throws {
        let config = memoryConfiguration([Todo.self])
        let one = try await CachingActor(configuration: config)
        let two = try await CachingActor(configuration: config)
        let firstTwice = await one.opensSameInstanceAgain()
        XCTAssertTrue(firstTwice)
        let oneID = await one.realmID
        let twoID = await two.realmID
        XCTAssertNotEqual(oneID, twoID, "each actor has its own instance")
        let viaOpen = await one.openViaRealmOpen()
        XCTAssertTrue(viaOpen, "Realm.open reuses the actor's instance")
    }

    @MainActor
    func testMainActorRealmIsCached() async throws {
        let config = memoryConfiguration([Todo.self])
        let a = try await Realm(configuration: config)
        let b = try await Realm(configuration: config)
        XCTAssertTrue(a === b)
    }

    func testFrozenRealmIsItsOwnInstanceAndThawGivesTheCachedOne() throws {
        let config = memoryConfiguration([Settings.self])
        let live = try Realm(configuration: config)
        try live.write { live.add(Settings(value: ["id": 1])) }
        let frozen = live.freeze()
        XCTAssertFalse(frozen === live)
        XCTAssertTrue(frozen.isFrozen)
        XCTAssertTrue(frozen.thaw() === live)
        XCTAssertTrue(live.thaw() === live)
    }

    func testDynamicRealmsAreNotCached() throws {
        let config = memoryConfiguration([Settings.self])
        let typed = try Realm(configuration: config)
        try typed.write { typed.add(Settings(value: ["id": 1])) }
        let dynamic = try Realm(dynamicConfiguration: config)
        XCTAssertFalse(dynamic === typed)
    }
}

/// An actor that opens its realm and checks the cache from inside.
actor CachingActor {
    var realm: Realm!
    init(configuration: Realm.Configuration) async throws {
        realm = try await Realm(configuration: configuration, actor: self)
    }

    var realmID: ObjectIdentifier { ObjectIdentifier(realm) }

    func opensSameInstanceAgain() async -> Bool {
        let again = try! await Realm(configuration: realm.configuration, actor: self)
        return again === realm
    }

    func openViaRealmOpen() async -> Bool {
        let opened = try! await Realm.open(configuration: realm.configuration)
        return opened === realm
    }
}

/// A value shared with another thread in a test.
final class LockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T
    init(_ value: T) { self.value = value }
    func get() -> T { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ newValue: T) { lock.lock(); value = newValue; lock.unlock() }
}
