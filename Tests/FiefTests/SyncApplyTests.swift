@_spi(Sync) @testable import Fief
import Foundation
import XCTest

/// The total semantics of applying a received changeset, and its errors.
final class SyncApplyTests: XCTestCase {
    func t(_ id: Int, _ path: SyncPathElement...) -> SyncTarget { SyncTarget(className: "SyPerson", object: pk(id), path: path) }

    func apply(_ realm: Realm, _ instructions: [SyncInstruction], ownFileIdent: UInt64 = 0) throws {
        try realm.write { try realm.applySyncChangeset(SyncChangeset(instructions), ownFileIdent: ownFileIdent) }
    }

    func person(_ realm: Realm, _ id: Int) -> SyPerson? { realm.object(ofType: SyPerson.self, forPrimaryKey: id) }

    /// The error a changeset's application throws (the write is cancelled).
    func applyError(_ realm: Realm, _ instructions: [SyncInstruction]) -> RealmError? {
        do {
            try apply(realm, instructions)
            return nil
        } catch {
            return error as? RealmError
        }
    }

    func testRequiresAWriteTransaction() throws {
        let realm = try syncRealm()
        XCTAssertThrowsError(try realm.applySyncChangeset(SyncChangeset([.createObject(className: "SyPerson", object: pk(1))]), ownFileIdent: 0)) {
            XCTAssertEqual($0 as? RealmError, .notInWriteTransaction)
        }
    }

    func testCreateAndEraseAreIdempotentAndMissingObjectsAreIgnored() throws {
        let realm = try syncRealm()
        try apply(realm, [
            .createObject(className: "SyPerson", object: pk(1)),
            .set(t(1, .property("name")), .string("a"), isDefault: false),
            .createObject(className: "SyPerson", object: pk(1)),
            .set(t(99, .property("name")), .string("ghost"), isDefault: false),
            .listInsert(t(99, .property("tags")), index: 0, .string("x")),
            .addInteger(t(99, .property("score")), 1),
            .eraseObject(className: "SyPerson", object: pk(99)),
            .eraseObject(className: "SyPet", object: .global(GlobalKey(fileIdent: 4, sequence: 1))),
        ])
        XCTAssertEqual(person(realm, 1)?.name, "a")
        XCTAssertEqual(realm.objects(SyPerson.self).count, 1)
        try apply(realm, [.eraseObject(className: "SyPerson", object: pk(1)), .eraseObject(className: "SyPerson", object: pk(1))])
        XCTAssertEqual(realm.objects(SyPerson.self).count, 0)
    }

    func testPathsThroughMissingEmbeddedObjectsOrIndexesAreIgnored() throws {
        let realm = try syncRealm()
        try apply(realm, [
            .createObject(className: "SyPerson", object: pk(1)),
            .set(t(1, .property("address"), .property("city")), .string("x"), isDefault: false),
            .set(t(1, .property("stops"), .index(3), .property("city")), .string("x"), isDefault: false),
            .set(t(1, .property("places"), .key("k"), .property("city")), .string("x"), isDefault: false),
            .listInsert(t(1, .property("stops")), index: 0, .embeddedObject),
            .set(t(1, .property("stops"), .index(1), .property("city")), .string("x"), isDefault: false),
            .set(t(1, .property("stops"), .index(0), .property("city")), .string("first"), isDefault: false),
        ])
        let p = try XCTUnwrap(person(realm, 1))
        XCTAssertNil(p.address)
        XCTAssertEqual(p.stops.map(\.city), ["first"])
        XCTAssertEqual(p.places.count, 0)
    }

    func testLinksToMissingObjects() throws {
        let realm = try syncRealm()
        let missingPet = SyncValue.link(className: "SyPet", object: .global(GlobalKey(fileIdent: 9, sequence: 9)))
        try apply(realm, [
            .createObject(className: "SyPerson", object: pk(1)),
            .createObject(className: "SyPerson", object: pk(2)),
            .set(t(1, .property("friend")), .link(className: "SyPerson", object: pk(2)), isDefault: false),
            .set(t(2, .property("friend")), .link(className: "SyPerson", object: pk(1)), isDefault: false),
            .set(t(2, .property("friend")), .link(className: "SyPerson", object: pk(404)), isDefault: false),
            .listInsert(t(1, .property("pets")), index: 0, missingPet),
            .setInsert(t(1, .property("petSet")), missingPet),
            .dictionaryInsert(t(1, .property("petMap")), key: "gone", missingPet),
        ])
        let p = try XCTUnwrap(person(realm, 1))
        XCTAssertEqual(p.friend?.id, 2)
        XCTAssertNil(person(realm, 2)?.friend)
        XCTAssertEqual(p.pets.count, 0)
        XCTAssertEqual(p.petSet.count, 0)
        XCTAssertEqual(p.petMap.keys, ["gone"])
        guard case .some(.none) = p.petMap["gone"] else { return XCTFail("the entry should be nil") }
    }

    func testListIndexRules() throws {
        let realm = try syncRealm()
        let tags = t(1, .property("tags"))
        try apply(realm, [
            .createObject(className: "SyPerson", object: pk(1)),
            .listInsert(tags, index: 0, .string("a")),
            .listInsert(tags, index: 99, .string("b")),
            .listSet(tags, index: 2, .string("x")),
            .listErase(tags, index: 2),
            .listMove(tags, from: 0, to: 2),
            .listMove(tags, from: 5, to: 0),
            .listMove(tags, from: 1, to: 0),
            .listSet(tags, index: 1, .string("c")),
        ])
        XCTAssertEqual(Array(try XCTUnwrap(person(realm, 1)).tags), ["b", "c"])
        try apply(realm, [.listErase(tags, index: 0), .clear(tags), .clear(tags)])
        XCTAssertEqual(person(realm, 1)?.tags.count, 0)
    }

    func testSetAndDictionaryRules() throws {
        let realm = try syncRealm()
        let nums = t(1, .property("nums")), counts = t(1, .property("counts"))
        try apply(realm, [
            .createObject(className: "SyPerson", object: pk(1)),
            .setInsert(nums, .int(3)),
            .setInsert(nums, .int(3)),
            .setInsert(nums, .int(1)),
            .setErase(nums, .int(7)),
            .setErase(nums, .int(3)),
            .dictionaryInsert(counts, key: "b", .int(2)),
            .dictionaryInsert(counts, key: "a", .int(1)),
            .dictionaryInsert(counts, key: "b", .int(5)),
            .dictionaryErase(counts, key: "zz"),
            .dictionaryErase(counts, key: "a"),
        ])
        let p = try XCTUnwrap(person(realm, 1))
        XCTAssertEqual(Array(p.nums), [1])
        XCTAssertEqual(p.counts.keys, ["b"])
        XCTAssertEqual(p.counts["b"], 5)
    }

    func testEmbeddedObjectValuesCreateEmptyObjectsAndReplaceTheOldOne() throws {
        let realm = try syncRealm()
        try apply(realm, [
            .createObject(className: "SyPerson", object: pk(1)),
            .set(t(1, .property("address")), .embeddedObject, isDefault: false),
            .set(t(1, .property("address"), .property("city")), .string("Oslo"), isDefault: false),
            .set(t(1, .property("address"), .property("geo")), .embeddedObject, isDefault: false),
            .set(t(1, .property("address"), .property("geo"), .property("lat")), .double(2), isDefault: false),
            .dictionaryInsert(t(1, .property("places")), key: "h", .embeddedObject),
            .set(t(1, .property("places"), .key("h"), .property("zip")), .int(5), isDefault: false),
        ])
        let p = try XCTUnwrap(person(realm, 1))
        XCTAssertEqual(p.address?.city, "Oslo")
        XCTAssertEqual(p.address?.geo?.lat, 2)
        XCTAssertEqual(p.places["h"]??.zip, 5)
        XCTAssertEqual(try realm.table(realm.binding(named: "SyAddress")!).allKeys().count, 2)
        try apply(realm, [.set(t(1, .property("address")), .embeddedObject, isDefault: false)])
        XCTAssertEqual(p.address?.city, "")
        XCTAssertNil(p.address?.geo)
        XCTAssertEqual(try realm.table(realm.binding(named: "SyAddress")!).allKeys().count, 2)
        XCTAssertEqual(try realm.table(realm.binding(named: "SyGeo")!).allKeys().count, 0)
        try apply(realm, [.set(t(1, .property("address")), .null, isDefault: false), .dictionaryErase(t(1, .property("places")), key: "h")])
        XCTAssertEqual(try realm.table(realm.binding(named: "SyAddress")!).allKeys().count, 0)
    }

    func testAddIntegerWrapsAndIgnoresNull() throws {
        let realm = try syncRealm()
        try apply(realm, [
            .createObject(className: "SyPerson", object: pk(1)),
            .set(t(1, .property("score")), .int(Int64.max), isDefault: false),
            .addInteger(t(1, .property("score")), 2),
            .addInteger(t(1, .property("optInt")), 2),
            .addInteger(t(1, .property("age")), -3),
        ])
        let p = try XCTUnwrap(person(realm, 1))
        XCTAssertEqual(p.score, Int.min + 1)
        XCTAssertNil(p.optInt)
        XCTAssertEqual(p.age, -3)
    }

    func testObjectsCreatedFromElsewhereGetIdentityMappings() throws {
        let realm = try syncRealm()
        let remote = GlobalKey(fileIdent: 5, sequence: 42)
        try realm.write { realm.add(SyPet()) }   // key 0, this file's own
        try apply(realm, [
            .createObject(className: "SyPet", object: .global(remote)),
            .set(SyncTarget(className: "SyPet", object: .global(remote), property: "name"), .string("remote"), isDefault: false),
        ], ownFileIdent: 7)
        let binding = try XCTUnwrap(realm.binding(named: "SyPet"))
        XCTAssertEqual(try realm.table(binding).allKeys(), [0, 1])
        XCTAssertEqual(try realm.syncObjectID(binding, 1), .global(remote))
        XCTAssertEqual(try realm.syncObjectID(binding, 0), own(0))
        XCTAssertEqual(try realm.localKey(binding, .global(remote), ownFileIdent: 7), 1)
        XCTAssertEqual(realm.objects(SyPet.self).filter("name == 'remote'").count, 1)
        // This file's own objects: identity 0 or the assigned identity, key = sequence.
        try apply(realm, [
            .createObject(className: "SyPet", object: .global(GlobalKey(fileIdent: 7, sequence: 5))),
            .set(SyncTarget(className: "SyPet", object: .global(GlobalKey(fileIdent: 0, sequence: 5)), property: "age"), .int(3), isDefault: false),
        ], ownFileIdent: 7)
        XCTAssertEqual(try realm.table(binding).read(5, binding.column(named: "age")!), .int(3))
        try realm.write { realm.add(SyPet()) }
        XCTAssertEqual(try realm.table(binding).allKeys(), [0, 1, 5, 6])
        // Erasing keeps the mapping (an undone erase gives the object back with its identity, FORMAT.md
        // II.17), but the object is gone; the same global key can be created again.
        try apply(realm, [.eraseObject(className: "SyPet", object: .global(remote))], ownFileIdent: 7)
        let txn = try realm.currentTxn()
        XCTAssertEqual(try txn.tree("sync.gkey.SyPet")?.get(ClusterKey.bigEndian(1)), ObjectIdentity.encode(remote))
        XCTAssertNil(try realm.localKey(binding, .global(remote), ownFileIdent: 7))
        try apply(realm, [.createObject(className: "SyPet", object: .global(remote))], ownFileIdent: 7)
        XCTAssertEqual(try realm.localKey(binding, .global(remote), ownFileIdent: 7), 7)
        // A local delete leaves no object to name either.
        try realm.write { realm.delete(realm.objects(SyPet.self).filter("name == ''").last!) }
        XCTAssertNil(try realm.localKey(binding, .global(remote), ownFileIdent: 7))
    }

    func testAppliedChangesNotifyButAreNotRecorded() throws {
        let realm = try syncRealm()
        var changes: [String] = []
        let token = realm.objects(SyPerson.self).observe { change in
            switch change {
            case .initial(let r): changes.append("initial \(r.count)")
            case .update(let r, let d, let i, let m): changes.append("\(d) \(i) \(m) \(r.map(\.name))")
            case .error(let e): changes.append("error \(e)")
            }
        }
        defer { token.invalidate() }
        try realm.write {
            try realm.applySyncChangeset(SyncChangeset([
                .createObject(className: "SyPerson", object: pk(1)),
                .set(t(1, .property("name")), .string("a"), isDefault: false),
            ]), ownFileIdent: 0)
            XCTAssertEqual(realm.currentSyncChangeset, SyncChangeset())
        }
        try apply(realm, [.set(t(1, .property("name")), .string("b"), isDefault: false)])
        try apply(realm, [.eraseObject(className: "SyPerson", object: pk(1))])
        XCTAssertEqual(changes, ["initial 0", "[] [0] [] [\"a\"]", "[] [] [0] [\"b\"]", "[0] [] [] []"])
    }

    func testSchemaAdditions() throws {
        let realm = try Realm(dynamicConfiguration: Realm.Configuration(inMemoryIdentifier: "apply-schema-\(UUID())"))
        let code = SyncPropertySchema(name: "code", type: .string, isPrimaryKey: true, isIndexed: true)
        let item = SyncObjectID.primaryKey(.string("a"))
        try apply(realm, [
            .addClass(name: "Item", primaryKey: code, isEmbedded: false),
            .addClass(name: "Item", primaryKey: code, isEmbedded: false),
            .createObject(className: "Item", object: item),
            .addProperty(className: "Item", property: SyncPropertySchema(name: "n", type: .int, isIndexed: true)),
            .addProperty(className: "Item", property: SyncPropertySchema(name: "n", type: .int, isIndexed: true)),
            .set(SyncTarget(className: "Item", object: item, property: "n"), .int(4), isDefault: false),
            .addProperty(className: "Item", property: SyncPropertySchema(name: "next", type: .object, isOptional: true, objectClassName: "Item")),
            .set(SyncTarget(className: "Item", object: item, property: "next"), .link(className: "Item", object: item), isDefault: false),
        ])
        XCTAssertEqual(realm.schema["Item"]?.properties.map(\.description), ["code: string (primary key)", "n: int (indexed)", "next: Item?"])
        let found = try realm.dynamicObjects("Item").filtered("n == 4")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(try found.first?.value(forProperty: "next") as? DynamicObject, found.first)
        XCTAssertEqual(applyError(realm, [.addClass(name: "Item", primaryKey: nil, isEmbedded: false)])?.isInvalidSyncChangeset(at: 0), true)
        XCTAssertEqual(applyError(realm, [.addClass(name: "Item", primaryKey: code, isEmbedded: true)])?.isInvalidSyncChangeset(at: 0), true)
        let changedType = applyError(realm, [
            .addProperty(className: "Item", property: SyncPropertySchema(name: "extra", type: .bool)),
            .addProperty(className: "Item", property: SyncPropertySchema(name: "n", type: .string)),
        ])
        XCTAssertEqual(changedType?.isInvalidSyncChangeset(at: 1), true)
        XCTAssertTrue("\(changedType!)".contains("Item.n exists as int (indexed), the changeset adds it as string"), "\(changedType!)")
        XCTAssertNil(realm.schema["Item"]?["extra"], "the failed write is rolled back")
        XCTAssertEqual(applyError(realm, [.addProperty(className: "Nope", property: SyncPropertySchema(name: "x", type: .int))])?
            .isInvalidSyncChangeset(at: 0), true)
    }

    func testValuesThatDoNotFitThrowNamingInstructionAndProperty() throws {
        let realm = try syncRealm()
        try apply(realm, [.createObject(className: "SyPerson", object: pk(1))])
        let cases: [(SyncInstruction, String)] = [
            (.set(t(1, .property("name")), .int(3), isDefault: false), "int 3 cannot be stored in name (string)"),
            (.set(t(1, .property("age")), .null, isDefault: false), "null cannot be stored in age (int)"),
            (.set(t(1, .property("friend")), .link(className: "SyPet", object: own(0)), isDefault: false), "friend links to SyPerson, not SyPet"),
            (.set(t(1, .property("friend")), .string("x"), isDefault: false), "cannot be stored in friend"),
            (.set(t(1, .property("tags")), .string("x"), isDefault: false), "SyPerson.tags is a list<string>: set cannot replace it"),
            (.set(t(1, .property("id")), .int(2), isDefault: false), "SyPerson.id is the primary key"),
            (.set(t(1, .property("nope")), .int(2), isDefault: false), "no stored property SyPerson.nope"),
            (.set(t(1, .property("name"), .property("x")), .int(2), isDefault: false), "SyPerson.name holds no embedded objects"),
            (.set(t(1, .property("stops"), .key("x"), .property("city")), .int(2), isDefault: false), "the path needs an index"),
            (.set(t(1), .int(2), isDefault: false), "does not name a property"),
            (.listInsert(t(1, .property("name")), index: 0, .int(2)), "SyPerson.name is not a list"),
            (.listInsert(t(1, .property("pets")), index: 0, .null), "pets (list<SyPet>) cannot hold null"),
            (.setInsert(t(1, .property("tags")), .string("x")), "SyPerson.tags is not a set"),
            (.dictionaryInsert(t(1, .property("counts")), key: "k", .string("x")), "string \"x\" cannot be stored in counts"),
            (.addInteger(t(1, .property("name")), 1), "SyPerson.name (string) is not an integer counter"),
            (.set(t(1, .property("name")), .embeddedObject, isDefault: false), "name (string) cannot hold an embedded object"),
            (.createObject(className: "SyAddress", object: own(0)), "SyAddress is embedded"),
            (.createObject(className: "Unknown", object: own(0)), "no class Unknown in the schema"),
            (.createObject(className: "SyPerson", object: own(0)), "SyPerson has primary key 'id'"),
            (.createObject(className: "SyPet", object: pk(1)), "SyPet has no primary key"),
            (.createObject(className: "SyPerson", object: .primaryKey(.string("x"))), "string \"x\" cannot be stored in id (int (primary key))"),
            (.createObject(className: "SyPet", object: .global(GlobalKey(fileIdent: 0, sequence: .max))), "sequence 18446744073709551615 is out of range"),
        ]
        for (instruction, message) in cases {
            let error = applyError(realm, [.createObject(className: "SyPerson", object: pk(2)), instruction])
            XCTAssertEqual(error?.isInvalidSyncChangeset(at: 1), true, "\(instruction): \(String(describing: error))")
            XCTAssertTrue(error.map { "\($0)".contains(message) } ?? false, "\(instruction): \(String(describing: error))")
            XCTAssertNil(person(realm, 2), "the failed write is rolled back")
        }
    }
}

extension SyncApplyTests {
    /// Random (often nonsensical) instructions never trap: each applies or throws a typed
    /// error, and two realms given the same instructions end equal.
    func testRandomInstructionsAreTotalAndDeterministic() throws {
        let left = try syncRealm(), right = try syncRealm()
        var rng = SplitMix64(state: 77)
        let classes = ["SyPerson", "SyPet", "SyTag", "SyAddress", "Nope"]
        let properties = ["name", "age", "score", "optInt", "friend", "pet", "tags", "nums", "counts", "pets", "petSet", "petMap",
                          "address", "stops", "places", "city", "zip", "geo", "lat", "lines", "buddy", "hits", "label", "id", "zz"]
        func object(_ rng: inout SplitMix64) -> SyncObjectID {
            switch rng.pick(3) {
            case 0: .primaryKey(.int(Int64(rng.pick(4))))
            case 1: .primaryKey(.string(["a", "b"][rng.pick(2)]))
            default: .global(GlobalKey(fileIdent: UInt64(rng.pick(3)), sequence: UInt64(rng.pick(4))))
            }
        }
        func value(_ rng: inout SplitMix64) -> SyncValue {
            switch rng.pick(10) {
            case 0: .null
            case 1: .int(Int64(rng.pick(5)))
            case 2: .string("s\(rng.pick(3))")
            case 3: .double(1.5)
            case 4: .bool(true)
            case 5, 6: .embeddedObject
            default: .link(className: classes[rng.pick(3)], object: object(&rng))
            }
        }
        func path(_ rng: inout SplitMix64) -> [SyncPathElement] {
            var path: [SyncPathElement] = []
            for _ in 0...rng.pick(3) {
                switch rng.pick(5) {
                case 0: path.append(.index(rng.pick(3)))
                case 1: path.append(.key("k\(rng.pick(2))"))
                default: path.append(.property(properties[rng.pick(properties.count)]))
                }
            }
            return path
        }
        var applied = 0
        for _ in 0..<600 {
            let t = SyncTarget(className: classes[rng.pick(classes.count)], object: object(&rng), path: path(&rng))
            let instruction: SyncInstruction
            switch rng.pick(14) {
            case 0, 1: instruction = .createObject(className: classes[rng.pick(classes.count)], object: object(&rng))
            case 2: instruction = .eraseObject(className: classes[rng.pick(classes.count)], object: object(&rng))
            case 3, 4: instruction = .set(t, value(&rng), isDefault: false)
            case 5: instruction = .addInteger(t, Int64(rng.pick(7)) - 3)
            case 6: instruction = .listInsert(t, index: rng.pick(4), value(&rng))
            case 7: instruction = .listSet(t, index: rng.pick(4), value(&rng))
            case 8: instruction = .listMove(t, from: rng.pick(3), to: rng.pick(3))
            case 9: instruction = .listErase(t, index: rng.pick(3))
            case 10: instruction = rng.pick(2) == 0 ? .setInsert(t, value(&rng)) : .setErase(t, value(&rng))
            case 11: instruction = .dictionaryInsert(t, key: "k\(rng.pick(2))", value(&rng))
            case 12: instruction = .dictionaryErase(t, key: "k\(rng.pick(2))")
            default: instruction = .clear(t)
            }
            var outcomes: [String] = []
            for realm in [left, right] {
                do {
                    try apply(realm, [instruction])
                    outcomes.append("applied")
                } catch let error as RealmError {
                    guard case .invalidSyncChangeset(0, _) = error else { return XCTFail("\(instruction): \(error)") }
                    outcomes.append("\(error)")
                }
            }
            XCTAssertEqual(outcomes[0], outcomes[1])
            if outcomes[0] == "applied" { applied += 1 }
            XCTAssertEqual(try exportRealm(left, ownFileIdent: 0), try exportRealm(right, ownFileIdent: 0), "\(instruction)")
        }
        XCTAssertGreaterThan(applied, 50)
        XCTAssertGreaterThan(left.objects(SyPerson.self).count, 0)
    }
}

extension RealmError {
    func isInvalidSyncChangeset(at index: Int) -> Bool {
        if case .invalidSyncChangeset(let i, _) = self { return i == index }
        return false
    }
}
