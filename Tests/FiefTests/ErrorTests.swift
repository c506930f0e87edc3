@testable import Fief
import Foundation
import XCTest

final class ErrorTests: XCTestCase {
    var realm: Realm!
    override func setUpWithError() throws { realm = try makePetRealm() }
    override func tearDown() { realm = nil }

    func queryError(_ query: String, _ args: [Any] = []) -> RealmError? {
        do {
            _ = try realm.objects(QPet.self).filtering(query, args)
            return nil
        } catch let error as RealmError {
            return error
        } catch {
            XCTFail("not a RealmError: \(error)")
            return nil
        }
    }

    func testMalformedQueryReportsPositionAndExpectation() {
        guard case .invalidQuery(let m)? = queryError("age >") else { return XCTFail("expected invalidQuery") }
        XCTAssertTrue(m.contains("line 1"), m)
        XCTAssertTrue(m.contains("column 6"), m)
        XCTAssertTrue(m.lowercased().contains("expected"), m)

        guard case .invalidQuery(let m2)? = queryError("age > 3 AND") else { return XCTFail("expected invalidQuery") }
        XCTAssertTrue(m2.contains("column 12"), m2)

        guard case .invalidQuery(let m3)? = queryError("name == 'abc") else { return XCTFail("expected invalidQuery") }
        XCTAssertTrue(m3.contains("column 9"), m3)

        guard case .invalidQuery? = queryError("age >> 3") else { return XCTFail("expected invalidQuery") }
        guard case .invalidQuery? = queryError("age > 3 garbage") else { return XCTFail("expected invalidQuery") }
        guard case .invalidQuery? = queryError("") else { return XCTFail("expected invalidQuery for an empty query") }
        guard case .invalidQuery? = queryError("age > 3 LIMIT(-1)") else { return XCTFail("expected invalidQuery") }
    }

    func testUnknownPropertyInQuery() {
        XCTAssertEqual(queryError("nope == 1"), .unknownProperty(className: "QPet", property: "nope"))
        XCTAssertEqual(queryError("owners.nope == 1"), .unknownProperty(className: "QOwner", property: "nope"))
        XCTAssertEqual(queryError("age > 1 AND ANY tags.@count > 1 OR bogus == 2"), .unknownProperty(className: "QPet", property: "bogus"))
        XCTAssertEqual(queryError("TRUEPREDICATE SORT(bogus ASC)"), .unknownProperty(className: "QPet", property: "bogus"))
    }

    func testUnknownPropertyInSortAndAggregates() {
        XCTAssertThrowsError(try realm.objects(QPet.self).filtering("age > 0 DISTINCT(bogus)", []))
    }

    func testArgumentErrors() {
        guard case .invalidQuery(let m)? = queryError("age > $1", [1]) else { return XCTFail("expected invalidQuery") }
        XCTAssertTrue(m.contains("$1"), m)
        guard case .invalidQuery? = queryError("age > $0") else { return XCTFail("expected invalidQuery for a missing argument") }
        guard case .invalidQuery? = queryError("owners == $0", [QOwner()]) else {
            return XCTFail("an unmanaged object cannot be an argument")
        }
        guard case .invalidQuery? = queryError("age == $0", [NSObject()]) else { return XCTFail("unsupported argument") }
    }

    func testErrorDescriptionsAreReadable() {
        XCTAssertEqual(RealmError.notInWriteTransaction.description, "Cannot modify managed objects outside of a write transaction.")
        XCTAssertTrue(RealmError.duplicatePrimaryKey(className: "Settings", value: "1").description.contains("'Settings'"))
        XCTAssertTrue(RealmError.schemaVersionTooOld(file: 2, configuration: 1).description.contains("1"))
        XCTAssertTrue(RealmError.unknownProperty(className: "Dog", property: "x").description.contains("'x'"))
    }

    func testWrongRealmObjects() throws {
        let other = try Realm(configuration: memoryConfiguration(petTypes))
        let pet = realm.objects(QPet.self).first!
        assertRealmError(try other.write { other.add(pet) }) { if case .wrongRealm = $0 { true } else { false } }
        assertRealmError(try other.write { other.delete(pet) }) { if case .wrongRealm = $0 { true } else { false } }
        XCTAssertEqual(other.objects(QPet.self).count, 0)
    }

    func testDeletingUnmanagedObjectFails() throws {
        assertRealmError(try realm.write { realm.delete(QPet()) }) { if case .invalidValue = $0 { true } else { false } }
        XCTAssertEqual(realm.objects(QPet.self).count, 5)
    }

    func testDeletingTwiceInOneWriteFails() throws {
        let pet = realm.objects(QPet.self).first!
        assertRealmError(try realm.write {
            realm.delete(pet)
            realm.delete(pet)
        }) { if case .objectDeleted = $0 { true } else { false } }
        XCTAssertEqual(realm.objects(QPet.self).count, 5, "the failed write committed nothing")
    }

    /// Adding or updating an object that links a deleted one fails with `objectDeleted` and
    /// commits nothing. (A property setter or `List.append` given one traps, as in RealmSwift.)
    func testLinkingADeletedObjectFailsAndCommitsNothing() throws {
        try realm.write { realm.add(QOwner(value: ["id": 10])) }
        let owner = realm.object(ofType: QOwner.self, forPrimaryKey: 10)!
        let pets = Array(realm.objects(QPet.self))
        let isDeleted: (RealmError) -> Bool = { if case .objectDeleted("QPet") = $0 { true } else { false } }
        // Deleted in the same write, then linked by a new object, an update and a list value.
        assertRealmError(try realm.write {
            realm.delete(pets[0])
            realm.add(QOwner(value: ["id": 11, "favorite": pets[0]]))
        }, isDeleted)
        assertRealmError(try realm.write {
            realm.delete(pets[0])
            realm.create(QOwner.self, value: ["id": 10, "favorite": pets[0]], update: .modified)
        }, isDeleted)
        assertRealmError(try realm.write {
            realm.delete(pets[0])
            realm.create(QOwner.self, value: ["id": 10, "pets": [pets[1], pets[0]]], update: .modified)
        }, isDeleted)
        XCTAssertEqual(realm.objects(QPet.self).count, 5, "the failed writes committed nothing")
        XCTAssertNil(owner.favorite)
        XCTAssertEqual(owner.pets.count, 0)
        XCTAssertNil(realm.object(ofType: QOwner.self, forPrimaryKey: 11))
        // Deleted by an earlier write: the old handle cannot be linked either.
        try realm.write { realm.delete(pets[1]) }
        XCTAssertTrue(pets[1].isInvalidated)
        assertRealmError(try realm.write { realm.create(QOwner.self, value: ["id": 10, "favorite": pets[1]], update: .modified) }, isDeleted)
        XCTAssertNil(owner.favorite)
        try realm.write { realm.create(QOwner.self, value: ["id": 10, "favorite": pets[2]], update: .modified) }
        XCTAssertTrue(owner.favorite?.isSameObject(as: pets[2]) == true)
    }

    func testFirstErrorWinsAndLaterOperationsAreSkipped() throws {
        try realm.write { realm.add(QOwner(value: ["id": 10])) }
        assertRealmError(try realm.write {
            realm.add(QOwner(value: ["id": 10]))             // duplicate
            realm.add(QPet(value: ["name": "after error"]))  // skipped
        }) { $0 == .duplicatePrimaryKey(className: "QOwner", value: "10") }
        XCTAssertEqual(realm.objects(QPet.self).filter("name == 'after error'").count, 0)
    }
}
