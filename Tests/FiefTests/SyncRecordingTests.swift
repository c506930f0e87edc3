@_spi(Sync) @testable import Fief
import Foundation
import XCTest

/// The exact sync changeset each kind of write records.
final class SyncRecordingTests: XCTestCase {
    func person(_ id: Int, _ name: String = "") -> SyPerson {
        let p = SyPerson()
        p.id = id
        p.name = name
        return p
    }

    /// The `set` of a new person's ObjectId (always recorded: its default is random).
    func oidSet(_ p: SyPerson) -> SyncInstruction { .set(target("SyPerson", pk(p.id), .property("oid")), .objectId(p.oid), isDefault: false) }

    func testLocalOnlyRealmRecordsNothing() throws {
        let realm = try syncRealm(recording: false)
        try realm.write {
            realm.add(person(1, "a"))
            XCTAssertNil(realm.currentSyncChangeset)
            XCTAssertNil(realm.session?.sync)
        }
        XCTAssertNil(realm.currentSyncChangeset)
    }

    func testCreateRecordsIdentityAndValuesNotAtDefault() throws {
        let realm = try syncRealm()
        let p = person(1, "Ann")
        p.nick = "A"
        p.tags.append(objectsIn: ["x", "y"])
        p.nums.insert(4)
        p.counts["k"] = 2
        let recorded = try recordedWrite(realm) { realm.add(p) }
        let t = { (name: String) in target("SyPerson", pk(1), .property(name)) }
        XCTAssertEqual(recorded.instructions, [
            .createObject(className: "SyPerson", object: pk(1)),
            .set(t("name"), .string("Ann"), isDefault: false),
            .set(t("nick"), .string("A"), isDefault: false),
            oidSet(p),
            .listInsert(t("tags"), index: 0, .string("x")),
            .listInsert(t("tags"), index: 1, .string("y")),
            .setInsert(t("nums"), .int(4)),
            .dictionaryInsert(t("counts"), key: "k", .int(2)),
        ])
    }

    func testObjectsWithoutPrimaryKeyAreNamedByGlobalKeyAndLinksByIdentity() throws {
        let realm = try syncRealm()
        let owner = person(5)
        try realm.write { realm.add(owner) }
        let pet = SyPet()
        pet.name = "Rex"
        pet.owner = owner
        let recorded = try recordedWrite(realm) { realm.add(pet) }
        XCTAssertEqual(recorded.instructions, [
            .createObject(className: "SyPet", object: own(0)),
            .set(target("SyPet", own(0), .property("name")), .string("Rex"), isDefault: false),
            .set(target("SyPet", own(0), .property("owner")), .link(className: "SyPerson", object: pk(5)), isDefault: false),
        ])
        let links = try recordedWrite(realm) {
            owner.pet = pet
            owner.friend = owner
            owner.friend = nil
        }
        XCTAssertEqual(links.instructions, [
            .set(target("SyPerson", pk(5), .property("pet")), .link(className: "SyPet", object: own(0)), isDefault: false),
            .set(target("SyPerson", pk(5), .property("friend")), .link(className: "SyPerson", object: pk(5)), isDefault: false),
            .set(target("SyPerson", pk(5), .property("friend")), .null, isDefault: false),
        ])
    }

    func testStringPrimaryKeysAndUpserts() throws {
        let realm = try syncRealm()
        let recorded = try recordedWrite(realm) {
            realm.create(SyTag.self, value: ["label": "red", "hits": 2])
            realm.create(SyTag.self, value: ["label": "red", "hits": 3], update: .modified)
            realm.create(SyTag.self, value: ["label": "red", "hits": 3], update: .modified)
        }
        let hits = target("SyTag", .primaryKey(.string("red")), .property("hits"))
        XCTAssertEqual(recorded.instructions, [
            .createObject(className: "SyTag", object: .primaryKey(.string("red"))),
            .set(hits, .int(2), isDefault: false),
            .set(hits, .int(3), isDefault: false),
        ])
    }

    func testUnmanagedCyclesRecordCreationsBeforeLinks() throws {
        let realm = try syncRealm()
        let a = SyPet(), b = SyPet()
        a.name = "a"; b.name = "b"
        a.buddy = b; b.buddy = a
        let recorded = try recordedWrite(realm) { realm.add(a) }
        let t = { (key: UInt64, name: String) in target("SyPet", own(key), .property(name)) }
        XCTAssertEqual(recorded.instructions, [
            .createObject(className: "SyPet", object: own(0)),
            .createObject(className: "SyPet", object: own(1)),
            .set(t(1, "name"), .string("b"), isDefault: false),
            .set(t(1, "buddy"), .link(className: "SyPet", object: own(0)), isDefault: false),
            .set(t(0, "name"), .string("a"), isDefault: false),
            .set(t(0, "buddy"), .link(className: "SyPet", object: own(1)), isDefault: false),
        ])
        let tag = SyTag()
        tag.label = "self"
        let p = person(9)
        p.friend = p
        let selfLink = try recordedWrite(realm) { realm.add(p) }
        XCTAssertEqual(selfLink.instructions, [
            .createObject(className: "SyPerson", object: pk(9)),
            oidSet(p),
            .set(target("SyPerson", pk(9), .property("friend")), .link(className: "SyPerson", object: pk(9)), isDefault: false),
        ])
    }

    func testEmbeddedObjectsAreRecordedThroughTheirPath() throws {
        let realm = try syncRealm()
        let p = person(2)
        let home = SyAddress()
        home.city = "Oslo"
        home.geo = SyGeo()
        home.geo!.lat = 1
        p.address = home
        let stop = SyAddress()
        stop.city = "a"
        stop.lines.append("l1")
        p.stops.append(stop)
        let place = SyAddress()
        place.zip = 5
        p.places["h"] = place
        let created = try recordedWrite(realm) { realm.add(p) }
        let base = { (path: SyncPathElement...) in SyncTarget(className: "SyPerson", object: pk(2), path: path) }
        XCTAssertEqual(created.instructions, [
            .createObject(className: "SyPerson", object: pk(2)),
            oidSet(p),
            .set(base(.property("address")), .embeddedObject, isDefault: false),
            .set(base(.property("address"), .property("city")), .string("Oslo"), isDefault: false),
            .set(base(.property("address"), .property("geo")), .embeddedObject, isDefault: false),
            .set(base(.property("address"), .property("geo"), .property("lat")), .double(1), isDefault: false),
            .listInsert(base(.property("stops")), index: 0, .embeddedObject),
            .set(base(.property("stops"), .index(0), .property("city")), .string("a"), isDefault: false),
            .listInsert(base(.property("stops"), .index(0), .property("lines")), index: 0, .string("l1")),
            .dictionaryInsert(base(.property("places")), key: "h", .embeddedObject),
            .set(base(.property("places"), .key("h"), .property("zip")), .int(5), isDefault: false),
        ])
        // A new transaction: owners are found by scanning, not from the cache.
        let changed = try recordedWrite(realm) {
            p.address!.city = "Bergen"
            p.address!.geo!.lng = 3
            p.stops[0].city = "b"
            p.stops[0].lines.append("l2")
            p.places["h"]!!.zip = 6
            p.stops.insert(SyAddress(), at: 0)
            p.stops[1].zip = 7
        }
        XCTAssertEqual(changed.instructions, [
            .set(base(.property("address"), .property("city")), .string("Bergen"), isDefault: false),
            .set(base(.property("address"), .property("geo"), .property("lng")), .double(3), isDefault: false),
            .set(base(.property("stops"), .index(0), .property("city")), .string("b"), isDefault: false),
            .listInsert(base(.property("stops"), .index(0), .property("lines")), index: 1, .string("l2")),
            .set(base(.property("places"), .key("h"), .property("zip")), .int(6), isDefault: false),
            .listInsert(base(.property("stops")), index: 0, .embeddedObject),
            .set(base(.property("stops"), .index(1), .property("zip")), .int(7), isDefault: false),
        ])
        let replaced = try recordedWrite(realm) {
            let other = SyAddress()
            other.city = "X"
            p.address = other
            p.stops.remove(at: 0)
            p.places["h"] = nil
        }
        XCTAssertEqual(replaced.instructions, [
            .set(base(.property("address")), .embeddedObject, isDefault: false),
            .set(base(.property("address"), .property("city")), .string("X"), isDefault: false),
            .listErase(base(.property("stops")), index: 0),
            .dictionaryErase(base(.property("places")), key: "h"),
        ])
        let cleared = try recordedWrite(realm) { p.address = nil }
        XCTAssertEqual(cleared.instructions, [.set(base(.property("address")), .null, isDefault: false)])
        XCTAssertEqual(realm.objects(SyPerson.self).count, 1)
    }

    func testListOperations() throws {
        let realm = try syncRealm()
        let p = person(3)
        let pet = SyPet()
        try realm.write { realm.add(p); realm.add(pet) }
        let recorded = try recordedWrite(realm) {
            p.tags.append("a")
            p.tags.insert("b", at: 0)
            p.tags[1] = "c"
            p.tags.move(from: 0, to: 1)
            p.tags.remove(at: 0)
            p.tags.removeAll()
            p["tags"] = ["x", "y"]
            p.pets.append(pet)
        }
        let tags = target("SyPerson", pk(3), .property("tags"))
        XCTAssertEqual(recorded.instructions, [
            .listInsert(tags, index: 0, .string("a")),
            .listInsert(tags, index: 0, .string("b")),
            .listSet(tags, index: 1, .string("c")),
            .listMove(tags, from: 0, to: 1),
            .listErase(tags, index: 0),
            .clear(tags),
            .clear(tags),
            .listInsert(tags, index: 0, .string("x")),
            .listInsert(tags, index: 1, .string("y")),
            .listInsert(target("SyPerson", pk(3), .property("pets")), index: 0, .link(className: "SyPet", object: own(0))),
        ])
    }

    func testSetOperationsRecordMembersNotPositions() throws {
        let realm = try syncRealm()
        let p = person(4)
        let pet = SyPet()
        try realm.write { realm.add(p); realm.add(pet) }
        let recorded = try recordedWrite(realm) {
            p.nums.insert(1)
            p.nums.insert(2)
            p.nums.insert(1)
            p.nums.remove(1)
            p.nums.removeAll()
            p["nums"] = [5, 2]
            p["nums"] = [2, 7]
            p.petSet.insert(pet)
        }
        let nums = target("SyPerson", pk(4), .property("nums"))
        XCTAssertEqual(recorded.instructions, [
            .setInsert(nums, .int(1)),
            .setInsert(nums, .int(2)),
            .setErase(nums, .int(1)),
            .clear(nums),
            .setInsert(nums, .int(5)),
            .setInsert(nums, .int(2)),
            .setErase(nums, .int(5)),
            .setInsert(nums, .int(7)),
            .setInsert(target("SyPerson", pk(4), .property("petSet")), .link(className: "SyPet", object: own(0))),
        ])
    }

    func testMapOperationsRecordEntries() throws {
        let realm = try syncRealm()
        let p = person(6)
        let pet = SyPet()
        try realm.write { realm.add(p); realm.add(pet) }
        let recorded = try recordedWrite(realm) {
            p.counts["a"] = 1
            p.counts["a"] = 2
            p.counts["b"] = 3
            p.counts["a"] = nil
            p.petMap["p"] = pet
            p.petMap["n"] = .some(nil)
            p["counts"] = [String: Int]()
        }
        let counts = target("SyPerson", pk(6), .property("counts")), pets = target("SyPerson", pk(6), .property("petMap"))
        XCTAssertEqual(recorded.instructions, [
            .dictionaryInsert(counts, key: "a", .int(1)),
            .dictionaryInsert(counts, key: "a", .int(2)),
            .dictionaryInsert(counts, key: "b", .int(3)),
            .dictionaryErase(counts, key: "a"),
            .dictionaryInsert(pets, key: "p", .link(className: "SyPet", object: own(0))),
            .dictionaryInsert(pets, key: "n", .null),
            .clear(counts),
        ])
    }

    func testCountersRecordIncrements() throws {
        let realm = try syncRealm()
        let p = person(8)
        p.address = SyAddress()
        try realm.write { realm.add(p) }
        let recorded = try recordedWrite(realm) {
            p.increment(\.score, by: 5)
            p.increment(\.score, by: -2)
            p.increment(\.optInt, by: 4)
            p.address!.increment(\.zip)
            XCTAssertEqual(realm.currentChangeset?.instructions.first,
                           .set(className: "SyPerson", key: TableBinding.key(forIntPrimaryKey: 8), property: "score", value: .int(5)))
        }
        XCTAssertEqual(p.score, 3)
        XCTAssertNil(p.optInt)
        XCTAssertEqual(p.address?.zip, 1)
        XCTAssertEqual(recorded.instructions, [
            .addInteger(target("SyPerson", pk(8), .property("score")), 5),
            .addInteger(target("SyPerson", pk(8), .property("score")), -2),
            .addInteger(target("SyPerson", pk(8), .property("address"), .property("zip")), 1),
        ])
        let unmanaged = person(1)
        unmanaged.increment(\.score, by: 2)
        XCTAssertEqual(unmanaged.score, 2)
    }

    func testDeleteRecordsEraseButNotEmbeddedObjectsOrLinkCleanup() throws {
        let realm = try syncRealm()
        let p = person(10)
        p.address = SyAddress()
        p.stops.append(SyAddress())
        let pet = SyPet()
        p.pets.append(pet)
        p.pet = pet
        try realm.write { realm.add(p) }
        let recorded = try recordedWrite(realm) {
            realm.delete(pet)
            realm.delete(p)
        }
        XCTAssertEqual(recorded.instructions, [
            .eraseObject(className: "SyPet", object: own(0)),
            .eraseObject(className: "SyPerson", object: pk(10)),
        ])
        let tag = SyTag()
        tag.label = "t"
        try realm.write { realm.add(tag) }
        let all = try recordedWrite(realm) { realm.deleteAll() }
        XCTAssertEqual(all.instructions, [.eraseObject(className: "SyTag", object: .primaryKey(.string("t")))])
    }

    func testDynamicWritesAndSchemaAdditions() throws {
        var configuration = Realm.Configuration(inMemoryIdentifier: "sync-dyn-\(UUID().uuidString)")
        configuration.recordsSyncHistory = true
        let realm = try Realm(dynamicConfiguration: configuration)
        let recorded = try recordedWrite(realm) {
            try realm.dynamicAddClasses([
                ObjectSchema(className: "Item", properties: [
                    Property(name: "code", type: .string, isPrimary: true),
                    Property(name: "n", type: .int),
                    Property(name: "spot", type: .object, isOptional: true, objectClassName: "Spot"),
                ]),
                ObjectSchema(className: "Spot", properties: [Property(name: "x", type: .double)], isEmbedded: true),
            ])
            let item = try realm.dynamicCreate("Item", value: ["code": "a", "n": 1, "spot": ["x": 2.5]])
            try item.setValue(4, forProperty: "n")
        }
        let item = SyncObjectID.primaryKey(.string("a"))
        XCTAssertEqual(recorded.instructions, [
            .addClass(name: "Item", primaryKey: SyncPropertySchema(name: "code", type: .string, isPrimaryKey: true, isIndexed: true), isEmbedded: false),
            .addClass(name: "Spot", primaryKey: nil, isEmbedded: true),
            .addProperty(className: "Item", property: SyncPropertySchema(name: "n", type: .int)),
            .addProperty(className: "Item", property: SyncPropertySchema(name: "spot", type: .object, isOptional: true, objectClassName: "Spot")),
            .addProperty(className: "Spot", property: SyncPropertySchema(name: "x", type: .double)),
            .createObject(className: "Item", object: item),
            .set(target("Item", item, .property("n")), .int(1), isDefault: false),
            .set(target("Item", item, .property("spot")), .embeddedObject, isDefault: false),
            .set(target("Item", item, .property("spot"), .property("x")), .double(2.5), isDefault: false),
            .set(target("Item", item, .property("n")), .int(4), isDefault: false),
        ])
    }

    func testMigrationsOfASyncedRealmRecordTheirWrites() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("sync.realm"), objectTypes: [SyTag.self])
        configuration.recordsSyncHistory = true
        do {
            let realm = try Realm(configuration: configuration)
            try realm.write { realm.create(SyTag.self, value: ["label": "old", "hits": 1]) }
        }
        var recorded: SyncChangeset?
        configuration.schemaVersion = 1
        configuration.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: "SyTag") { _, new in new?["hits"] = 10 }
            migration.create("SyTag", value: ["label": "new", "hits": 2])
            recorded = migration.realm.currentSyncChangeset
        }
        let realm = try Realm(configuration: configuration)
        XCTAssertEqual(realm.objects(SyTag.self).count, 2)
        let old = SyncObjectID.primaryKey(.string("old")), new = SyncObjectID.primaryKey(.string("new"))
        XCTAssertEqual(recorded?.instructions, [
            .set(target("SyTag", old, .property("hits")), .int(10), isDefault: false),
            .createObject(className: "SyTag", object: new),
            .set(target("SyTag", new, .property("hits")), .int(2), isDefault: false),
        ])
    }
}
