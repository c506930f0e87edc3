import Fief
import Foundation
import XCTest

/// Synthesized `Codable` on `Object` and `EmbeddedObject` subclasses, as in RealmSwift.
final class CodableObjectTests: XCTestCase {
    let ownerId = ObjectId("1234567890abcdef12345678")
    /// Sorted keys, so that equal objects give equal bytes.
    let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    private func json(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func filled() -> CodableAllTypes {
        let o = CodableAllTypes()
        o.string = "abc"; o.int = 1; o.int8 = 2; o.int16 = 3; o.int32 = 4; o.int64 = 5
        o.float = 2.5; o.double = 3.5; o.bool = true
        o.date = Date(timeIntervalSinceReferenceDate: 100); o.data = Data("def".utf8)
        o.decimal = Decimal128(integerLiteral: 150); o.objectId = ObjectId("aaaaaaaaaaaaaaaaaaaaaaaa")
        o.uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!; o.color = .green
        o.stringOpt = "opt"; o.intOpt = 7; o.colorOpt = .blue
        o.owner = CodablePerson(value: ["_id": ownerId, "name": "Ann"])
        o.address = CodableAddress(value: ["street": "Main", "city": "Oslo"])
        o.tags.append(objectsIn: ["x", "y"])
        o.optionalInts.append(objectsIn: [1, nil])
        o.colors.append(.red)
        o.scores.insert(9)
        o.ratings["chess"] = 4.5
        o.friends.append(CodablePerson(value: ["_id": ObjectId("bbbbbbbbbbbbbbbbbbbbbbbb"), "name": "Bob"]))
        o.addresses.append(CodableAddress(value: ["street": "Elm"]))
        o.closeFriends.insert(CodablePerson(value: ["_id": ObjectId("cccccccccccccccccccccccc"), "name": "Cy"]))
        o.peopleByRole["boss"] = CodablePerson(value: ["_id": ObjectId("dddddddddddddddddddddddd"), "name": "Di"])
        o.peopleByRole["nobody"] = .some(nil)
        o.boxedInt.value = 11
        o.legacyDouble.value = 1.25
        return o
    }

    private func assertFilled(_ o: CodableAllTypes, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(o.string, "abc", file: file, line: line)
        XCTAssertEqual([o.int, Int(o.int8), Int(o.int16), Int(o.int32), Int(o.int64)], [1, 2, 3, 4, 5], file: file, line: line)
        XCTAssertEqual(o.float, 2.5, file: file, line: line)
        XCTAssertEqual(o.double, 3.5, file: file, line: line)
        XCTAssertTrue(o.bool, file: file, line: line)
        XCTAssertEqual(o.date, Date(timeIntervalSinceReferenceDate: 100), file: file, line: line)
        XCTAssertEqual(o.data, Data("def".utf8), file: file, line: line)
        XCTAssertEqual(o.decimal, Decimal128(integerLiteral: 150), file: file, line: line)
        XCTAssertEqual(o.objectId, ObjectId("aaaaaaaaaaaaaaaaaaaaaaaa"), file: file, line: line)
        XCTAssertEqual(o.uuid, UUID(uuidString: "00000000-0000-0000-0000-000000000001"), file: file, line: line)
        XCTAssertEqual(o.color, .green, file: file, line: line)
        XCTAssertEqual(o.stringOpt, "opt", file: file, line: line)
        XCTAssertEqual(o.intOpt, 7, file: file, line: line)
        XCTAssertNil(o.dateOpt, file: file, line: line)
        XCTAssertEqual(o.colorOpt, .blue, file: file, line: line)
        XCTAssertEqual(o.owner?._id, ownerId, file: file, line: line)
        XCTAssertEqual(o.owner?.name, "Ann", file: file, line: line)
        XCTAssertEqual(o.address?.street, "Main", file: file, line: line)
        XCTAssertEqual(o.address?.city, "Oslo", file: file, line: line)
        XCTAssertEqual(Array(o.tags), ["x", "y"], file: file, line: line)
        XCTAssertEqual(Array(o.optionalInts), [1, nil], file: file, line: line)
        XCTAssertEqual(Array(o.colors), [.red], file: file, line: line)
        XCTAssertEqual(Array(o.scores), [9], file: file, line: line)
        XCTAssertEqual(o.ratings["chess"], 4.5, file: file, line: line)
        XCTAssertEqual(o.friends.map(\.name), ["Bob"], file: file, line: line)
        XCTAssertEqual(o.addresses.map(\.street), ["Elm"], file: file, line: line)
        XCTAssertEqual(o.addresses.first?.city, nil, file: file, line: line)
        XCTAssertEqual(o.closeFriends.map(\.name), ["Cy"], file: file, line: line)
        XCTAssertEqual(o.peopleByRole["boss"]??.name, "Di", file: file, line: line)
        XCTAssertEqual(o.boxedInt.value, 11, file: file, line: line)
        XCTAssertEqual(o.legacyDouble.value, 1.25, file: file, line: line)
    }

    func testUnmanagedObjectsRoundTripEveryPropertyType() throws {
        let data = try encoder.encode(filled())
        let decoded = try JSONDecoder().decode(CodableAllTypes.self, from: data)
        XCTAssertNil(decoded.realm)
        assertFilled(decoded)
        XCTAssertEqual(try encoder.encode(decoded), data, "encoding the decoded object gives the same JSON")
    }

    func testTheJSONHasRealmSwiftsShape() throws {
        let dict = try json(JSONEncoder().encode(filled()))
        XCTAssertEqual(dict["string"] as? String, "abc")
        XCTAssertEqual(dict["date"] as? Double, 100, "JSONEncoder's default date strategy")
        XCTAssertEqual(dict["decimal"] as? String, "150")
        XCTAssertEqual(dict["objectId"] as? String, "aaaaaaaaaaaaaaaaaaaaaaaa")
        XCTAssertEqual(dict["color"] as? String, "green", "enums encode their raw values")
        XCTAssertTrue(dict["dateOpt"] is NSNull, "nil encodes as null")
        let owner = try XCTUnwrap(dict["owner"] as? [String: Any], "links encode as nested objects")
        XCTAssertEqual(owner["name"] as? String, "Ann")
        XCTAssertEqual(owner["_id"] as? String, "1234567890abcdef12345678")
        XCTAssertEqual((dict["address"] as? [String: Any])?["street"] as? String, "Main")
        XCTAssertEqual(dict["tags"] as? [String], ["x", "y"])
        XCTAssertEqual(dict["ratings"] as? [String: Double], ["chess": 4.5])
        XCTAssertEqual((dict["friends"] as? [[String: Any]])?.first?["name"] as? String, "Bob")
        let roles = try XCTUnwrap(dict["peopleByRole"] as? [String: Any])
        XCTAssertEqual((roles["boss"] as? [String: Any])?["name"] as? String, "Di")
        XCTAssertTrue(roles["nobody"] is NSNull)
        XCTAssertEqual(dict["boxedInt"] as? Int, 11)
        XCTAssertEqual(dict["legacyDouble"] as? Double, 1.25)
        XCTAssertEqual(Set(dict.keys).count, 33, "every property, and nothing else")
    }

    func testAnUnsetPropertyEncodesItsTypesDefault() throws {
        let dict = try json(JSONEncoder().encode(CodableAllTypes()))
        XCTAssertEqual(dict["string"] as? String, "")
        XCTAssertEqual(dict["int"] as? Int, 0)
        XCTAssertEqual(dict["color"] as? String, "red", "an enum's first case")
        XCTAssertEqual(dict["tags"] as? [String], [])
        XCTAssertEqual(dict["ratings"] as? [String: Double], [:])
        XCTAssertTrue(dict["owner"] is NSNull)
        XCTAssertTrue(dict["boxedInt"] is NSNull)
    }

    func testMissingOptionalKeysDecodeAsNilAndMissingRequiredKeysThrow() throws {
        var dict = try json(JSONEncoder().encode(filled()))
        for key in ["stringOpt", "intOpt", "dateOpt", "colorOpt", "objectIdOpt", "owner", "address"] { dict[key] = nil }
        let decoded = try JSONDecoder().decode(CodableAllTypes.self, from: JSONSerialization.data(withJSONObject: dict))
        XCTAssertNil(decoded.stringOpt)
        XCTAssertNil(decoded.intOpt)
        XCTAssertNil(decoded.colorOpt)
        XCTAssertNil(decoded.owner)
        XCTAssertNil(decoded.address)
        XCTAssertEqual(decoded.string, "abc")

        for key in ["string", "tags", "color"] {
            var missing = dict
            missing[key] = nil
            XCTAssertThrowsError(try JSONDecoder().decode(CodableAllTypes.self, from: JSONSerialization.data(withJSONObject: missing))) {
                guard case DecodingError.keyNotFound(let codingKey, _) = $0 else { return XCTFail("\($0)") }
                XCTAssertEqual(codingKey.stringValue, key, "as in RealmSwift, only optional properties may be missing")
            }
        }
        var null = dict
        null["stringOpt"] = NSNull()
        null["owner"] = NSNull()
        let nulls = try JSONDecoder().decode(CodableAllTypes.self, from: JSONSerialization.data(withJSONObject: null))
        XCTAssertNil(nulls.stringOpt)
        XCTAssertNil(nulls.owner)
        null["string"] = NSNull()
        XCTAssertThrowsError(try JSONDecoder().decode(CodableAllTypes.self, from: JSONSerialization.data(withJSONObject: null)))
    }

    func testDecodedObjectsAreUnmanagedAndCanBeAdded() throws {
        let realm = try Realm(configuration: memoryConfiguration(codableTypes))
        let decoded = try JSONDecoder().decode(CodableAllTypes.self, from: JSONEncoder().encode(filled()))
        try realm.write { realm.add(decoded) }
        XCTAssertEqual(decoded.realm, realm)
        let stored = try XCTUnwrap(realm.objects(CodableAllTypes.self).first)
        assertFilled(stored)
        XCTAssertEqual(realm.objects(CodablePerson.self).count, 4, "the linked objects were added with it")
        XCTAssertEqual(realm.object(ofType: CodablePerson.self, forPrimaryKey: ownerId)?.name, "Ann")
    }

    func testManagedObjectsEncodeTheirCurrentValues() throws {
        let realm = try Realm(configuration: memoryConfiguration(codableTypes))
        let object = filled()
        let unmanagedJSON = try encoder.encode(object)
        try realm.write { realm.add(object) }
        XCTAssertEqual(try encoder.encode(EncodableObject(object)), unmanagedJSON)
        let results = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(realm.objects(CodableAllTypes.self))) as? [Any])
        XCTAssertEqual(results.count, 1)

        try realm.write {
            object.string = "changed"
            object.owner?.name = "Anne"
            object.friends.append(CodablePerson(value: ["name": "Eve"]))
            object.ratings["go"] = 1
            object.boxedInt.value = nil
        }
        let dict = try json(JSONEncoder().encode(EncodableObject(object)))
        XCTAssertEqual(dict["string"] as? String, "changed")
        XCTAssertEqual((dict["owner"] as? [String: Any])?["name"] as? String, "Anne")
        XCTAssertEqual((dict["friends"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Bob", "Eve"])
        XCTAssertEqual(dict["ratings"] as? [String: Double], ["chess": 4.5, "go": 1])
        XCTAssertTrue(dict["boxedInt"] is NSNull)

        let copy = try JSONDecoder().decode(CodableAllTypes.self, from: JSONEncoder().encode(EncodableObject(object)))
        XCTAssertEqual(copy.friends.map(\.name), ["Bob", "Eve"])
        XCTAssertNil(copy.realm)
        XCTAssertNil(copy.owner?.realm, "decoding makes unmanaged objects all the way down")
    }

    func testManagedObjectsAreFoundThroughLinksListsSetsMapsAndResults() throws {
        let realm = try Realm(configuration: memoryConfiguration(codableTypes))
        let ann = CodablePerson(value: ["_id": ownerId, "name": "Ann"])
        try realm.write { realm.add(ann) }
        let holder = CodableAllTypes()
        holder.owner = ann
        holder.friends.append(ann)
        holder.closeFriends.insert(ann)
        holder.peopleByRole["boss"] = ann
        let dict = try json(JSONEncoder().encode(holder))
        XCTAssertEqual((dict["owner"] as? [String: Any])?["name"] as? String, "Ann", "an unmanaged object's managed link")
        XCTAssertEqual((dict["friends"] as? [[String: Any]])?.first?["name"] as? String, "Ann")
        XCTAssertEqual((dict["closeFriends"] as? [[String: Any]])?.first?["name"] as? String, "Ann")
        XCTAssertEqual(((dict["peopleByRole"] as? [String: Any])?["boss"] as? [String: Any])?["name"] as? String, "Ann")
        let people = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(realm.objects(CodablePerson.self))) as? [[String: Any]])
        XCTAssertEqual(people.first?["name"] as? String, "Ann")
        let any = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(AnyRealmCollection(realm.objects(CodablePerson.self)))) as? [[String: Any]])
        XCTAssertEqual(any.count, 1)
    }

    func testAManagedObjectGivenToAnEncoderDirectlyThrows() throws {
        let realm = try Realm(configuration: memoryConfiguration(codableTypes))
        let ann = CodablePerson(value: ["name": "Ann"])
        try realm.write { realm.add(ann) }
        XCTAssertThrowsError(try JSONEncoder().encode(ann)) {
            guard case EncodingError.invalidValue = $0 else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try JSONEncoder().encode([ann]), "an Array is not Fief's: wrap the object or use a Realm collection")
        XCTAssertNoThrow(try JSONEncoder().encode([EncodableObject(ann)]))
        try realm.write { realm.delete(ann) }
        XCTAssertThrowsError(try JSONEncoder().encode(EncodableObject(ann)), "a deleted object")
    }

    func testAHandWrittenEncodeReadsManagedValuesThroughItsProperties() throws {
        let realm = try Realm(configuration: memoryConfiguration(codableTypes))
        let holder = CodableCustomHolder(value: ["title": "t"])
        try realm.write { realm.add(holder) }
        XCTAssertEqual(try json(JSONEncoder().encode(holder))["title"] as? String, "t", "wrapped values read the realm")
        try realm.write { holder.owner = CodablePerson(value: ["name": "Ann"]) }
        XCTAssertThrowsError(try JSONEncoder().encode(EncodableObject(holder)),
                             "a managed object handed to the encoder by hand is not taken for the object being encoded") {
            guard case EncodingError.invalidValue = $0 else { return XCTFail("\($0)") }
        }
    }

    func testFrozenObjectsEncode() throws {
        let realm = try Realm(configuration: memoryConfiguration(codableTypes))
        let object = filled()
        try realm.write { realm.add(object) }
        let frozen = object.freeze()
        try realm.write { object.string = "later" }
        let dict = try json(JSONEncoder().encode(EncodableObject(frozen)))
        XCTAssertEqual(dict["string"] as? String, "abc")
    }

    func testCodingKeysRenameAndLeaveOutBacklinks() throws {
        let realm = try Realm(configuration: memoryConfiguration(codableTypes))
        let pet = try JSONDecoder().decode(CodablePet.self, from: Data(#"{"pet_id": 3, "name": "Rex"}"#.utf8))
        XCTAssertEqual(pet.id, 3)
        let owner = try JSONDecoder().decode(CodableOwner.self, from: Data(#"{"name": "Ann", "pets": [{"pet_id": 4, "name": "Kit"}]}"#.utf8))
        try realm.write {
            realm.add(pet)
            realm.add(owner)
            owner.pets.append(pet)
        }
        XCTAssertEqual(pet.owners.map(\.name), ["Ann"])
        let dict = try json(JSONEncoder().encode(EncodableObject(pet)))
        XCTAssertEqual(dict as NSDictionary, ["pet_id": 3, "name": "Rex"] as NSDictionary)
        let ownerDict = try json(JSONEncoder().encode(EncodableObject(owner)))
        XCTAssertEqual((ownerDict["pets"] as? [[String: Any]])?.compactMap { $0["pet_id"] as? Int }, [4, 3])
    }

    func testEncoderStrategiesReachEveryValue() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("t\(Int(date.timeIntervalSince1970))")
        }
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let object = CodableAllTypes()
        object.date = Date(timeIntervalSince1970: 1)
        object.dateOpt = Date(timeIntervalSince1970: 2)
        object.ratings["topScore"] = 1
        let realm = try Realm(configuration: memoryConfiguration(codableTypes))
        try realm.write { realm.add(object) }
        let dict = try json(encoder.encode(EncodableObject(object)))
        XCTAssertEqual(dict["date"] as? String, "t1")
        XCTAssertEqual(dict["date_opt"] as? String, "t2")
        XCTAssertEqual(dict["ratings"] as? [String: Double], ["topScore": 1], "map keys are data, not coding keys")
    }
}
