import Fief
import Foundation
import XCTest

/// Members whose signatures follow RealmSwift 10.54: these calls compile as RealmSwift code
/// does (no `try` on `beginWrite`, results of `write`, default arguments).
final class RealmSignatureTests: XCTestCase {
    func testManualTransactionWithoutTry() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        realm.beginWrite()
        realm.add(Settings(value: ["id": 1]))
        try realm.commitWrite()
        realm.beginWrite()
        realm.add(Settings(value: ["id": 2]))
        realm.cancelWrite()
        XCTAssertEqual(realm.objects(Settings.self).map(\.id), [1])
    }

    func testWriteReturnsTheBlockResultWithAndWithoutTokens() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        let id = try realm.write { realm.create(Settings.self, value: ["id": 7]).id }
        XCTAssertEqual(id, 7)
        let token = realm.observe { _, _ in }
        defer { token.invalidate() }
        let count = try realm.write(withoutNotifying: [token]) { () -> Int in
            realm.create(Settings.self, value: ["id": 8])
            return realm.objects(Settings.self).count
        }
        XCTAssertEqual(count, 2)
        try realm.write { realm.create(Settings.self, value: ["id": 9]) }   // @discardableResult
    }

    func testCommitWriteThrowsTheTransactionsFailure() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        try realm.write { realm.add(Settings(value: ["id": 1])) }
        realm.beginWrite()
        realm.add(Settings(value: ["id": 1]))
        assertRealmError(try realm.commitWrite()) { if case .duplicatePrimaryKey = $0 { true } else { false } }
        XCTAssertFalse(realm.isInWriteTransaction)
    }

    func testWriteStillThrowsForFrozenAndReadOnlyRealms() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        let frozen = realm.freeze()
        assertRealmError(try frozen.write {}) { if case .readOnly = $0 { true } else { false } }
        assertRealmError(try realm.write { try realm.write {} }) { $0 == .alreadyInWriteTransaction }
    }

    func testRealmIsEquatableByInstance() throws {
        let config = memoryConfiguration([Settings.self])
        let a = try Realm(configuration: config)
        XCTAssertEqual(a, try Realm(configuration: config))
        XCTAssertNotEqual(a, a.freeze())
    }

    func testThawOfRealmAndObjects() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        let settings = try realm.write { realm.create(Settings.self, value: ["id": 1, "linesShown": 3]) }
        let frozen = settings.freeze()
        XCTAssertTrue(frozen.isFrozen)
        let live: Realm = frozen.realm!.thaw()
        XCTAssertFalse(live.isFrozen)
        XCTAssertEqual(live.thaw(frozen)?.linesShown, 3)
        XCTAssertTrue(settings.thaw() === settings, "a live object thaws to itself")
        XCTAssertTrue(realm.freeze(settings).isFrozen)
        try realm.write { realm.delete(settings) }
        XCTAssertNil(frozen.thaw())
    }

    func testInvalidateInvalidatesObjectsAndCollections() throws {
        let realm = try Realm(configuration: memoryConfiguration([Person.self, Dog.self]))
        let person = try realm.write { realm.create(Person.self, value: ["name": "Ann", "dogs": [["name": "Rex"]]]) }
        let dogs = person.dogs
        let results = realm.objects(Dog.self)
        XCTAssertEqual(results.count, 1)
        XCTAssertFalse(person.isInvalidated)
        realm.invalidate()
        XCTAssertTrue(person.isInvalidated)
        XCTAssertTrue(dogs.isInvalidated)
        XCTAssertEqual(results.count, 1, "results are evaluated again")
        XCTAssertFalse(realm.objects(Person.self).first!.isInvalidated, "objects read afterwards are valid")
        try realm.write { realm.add(Dog(value: ["name": "Max"])) }
        XCTAssertEqual(realm.objects(Dog.self).count, 2)
        XCTAssertTrue(person.isInvalidated)
    }

    func testRefreshReturnsWhetherThereWasAnythingNew() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        XCTAssertFalse(realm.refresh())
    }
}
