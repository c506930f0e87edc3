import Fief
import Foundation
import XCTest

final class EmbeddedObjectTests: XCTestCase {
    let types: [ObjectBase.Type] = [Holder.self, Address.self, QPet.self, QOwner.self]

    func testEmbeddedObjectIsStoredWithParent() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        let h = Holder(); h.id = 1
        h.address = Address(value: ["street": "Main 1", "city": "Oslo"])
        try realm.write { realm.add(h) }
        XCTAssertEqual(h.address?.street, "Main 1")
        XCTAssertEqual(h.address?.city, "Oslo")
        XCTAssertTrue(h.address?.realm === realm)
        try realm.write { h.address?.city = "Bergen" }
        XCTAssertEqual(realm.object(ofType: Holder.self, forPrimaryKey: 1)?.address?.city, "Bergen")
        XCTAssertEqual(realm.objects(Holder.self).filter("address.city == 'Bergen'").count, 1)
    }

    func testToOneFromNestedDictionary() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        let h = try realm.write { realm.create(Holder.self, value: ["id": 2, "address": ["street": "S", "city": "C"]]) }
        XCTAssertEqual(h.address?.street, "S")
        XCTAssertEqual(h.address?.city, "C")
        let o = try realm.write { realm.create(QOwner.self, value: ["id": 9, "favorite": ["name": "fav", "age": 2]]) }
        XCTAssertEqual(o.favorite?.name, "fav")
        XCTAssertEqual(realm.objects(QPet.self).filter("age == 2").count, 1)
    }

    func testEmbeddedListQueries() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        let h = Holder(); h.id = 1
        h.addresses.append(Address(value: ["street": "a", "city": "Oslo"]))
        h.addresses.append(Address(value: ["street": "b", "city": "Rome"]))
        let g = Holder(); g.id = 2
        try realm.write { realm.add([h, g]) }
        try realm.write { g.addresses.append(Address(value: ["street": "c", "city": "Rome"])) }
        let all = realm.objects(Holder.self)
        XCTAssertEqual(all.filter("ANY addresses.city == 'Rome'").map(\.id), [1, 2])
        XCTAssertEqual(all.filter("ANY addresses.city == 'Oslo'").map(\.id), [1])
        XCTAssertEqual(all.filter("addresses.@count == 2").map(\.id), [1])
        XCTAssertEqual(g.addresses.map(\.street), ["c"])
    }

    func testEmbeddedObjectsAreDeletedWithParent() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        let h = Holder(); h.id = 1
        h.address = Address(value: ["street": "x"])
        h.addresses.append(Address(value: ["street": "y"]))
        try realm.write { realm.add(h) }
        let address = h.address!
        let listed = h.addresses[0]
        XCTAssertFalse(address.isInvalidated)
        try realm.write { realm.delete(h) }
        XCTAssertTrue(address.isInvalidated, "the embedded object goes with its parent")
        XCTAssertTrue(listed.isInvalidated, "embedded objects in a list go with their parent")
    }

    func testReplacingEmbeddedObjectDeletesTheOldOne() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        let h = Holder(); h.id = 1
        h.address = Address(value: ["street": "old"])
        try realm.write { realm.add(h) }
        let old = h.address!
        try realm.write { h.address = Address(value: ["street": "new"]) }
        XCTAssertEqual(h.address?.street, "new")
        XCTAssertTrue(old.isInvalidated, "an embedded object replaced in its parent is deleted")
        try realm.write { h.address = nil }
        XCTAssertNil(h.address)
    }

    func testRemovingEmbeddedObjectFromListDeletesIt() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        let h = Holder(); h.id = 1
        h.addresses.append(Address(value: ["street": "a"]))
        try realm.write { realm.add(h) }
        let a = h.addresses[0]
        try realm.write { h.addresses.removeAll() }
        XCTAssertTrue(a.isInvalidated, "an embedded object removed from its list is deleted")
    }

    func testEmbeddedObjectCannotHavePrimaryKey() throws {
        final class BadEmbedded: EmbeddedObject {
            @Persisted(primaryKey: true) var id = 0
        }
        final class BadEmbeddedParent: Object {
            @Persisted var child: BadEmbedded?
        }
        assertRealmError(try Realm(configuration: memoryConfiguration([BadEmbeddedParent.self, BadEmbedded.self]))) {
            if case .invalidSchema(let m) = $0 { m.contains("BadEmbedded") && m.contains("primary key") } else { false }
        }
    }

    func testEmbeddedSchemaIsMarked() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        XCTAssertEqual(realm.schema["Address"]?.isEmbedded, true)
        XCTAssertEqual(realm.schema["Holder"]?.isEmbedded, false)
    }
}
