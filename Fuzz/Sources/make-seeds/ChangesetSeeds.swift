@_spi(Sync) import Fief
import Foundation
import SyncChangesetHarness

/// Seed changesets for `fuzz-sync-changeset`, on the harness's models (`SC*`): every
/// instruction, every value kind, every identity kind and path shape (a property, through an
/// embedded object, through a list index and a map key, two embedded levels), changes of
/// objects that do not exist, changesets the realm refuses (wrong types, unknown names, bad
/// paths, conflicting schema), and a few byte strings the decoder refuses. Deterministic.
func changesetSeeds() -> [(name: String, bytes: [UInt8])] {
    var seeds = validChangesets().map { ($0.name, SyncChangesetCoding.encode(SyncChangeset($0.instructions))) }
    seeds += malformedChangesets()
    return seeds
}

/// `SCPerson` with primary key `id`.
private func person(_ id: Int64) -> SyncObjectID { .primaryKey(.int(id)) }

/// A target of `SCPerson` `id` through `path`.
private func personAt(_ id: Int64, _ path: SyncPathElement...) -> SyncTarget {
    SyncTarget(className: "SCPerson", object: person(id), path: path)
}

/// A top-level property of `SCPerson` `id`.
private func personProperty(_ id: Int64, _ property: String) -> SyncTarget {
    SyncTarget(className: "SCPerson", object: person(id), property: property)
}

private let createPerson1 = SyncInstruction.createObject(className: "SCPerson", object: person(1))
private let createPerson2 = SyncInstruction.createObject(className: "SCPerson", object: person(2))
/// A dog this file created (file identity 0, object key 5).
private let ownDog = SyncObjectID.global(GlobalKey(fileIdent: 0, sequence: 5))
/// A dog file 9 created (mapped to a local key).
private let otherDog = SyncObjectID.global(GlobalKey(fileIdent: 9, sequence: 1))
/// A dog created under this file's assigned identity (7).
private let assignedDog = SyncObjectID.global(GlobalKey(fileIdent: 7, sequence: 3))
private let noteID = ObjectId(bytes: Array(0 ..< 12))!
private let tokenID = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))

/// The valid seeds: names and instructions.
private func validChangesets() -> [(name: String, instructions: [SyncInstruction])] {
    let p1 = { (property: String) in personProperty(1, property) }
    return [
        ("empty", []),
        ("person-every-scalar", [
            createPerson1,
            .set(p1("name"), .string("Ada"), isDefault: false),
            .set(p1("age"), .int(36), isDefault: false),
            .set(p1("flag"), .bool(true), isDefault: false),
            .set(p1("float"), .float(1.5), isDefault: false),
            .set(p1("score"), .double(-2.25), isDefault: false),
            .set(p1("data"), .data([0, 1, 2, 0xFF]), isDefault: false),
            .set(p1("date"), .date(Date(timeIntervalSince1970: 1_700_000_000)), isDefault: false),
            .set(p1("decimal"), .decimal(Decimal128(string: "123.456")!), isDefault: false),
            .set(p1("objectId"), .objectId(noteID), isDefault: false),
            .set(p1("uuid"), .uuid(tokenID), isDefault: false),
            .set(p1("optInt"), .int(-7), isDefault: true),
            .set(p1("optString"), .string("ünïcode 🦊"), isDefault: false),
            .set(p1("optDouble"), .null, isDefault: false),
            .set(p1("optDate"), .date(Date(timeIntervalSince1970: 0)), isDefault: false),
        ]),
        ("person-mixed-values", [
            createPerson1, createPerson2,
            .set(p1("mixed"), .int(1), isDefault: false),
            .set(p1("mixed"), .string("x"), isDefault: false),
            .set(p1("mixed"), .link(className: "SCPerson", object: person(2)), isDefault: false),
            .set(p1("mixed"), .null, isDefault: false),
        ]),
        ("links-and-missing-targets", [
            createPerson1, createPerson2,
            .set(p1("best"), .link(className: "SCPerson", object: person(2)), isDefault: false),
            .set(personProperty(2, "best"), .link(className: "SCPerson", object: person(1)), isDefault: false),
            .set(p1("best"), .link(className: "SCPerson", object: person(99)), isDefault: false),
            .listInsert(p1("friends"), index: 0, .link(className: "SCPerson", object: person(2))),
            .listInsert(p1("friends"), index: 5, .link(className: "SCPerson", object: person(1))),
            .listInsert(p1("friends"), index: 0, .link(className: "SCPerson", object: person(98))),
        ]),
        ("dogs-global-keys", [
            createPerson1,
            .createObject(className: "SCDog", object: ownDog),
            .createObject(className: "SCDog", object: otherDog),
            .createObject(className: "SCDog", object: assignedDog),
            .set(SyncTarget(className: "SCDog", object: ownDog, property: "name"), .string("Rex"), isDefault: false),
            .set(SyncTarget(className: "SCDog", object: otherDog, property: "owner"), .link(className: "SCPerson", object: person(1)), isDefault: false),
            .set(SyncTarget(className: "SCDog", object: assignedDog, property: "age"), .int(3), isDefault: false),
            .listInsert(SyncTarget(className: "SCDog", object: otherDog, property: "toys"), index: 0, .string("ball")),
            .set(p1("pet"), .link(className: "SCDog", object: otherDog), isDefault: false),
            .setInsert(p1("dogs"), .link(className: "SCDog", object: ownDog)),
            .setInsert(p1("dogs"), .link(className: "SCDog", object: assignedDog)),
            .dictionaryInsert(p1("pets"), key: "first", .link(className: "SCDog", object: ownDog)),
            .dictionaryInsert(p1("pets"), key: "ghost", .link(className: "SCDog", object: .global(GlobalKey(fileIdent: 4, sequence: 4)))),
        ]),
        ("erase-linked-objects", [
            createPerson1, createPerson2,
            .createObject(className: "SCDog", object: otherDog),
            .set(p1("best"), .link(className: "SCPerson", object: person(2)), isDefault: false),
            .listInsert(p1("friends"), index: 0, .link(className: "SCPerson", object: person(2))),
            .setInsert(p1("dogs"), .link(className: "SCDog", object: otherDog)),
            .dictionaryInsert(p1("pets"), key: "d", .link(className: "SCDog", object: otherDog)),
            .eraseObject(className: "SCPerson", object: person(2)),
            .eraseObject(className: "SCDog", object: otherDog),
            .eraseObject(className: "SCDog", object: otherDog),
            .createObject(className: "SCDog", object: otherDog),
        ]),
        ("list-operations", [
            createPerson1,
            .listInsert(p1("numbers"), index: 0, .int(10)),
            .listInsert(p1("numbers"), index: 1, .int(20)),
            .listInsert(p1("numbers"), index: 0, .int(5)),
            .listInsert(p1("numbers"), index: 100, .int(30)),
            .listSet(p1("numbers"), index: 1, .int(11)),
            .listSet(p1("numbers"), index: 9, .int(0)),
            .listMove(p1("numbers"), from: 0, to: 3),
            .listMove(p1("numbers"), from: 7, to: 0),
            .listErase(p1("numbers"), index: 2),
            .listErase(p1("numbers"), index: 40),
            .listInsert(p1("optStrings"), index: 0, .null),
            .listInsert(p1("optStrings"), index: 1, .string("s")),
            .clear(p1("optStrings")),
            .clear(p1("optStrings")),
        ]),
        ("set-operations", [
            createPerson1,
            .setInsert(p1("tags"), .string("a")),
            .setInsert(p1("tags"), .string("b")),
            .setInsert(p1("tags"), .string("a")),
            .setErase(p1("tags"), .string("a")),
            .setErase(p1("tags"), .string("zz")),
            .createObject(className: "SCTag", object: .primaryKey(.string("red"))),
            .setInsert(SyncTarget(className: "SCTag", object: .primaryKey(.string("red")), property: "aliases"), .int(3)),
            .listInsert(SyncTarget(className: "SCTag", object: .primaryKey(.string("red")), property: "weights"), index: 0, .double(0.5)),
            .addInteger(SyncTarget(className: "SCTag", object: .primaryKey(.string("red")), property: "count"), 4),
            .clear(p1("tags")),
        ]),
        ("map-operations", [
            createPerson1,
            .dictionaryInsert(p1("scores"), key: "math", .int(90)),
            .dictionaryInsert(p1("scores"), key: "art", .int(70)),
            .dictionaryInsert(p1("scores"), key: "math", .int(95)),
            .dictionaryErase(p1("scores"), key: "art"),
            .dictionaryErase(p1("scores"), key: "none"),
            .dictionaryInsert(p1("scores"), key: "", .int(0)),
            .clear(p1("scores")),
        ]),
        ("embedded-paths", [
            createPerson1,
            .set(p1("address"), .embeddedObject, isDefault: false),
            .set(personAt(1, .property("address"), .property("city")), .string("Oslo"), isDefault: false),
            .set(personAt(1, .property("address"), .property("zip")), .int(150), isDefault: false),
            .set(personAt(1, .property("address"), .property("geo")), .embeddedObject, isDefault: false),
            .set(personAt(1, .property("address"), .property("geo"), .property("lat")), .double(59.9), isDefault: false),
            .listInsert(personAt(1, .property("address"), .property("tags")), index: 0, .string("home")),
            .set(personAt(1, .property("address"), .property("resident")), .link(className: "SCPerson", object: person(1)), isDefault: false),
            .listInsert(p1("addresses"), index: 0, .embeddedObject),
            .listInsert(p1("addresses"), index: 1, .embeddedObject),
            .set(personAt(1, .property("addresses"), .index(1), .property("city")), .string("Bergen"), isDefault: false),
            .set(personAt(1, .property("addresses"), .index(0), .property("geo")), .embeddedObject, isDefault: false),
            .set(personAt(1, .property("addresses"), .index(0), .property("geo"), .property("lon")), .double(10.7), isDefault: false),
            .listMove(p1("addresses"), from: 0, to: 1),
            .listSet(p1("addresses"), index: 0, .embeddedObject),
            .listErase(p1("addresses"), index: 1),
            .dictionaryInsert(p1("places"), key: "work", .embeddedObject),
            .set(personAt(1, .property("places"), .key("work"), .property("city")), .string("Trondheim"), isDefault: false),
            .dictionaryInsert(p1("places"), key: "nowhere", .null),
            .set(personAt(1, .property("places"), .key("missing"), .property("city")), .string("lost"), isDefault: false),
            .set(personAt(1, .property("addresses"), .index(7), .property("city")), .string("lost"), isDefault: false),
            .set(p1("address"), .embeddedObject, isDefault: false),
            .set(p1("address"), .null, isDefault: false),
        ]),
        ("notes-and-tokens", [
            .createObject(className: "SCNote", object: .primaryKey(.objectId(noteID))),
            .set(SyncTarget(className: "SCNote", object: .primaryKey(.objectId(noteID)), property: "text"), .string("hello"), isDefault: false),
            .set(SyncTarget(className: "SCNote", object: .primaryKey(.objectId(noteID)), property: "where"), .embeddedObject, isDefault: false),
            .dictionaryInsert(SyncTarget(className: "SCNote", object: .primaryKey(.objectId(noteID)), property: "extras"), key: "n", .int(1)),
            .dictionaryInsert(SyncTarget(className: "SCNote", object: .primaryKey(.objectId(noteID)), property: "extras"), key: "s", .string("t")),
            .dictionaryInsert(SyncTarget(className: "SCNote", object: .primaryKey(.objectId(noteID)), property: "extras"), key: "d", .decimal(Decimal128(string: "-0.5")!)),
            .listInsert(SyncTarget(className: "SCNote", object: .primaryKey(.objectId(noteID)), property: "mixedList"), index: 0, .uuid(tokenID)),
            .listInsert(SyncTarget(className: "SCNote", object: .primaryKey(.objectId(noteID)), property: "mixedList"), index: 0, .data([9, 9])),
            .listInsert(SyncTarget(className: "SCNote", object: .primaryKey(.objectId(noteID)), property: "mixedList"), index: 0, .bool(false)),
            .createObject(className: "SCToken", object: .primaryKey(.uuid(tokenID))),
            .set(SyncTarget(className: "SCToken", object: .primaryKey(.uuid(tokenID)), property: "uses"), .int(2), isDefault: false),
            .addInteger(SyncTarget(className: "SCToken", object: .primaryKey(.uuid(tokenID)), property: "uses"), -3),
            .eraseObject(className: "SCNote", object: .primaryKey(.objectId(noteID))),
        ]),
        ("add-integer", [
            createPerson1,
            .addInteger(p1("age"), 5),
            .addInteger(p1("age"), .max),
            .addInteger(p1("optInt"), 1),
            .set(p1("optInt"), .int(.min), isDefault: false),
            .addInteger(p1("optInt"), -1),
        ]),
        ("missing-objects", [
            .set(personProperty(404, "name"), .string("nobody"), isDefault: false),
            .listInsert(personProperty(404, "numbers"), index: 0, .int(1)),
            .eraseObject(className: "SCPerson", object: person(404)),
            .addInteger(SyncTarget(className: "SCDog", object: otherDog, property: "age"), 1),
            .clear(personProperty(404, "tags")),
        ]),
        ("schema-additions", [
            .addClass(name: "SCExtra", primaryKey: SyncPropertySchema(name: "code", type: .string, isPrimaryKey: true), isEmbedded: false),
            .addClass(name: "SCLoose", primaryKey: nil, isEmbedded: false),
            .addClass(name: "SCInner", primaryKey: nil, isEmbedded: true),
            .addProperty(className: "SCExtra", property: SyncPropertySchema(name: "size", type: .int, isOptional: true, isIndexed: true)),
            .addProperty(className: "SCExtra", property: SyncPropertySchema(name: "owner", type: .object, isOptional: true, objectClassName: "SCPerson")),
            .addProperty(className: "SCExtra", property: SyncPropertySchema(name: "parts", type: .object, collection: .list, objectClassName: "SCInner")),
            .addProperty(className: "SCInner", property: SyncPropertySchema(name: "weight", type: .double)),
            .addProperty(className: "SCPerson", property: SyncPropertySchema(name: "nickname", type: .string, isOptional: true)),
            .addProperty(className: "SCPerson", property: SyncPropertySchema(name: "codes", type: .int, collection: .set)),
            .addProperty(className: "SCPerson", property: SyncPropertySchema(name: "extra", type: .object, isOptional: true, objectClassName: "SCExtra")),
            .createObject(className: "SCExtra", object: .primaryKey(.string("x1"))),
            .set(SyncTarget(className: "SCExtra", object: .primaryKey(.string("x1")), property: "size"), .int(3), isDefault: false),
            .listInsert(SyncTarget(className: "SCExtra", object: .primaryKey(.string("x1")), property: "parts"), index: 0, .embeddedObject),
            .createObject(className: "SCLoose", object: .global(GlobalKey(fileIdent: 2, sequence: 8))),
        ]),
        ("schema-existing-alike", [
            .addClass(name: "SCPerson", primaryKey: SyncPropertySchema(name: "id", type: .int, isPrimaryKey: true), isEmbedded: false),
            .addProperty(className: "SCPerson", property: SyncPropertySchema(name: "age", type: .int)),
            .addClass(name: "SCDog", primaryKey: nil, isEmbedded: false),
        ]),
        // Refused by the realm (invalidSyncChangeset), after some instructions applied.
        ("refused-schema-conflict", [
            createPerson1,
            .addProperty(className: "SCPerson", property: SyncPropertySchema(name: "age", type: .string)),
        ]),
        ("refused-class-conflict", [
            .addClass(name: "SCDog", primaryKey: SyncPropertySchema(name: "id", type: .int, isPrimaryKey: true), isEmbedded: false),
        ]),
        ("refused-wrong-type", [createPerson1, .set(p1("age"), .string("old"), isDefault: false)]),
        ("refused-unknown-class", [.createObject(className: "Nope", object: person(1))]),
        ("refused-unknown-property", [createPerson1, .set(p1("nope"), .int(1), isDefault: false)]),
        ("refused-set-primary-key", [createPerson1, .set(p1("id"), .int(2), isDefault: false)]),
        ("refused-path-through-link", [
            createPerson1, createPerson2,
            .set(p1("best"), .link(className: "SCPerson", object: person(2)), isDefault: false),
            .set(personAt(1, .property("best"), .property("name")), .string("x"), isDefault: false),
        ]),
        ("refused-list-path-without-index", [
            createPerson1, .listInsert(p1("addresses"), index: 0, .embeddedObject),
            .set(personAt(1, .property("addresses"), .property("city")), .string("x"), isDefault: false),
        ]),
        ("refused-global-key-for-pk-class", [.createObject(className: "SCPerson", object: otherDog)]),
        ("refused-pk-for-global-class", [.createObject(className: "SCDog", object: person(1))]),
        ("refused-embedded-top-level", [.createObject(className: "SCAddress", object: .global(GlobalKey(fileIdent: 0, sequence: 1)))]),
        ("refused-wrong-link-class", [
            createPerson1, .createObject(className: "SCDog", object: ownDog),
            .set(p1("best"), .link(className: "SCDog", object: ownDog), isDefault: false),
        ]),
        ("refused-null-in-link-list", [createPerson1, .listInsert(p1("friends"), index: 0, .null)]),
        ("refused-set-on-list", [createPerson1, .set(p1("numbers"), .int(1), isDefault: false)]),
        ("refused-embedded-in-set", [createPerson1, .setInsert(p1("tags"), .embeddedObject)]),
        ("refused-clear-scalar", [createPerson1, .clear(p1("name"))]),
        ("refused-add-to-string", [createPerson1, .addInteger(p1("name"), 1)]),
        ("refused-list-op-on-map", [createPerson1, .listInsert(p1("scores"), index: 0, .int(1))]),
        ("refused-map-op-on-set", [createPerson1, .dictionaryInsert(p1("tags"), key: "k", .string("v"))]),
    ]
}

/// Byte strings the decoder refuses, each next to one check.
private func malformedChangesets() -> [(name: String, bytes: [UInt8])] {
    // II.15's example: Dog 3:0 created and named "Rex".
    let example: [UInt8] = [0x01, 0x02, 0x03, 0x44, 0x6F, 0x67, 0x04, 0x6E, 0x61, 0x6D, 0x65, 0x02,
                            0x03, 0x00, 0x01, 0x03, 0x00,
                            0x05, 0x00, 0x01, 0x03, 0x00, 0x01, 0x00, 0x01, 0x06, 0x03, 0x52, 0x65, 0x78, 0x00]
    var badVersion = example
    badVersion[0] = 0x02
    var badOpcode = example
    badOpcode[12] = 0x10
    var badNameIndex = example
    badNameIndex[13] = 0x05
    var badUTF8 = example
    badUTF8[3] = 0xC3
    var depthZero = example
    depthZero[22] = 0x00
    var badTag = example
    badTag[25] = 0x0E
    var hugeCount: [UInt8] = [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]
    hugeCount += [0x00]
    return [
        ("malformed-empty", []),
        ("malformed-version", badVersion),
        ("malformed-truncated", Array(example.dropLast(3))),
        ("malformed-trailing", example + [0x00]),
        ("malformed-opcode", badOpcode),
        ("malformed-name-index", badNameIndex),
        ("malformed-utf8", badUTF8),
        ("malformed-depth-zero", depthZero),
        ("malformed-value-tag", badTag),
        ("malformed-huge-count", hugeCount),
        ("example-dog", example),
    ]
}
