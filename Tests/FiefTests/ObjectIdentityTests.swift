import Fief
import Foundation
import XCTest

/// `isSameObject(as:)`, `isEmbedded()` and the dynamic collection accessors of objects.
final class ObjectIdentityTests: XCTestCase {
    let types: [ObjectBase.Type] = [Holder.self, Address.self, QPet.self, QOwner.self]

    func testTwoHandlesOnOneStoredObjectAreTheSameObject() throws {
        let realm = try makePetRealm()
        let first = try XCTUnwrap(realm.objects(QPet.self).where { $0.name == "Rex" }.first)
        let again = try XCTUnwrap(realm.objects(QPet.self).where { $0.name == "Rex" }.first)
        let other = try XCTUnwrap(realm.objects(QPet.self).where { $0.name == "Max" }.first)
        XCTAssertFalse(first === again)
        XCTAssertTrue(first.isSameObject(as: again))
        XCTAssertTrue(again.isSameObject(as: first))
        XCTAssertTrue(first.isSameObject(as: first))
        XCTAssertFalse(first.isSameObject(as: other))
        XCTAssertFalse(first.isSameObject(as: nil))
        // A link read through another object is the same stored object.
        let ann = try XCTUnwrap(realm.objects(QOwner.self).where { $0.name == "Ann" }.first)
        XCTAssertTrue(try XCTUnwrap(ann.favorite).isSameObject(as: first))
        // Objects of different classes never are.
        XCTAssertFalse(ann.isSameObject(as: first))
    }

    func testUnmanagedFrozenAndDeletedObjects() throws {
        let realm = try makePetRealm()
        let unmanaged = QPet()
        XCTAssertTrue(unmanaged.isSameObject(as: unmanaged))
        XCTAssertFalse(unmanaged.isSameObject(as: QPet()))
        let live = try XCTUnwrap(realm.objects(QPet.self).where { $0.name == "Bella" }.first)
        XCTAssertFalse(live.isSameObject(as: unmanaged))
        let frozen = live.freeze()
        XCTAssertFalse(frozen.isSameObject(as: live), "a frozen copy is read through another realm instance")
        XCTAssertTrue(frozen.isSameObject(as: frozen))
        let handle = try XCTUnwrap(realm.objects(QPet.self).where { $0.name == "Bella" }.first)
        try realm.write { realm.delete(live) }
        XCTAssertFalse(handle.isSameObject(as: live), "deleted objects are not the same object any more")
    }

    func testEmbeddedObjects() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        try realm.write {
            let holder = Holder()
            holder.id = 1
            holder.address = Address(value: ["street": "Main", "city": "Oslo"])
            holder.addresses.append(Address(value: ["street": "Side", "city": "Bergen"]))
            realm.add(holder)
        }
        let holder = try XCTUnwrap(realm.object(ofType: Holder.self, forPrimaryKey: 1))
        let address = try XCTUnwrap(holder.address)
        let again = try XCTUnwrap(realm.object(ofType: Holder.self, forPrimaryKey: 1)?.address)
        XCTAssertTrue(address.isSameObject(as: again))
        XCTAssertFalse(address.isSameObject(as: holder.addresses[0]))
        XCTAssertFalse(address.isSameObject(as: nil))
        XCTAssertFalse(Address().isSameObject(as: Address()))
        XCTAssertTrue(Address.isEmbedded())
    }

    func testDynamicCollectionsOfAManagedObject() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        try realm.write {
            let rex = QPet(value: ["name": "Rex", "age": 3])
            let max = QPet(value: ["name": "Max", "age": 1])
            let owner = QOwner()
            owner.id = 7
            owner.pets.append(objectsIn: [max, rex, max])
            realm.add(owner)
            let holder = Holder()
            holder.id = 1
            holder.petSet.insert(rex)
            holder.petSet.insert(max)
            holder.petsByName["rex"] = rex
            holder.petsByName["none"] = .some(nil)
            holder.addresses.append(Address(value: ["street": "Side", "city": "Bergen"]))
            realm.add(holder)
        }
        let owner = try XCTUnwrap(realm.object(ofType: QOwner.self, forPrimaryKey: 7))
        let pets = owner.dynamicList("pets")
        XCTAssertEqual(pets.map { $0["name"] as? String }, ["Max", "Rex", "Max"])
        XCTAssertTrue(pets.allSatisfy { $0.className == "QPet" })
        let holder = try XCTUnwrap(realm.object(ofType: Holder.self, forPrimaryKey: 1))
        XCTAssertEqual(Set(holder.dynamicMutableSet("petSet").compactMap { $0["name"] as? String }), ["Rex", "Max"])
        let map = holder.dynamicMap("petsByName")
        XCTAssertEqual(Set(map.keys), ["rex", "none"])
        XCTAssertEqual(map["rex"]??["age"] as? Int, 3)
        guard case .some(.none) = map["none"] else { return XCTFail("\"none\" holds no object: \(String(describing: map["none"]))") }
        let addresses = holder.dynamicList("addresses")
        XCTAssertEqual(addresses.map { $0["city"] as? String }, ["Bergen"])

        // The arrays are snapshots: later writes show in the next read.
        try realm.write { owner.pets.removeAll() }
        XCTAssertEqual(pets.count, 3)
        XCTAssertTrue(owner.dynamicList("pets").isEmpty)
    }

    func testDynamicListOfAnEmbeddedObject() throws {
        let realm = try Realm(configuration: memoryConfiguration([Nest.self, Egg.self, QPet.self, QOwner.self]))
        try realm.write {
            let nest = Nest()
            nest.egg = Egg()
            nest.egg!.pets.append(QPet(value: ["name": "Chick"]))
            realm.add(nest)
        }
        let egg = try XCTUnwrap(realm.objects(Nest.self).first?.egg)
        XCTAssertEqual(egg.dynamicList("pets").map { $0["name"] as? String }, ["Chick"])
    }
}

final class Nest: Object {
    @Persisted var egg: Egg?
}

final class Egg: EmbeddedObject {
    @Persisted var pets: List<QPet>
}
