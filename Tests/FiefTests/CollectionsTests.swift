import Fief
import Foundation
import XCTest

final class CollectionsTests: XCTestCase {
    let holderTypes: [ObjectBase.Type] = [Holder.self, Address.self, QPet.self, QOwner.self]

    func testListOfValuesOperations() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let p = QPet()
        p.tags.append("a")
        p.tags.append(objectsIn: ["b", "c"])
        XCTAssertEqual(Array(p.tags), ["a", "b", "c"], "unmanaged lists are plain arrays")
        try realm.write { realm.add(p) }
        XCTAssertEqual(Array(p.tags), ["a", "b", "c"])
        try realm.write {
            p.tags.insert("z", at: 0)        // z a b c
            p.tags.remove(at: 2)             // z a c
            p.tags[1] = "A"                  // z A c
            p.tags.move(from: 0, to: 2)      // A c z
            p.tags.append("q")               // A c z q
            p.tags.swapAt(0, 3)              // q c z A
        }
        XCTAssertEqual(Array(p.tags), ["q", "c", "z", "A"])
        XCTAssertEqual(p.tags.count, 4)
        XCTAssertEqual(p.tags.first, "q")
        XCTAssertEqual(p.tags.last, "A")
        XCTAssertEqual(p.tags.index(of: "z"), 2)
        XCTAssertNil(p.tags.index(of: "nope"))
        try realm.write { p.tags.removeLast() }
        XCTAssertEqual(Array(p.tags), ["q", "c", "z"])
        try realm.write { p.tags.removeAll() }
        XCTAssertEqual(p.tags.count, 0)
        XCTAssertTrue(p.tags.realm === realm)
    }

    func testAssigningAWholeList() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let p = QPet()
        try realm.write { realm.add(p) }
        let fresh = List<String>()
        fresh.append(objectsIn: ["x", "y"])
        try realm.write { p.tags = fresh }
        XCTAssertEqual(Array(p.tags), ["x", "y"])
        try realm.write { p["tags"] = ["m"] }
        XCTAssertEqual(Array(p.tags), ["m"])
    }

    func testListOfObjects() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let owner = QOwner(); owner.id = 1
        try realm.write { realm.add(owner) }
        let a = QPet(value: ["name": "a"])
        try realm.write {
            owner.pets.append(a)                          // unmanaged: added
            owner.pets.append(QPet(value: ["name": "b"]))
            owner.pets.append(a)                          // same object twice
        }
        XCTAssertEqual(owner.pets.map(\.name), ["a", "b", "a"])
        XCTAssertEqual(realm.objects(QPet.self).count, 2)
        XCTAssertEqual(owner.pets.index(of: realm.objects(QPet.self).filter("name == 'b'").first!), 1)
        XCTAssertEqual(a.owners.count, 1)
        try realm.write { owner.pets.remove(at: 0) }
        XCTAssertEqual(owner.pets.map(\.name), ["b", "a"])
        XCTAssertEqual(realm.objects(QPet.self).count, 2, "removing from a list does not delete the object")
        try realm.write { realm.delete(a) }
        XCTAssertEqual(owner.pets.map(\.name), ["b"])
    }

    func testMutableSet() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let o = QOwner(); o.id = 1
        o.nicknames.insert("a")
        o.nicknames.insert("a")
        XCTAssertEqual(o.nicknames.count, 1)
        try realm.write { realm.add(o) }
        try realm.write {
            o.nicknames.insert("b")
            o.nicknames.insert("b")
            o.nicknames.insert("c")
            o.nicknames.remove("a")
        }
        XCTAssertEqual(Set(o.nicknames), ["b", "c"])
        XCTAssertEqual(o.nicknames.count, 2)
        XCTAssertTrue(o.nicknames.contains("b"))
        XCTAssertFalse(o.nicknames.contains("a"))
        try realm.write { o.nicknames.removeAll() }
        XCTAssertEqual(o.nicknames.count, 0)
    }

    func testMutableSetFromCreateDeduplicates() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let o = try realm.write { realm.create(QOwner.self, value: ["id": 1, "nicknames": ["x", "x", "y"]]) }
        XCTAssertEqual(o.nicknames.count, 2, "a set created from [x, x, y] holds two elements")
        let u = QOwner(value: ["id": 2, "nicknames": ["x", "x"]])
        XCTAssertEqual(u.nicknames.count, 1)
    }

    func testMutableSetOfObjectsContainsDoesNotAddObjects() throws {
        let realm = try Realm(configuration: memoryConfiguration(holderTypes))
        let h = Holder(); h.id = 1
        let pet = QPet(value: ["name": "in set"])
        h.petSet.insert(pet)
        try realm.write { realm.add(h) }
        XCTAssertEqual(h.petSet.count, 1)
        XCTAssertTrue(h.petSet.contains(pet))
        try realm.write {
            XCTAssertFalse(h.petSet.contains(QPet(value: ["name": "stranger"])))
        }
        XCTAssertEqual(realm.objects(QPet.self).count, 1, "contains() must not add its argument to the realm")
    }

    func testMap() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let o = QOwner(); o.id = 1
        o.scores["math"] = 90
        XCTAssertEqual(o.scores["math"], 90)
        try realm.write { realm.add(o) }
        XCTAssertEqual(o.scores["math"], 90)
        try realm.write {
            o.scores["art"] = 70
            o.scores["math"] = 95
        }
        XCTAssertEqual(o.scores.count, 2)
        XCTAssertEqual(o.scores.keys, ["art", "math"])
        XCTAssertEqual(o.scores["math"], 95)
        XCTAssertNil(o.scores["nope"])
        try realm.write { o.scores["art"] = nil }
        XCTAssertEqual(o.scores.keys, ["math"])
        let reread = realm.object(ofType: QOwner.self, forPrimaryKey: 1)!
        XCTAssertEqual(reread.scores["math"], 95)
    }

    func testMapFromCreateAndQueries() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        try realm.write {
            realm.create(QOwner.self, value: ["id": 1, "scores": ["a": 1, "b": 5]])
            realm.create(QOwner.self, value: ["id": 2, "scores": ["a": 7]])
        }
        XCTAssertEqual(realm.object(ofType: QOwner.self, forPrimaryKey: 1)?.scores["b"], 5)
        let r = realm.objects(QOwner.self)
        XCTAssertEqual(r.filter("scores.@count == 2").map(\.id), [1])
        XCTAssertEqual(r.filter("ANY scores.@values > 6").map(\.id), [2])
        XCTAssertEqual(r.filter("ANY scores.@keys == 'b'").map(\.id), [1])
        XCTAssertEqual(r.filter("scores.@sum == 6").map(\.id), [1])
    }

    func testMapOfObjectsWhenTargetDeleted() throws {
        let realm = try Realm(configuration: memoryConfiguration(holderTypes))
        let h = Holder(); h.id = 1
        try realm.write { realm.add(h) }
        let a = QPet(value: ["name": "a"]), b = QPet(value: ["name": "b"])
        try realm.write {
            h.petsByName["a"] = a
            h.petsByName["b"] = b
        }
        XCTAssertEqual(h.petsByName.count, 2)
        XCTAssertEqual(h.petsByName["b"]??.name, "b")
        try realm.write { realm.delete(a) }
        XCTAssertEqual(h.petsByName.keys, ["a", "b"], "deleting a map's target keeps the key with a nil value")
        XCTAssertEqual(h.petsByName["b"]??.name, "b")
        XCTAssertNil(h.petsByName["a"] ?? nil)
    }

    func testLinkingObjects() throws {
        let realm = try makePetRealm()
        let rex = realm.objects(QPet.self).filter("name == 'Rex'").first!
        XCTAssertEqual(rex.owners.map(\.name).sorted(), ["Ann", "Bob"])
        let angel = realm.objects(QPet.self).filter("name == 'Ángel'").first!
        XCTAssertEqual(angel.owners.count, 0)
        let ann = realm.object(ofType: QOwner.self, forPrimaryKey: 1)!
        try realm.write { ann.pets.append(angel) }
        XCTAssertEqual(angel.owners.map(\.name), ["Ann"], "backlinks are live")
        XCTAssertEqual(QPet().owners.count, 0, "an unmanaged object has no backlinks")
    }

    func testCollectionsSurviveReopen() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = Realm.Configuration(fileURL: dir.appendingPathComponent("c.realm"), objectTypes: petTypes)
        do {
            let realm = try Realm(configuration: config)
            try realm.write {
                let o = realm.create(QOwner.self, value: ["id": 1, "nicknames": ["n"], "scores": ["k": 3]])
                o.pets.append(QPet(value: ["name": "p", "tags": ["t1", "t2"]]))
            }
        }
        let realm = try Realm(configuration: config)
        let o = realm.object(ofType: QOwner.self, forPrimaryKey: 1)!
        XCTAssertEqual(o.pets.map(\.name), ["p"])
        XCTAssertEqual(Array(o.pets[0].tags), ["t1", "t2"])
        XCTAssertEqual(Array(o.nicknames), ["n"])
        XCTAssertEqual(o.scores["k"], 3)
        XCTAssertEqual(o.pets[0].owners.count, 1)
    }

    func testCollectionsOfEveryKind() throws {
        let realm = try Realm(configuration: memoryConfiguration([MultiLists.self]))
        let d1 = Date(timeIntervalSince1970: 100.5), d2 = Date(timeIntervalSince1970: -3)
        let oid = ObjectId.generate()
        let m = MultiLists()
        m.dates.append(objectsIn: [d1, d2])
        m.blobs.append(Data([0, 0, 1]))
        m.blobs.append(Data())
        m.maybeDoubles.append(objectsIn: [1.5, nil, -2])
        m.ids.append(oid)
        m.decimals.append(Decimal128(string: "12.345")!)
        m.intSet.insert(3); m.intSet.insert(3); m.intSet.insert(-1)
        m.dateMap["a"] = d1
        m.optionalStrings["x"] = .some(nil)
        m.optionalStrings["y"] = "why"
        try realm.write { realm.add(m) }
        let r = realm.objects(MultiLists.self).first!
        XCTAssertEqual(Array(r.dates), [d1, d2])
        XCTAssertEqual(Array(r.blobs), [Data([0, 0, 1]), Data()])
        XCTAssertEqual(Array(r.maybeDoubles), [1.5, nil, -2])
        XCTAssertEqual(Array(r.ids), [oid])
        XCTAssertEqual(Array(r.decimals), [Decimal128(string: "12.345")!])
        XCTAssertEqual(Set(r.intSet), [3, -1])
        XCTAssertEqual(r.dateMap["a"], d1)
        XCTAssertEqual(r.optionalStrings.keys, ["x", "y"])
        XCTAssertEqual(r.optionalStrings["y"], "why")
        XCTAssertEqual(r.optionalStrings["x"], .some(nil))
        let all = realm.objects(MultiLists.self)
        XCTAssertEqual(all.filter("ANY maybeDoubles == nil").count, 1)
        XCTAssertEqual(all.filter("ANY dates < $0", Date(timeIntervalSince1970: 0)).count, 1)
        XCTAssertEqual(all.filter("ANY ids == $0", oid).count, 1)
        XCTAssertEqual(all.filter("intSet.@count == 2").count, 1)
        XCTAssertEqual(all.filter("maybeDoubles.@sum == -0.5").count, 1)
    }

    func testBacklinksThroughToOneLinks() throws {
        let realm = try Realm(configuration: memoryConfiguration([Leader.self, Follower.self]))
        let boss = Leader(value: ["name": "boss"])
        try realm.write {
            realm.add(Follower(value: ["name": "f1", "leader": boss]))
            realm.add(Follower(value: ["name": "f2", "leader": boss]))
            realm.add(Follower(value: ["name": "loner"]))
        }
        XCTAssertEqual(boss.followers.map(\.name).sorted(), ["f1", "f2"])
        XCTAssertEqual(realm.objects(Leader.self).filter("followers.@count == 2").count, 1)
        XCTAssertEqual(realm.objects(Leader.self).filter("ANY followers.name == 'f2'").count, 1)
        try realm.write { realm.delete(realm.objects(Follower.self).filter("name == 'f1'")) }
        XCTAssertEqual(boss.followers.map(\.name), ["f2"])
        try realm.write { realm.delete(boss) }
        XCTAssertNil(realm.objects(Follower.self).filter("name == 'f2'").first?.leader)
    }

    func testBacklinkToMissingOriginPropertyIsASchemaError() {
        assertRealmError(try Realm(configuration: memoryConfiguration([BadBacklink.self, Follower.self, Leader.self]))) {
            if case .invalidSchema(let m) = $0 { m.contains("nope") } else { false }
        }
    }

    func testBacklinkWhoseOriginLinksElsewhereIsASchemaError() {
        assertRealmError(try Realm(configuration: memoryConfiguration([WrongTargetBacklink.self, Follower.self, Leader.self]))) {
            if case .invalidSchema(let m) = $0 { m.contains("leader") } else { false }
        }
    }
}
