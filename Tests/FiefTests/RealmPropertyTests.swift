import Fief
import Foundation
import XCTest

final class RPPerson: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    let age = RealmProperty<Int?>()
    let extra = RealmProperty<AnyRealmValue>()
    let weight = RealmOptional<Double>()
    let active = RealmOptional<Bool>(true)
}

final class RealmPropertyTests: XCTestCase {
    func testTheSchemaRecordsBoxesAsOptionalProperties() throws {
        let realm = try Realm(configuration: memoryConfiguration([RPPerson.self]))
        let schema = try XCTUnwrap(realm.schema["RPPerson"])
        XCTAssertEqual(schema.properties.map(\.name), ["id", "name", "age", "extra", "weight", "active"])
        XCTAssertEqual(schema["age"]?.type, .int)
        XCTAssertEqual(schema["age"]?.isOptional, true)
        XCTAssertEqual(schema["extra"]?.type, .any)
        XCTAssertEqual(schema["weight"]?.type, .double)
        XCTAssertEqual(schema["active"]?.type, .bool)
    }

    func testValuesAreHeldUnmanagedThenPersisted() throws {
        let realm = try Realm(configuration: memoryConfiguration([RPPerson.self]))
        let person = RPPerson()
        XCTAssertNil(person.age.value)
        XCTAssertEqual(person.active.value, true)
        person.age.value = 42
        person.extra.value = .string("hello")
        try realm.write { realm.add(person) }
        XCTAssertEqual(person.age.value, 42, "the added object reads from the realm")
        let again = try XCTUnwrap(realm.object(ofType: RPPerson.self, forPrimaryKey: 0))
        XCTAssertEqual(again.age.value, 42)
        XCTAssertEqual(again.extra.value, .string("hello"))
        XCTAssertNil(again.weight.value)
        XCTAssertEqual(again.active.value, true)
        try realm.write {
            again.weight.value = 7.5
            again.age.value = nil
        }
        XCTAssertEqual(person.weight.value, 7.5, "another instance of the object sees the write")
        XCTAssertNil(person.age.value)
        XCTAssertEqual(person.age.description, "nil")
    }

    func testCreateFromADictionaryAndQueryByString() throws {
        let realm = try Realm(configuration: memoryConfiguration([RPPerson.self]))
        try realm.write {
            realm.create(RPPerson.self, value: ["id": 1, "age": 30, "weight": 60.0])
            realm.create(RPPerson.self, value: ["id": 2, "age": 50])
            realm.create(RPPerson.self, value: ["id": 3])
        }
        let people = realm.objects(RPPerson.self)
        XCTAssertEqual(people.filter("age > 40").map(\.id), [2])
        XCTAssertEqual(people.filter("age == nil").map(\.id), [3])
        XCTAssertEqual(people.filter("weight == 60.0").first?.weight.value, 60)
    }

    func testFrozenObjectsReadTheirVersion() throws {
        let realm = try Realm(configuration: memoryConfiguration([RPPerson.self]))
        try realm.write { realm.create(RPPerson.self, value: ["id": 1, "age": 1]) }
        let person = try XCTUnwrap(realm.object(ofType: RPPerson.self, forPrimaryKey: 1))
        let frozen = person.freeze()
        try realm.write { person.age.value = 2 }
        XCTAssertEqual(frozen.age.value, 1)
        XCTAssertEqual(person.age.value, 2)
    }

    func testKeyValueCodingAndDescriptionReachTheBoxes() throws {
        let realm = try Realm(configuration: memoryConfiguration([RPPerson.self]))
        let person = RPPerson()
        person.setValue(12, forKey: "age")
        XCTAssertEqual(person.age.value, 12)
        XCTAssertEqual(person.value(forKey: "age") as? Int, 12)
        try realm.write { realm.add(person) }
        try realm.write { person.setValue(13, forKey: "age") }
        XCTAssertEqual(person.age.value, 13)
        XCTAssertEqual(person.value(forKey: "age") as? Int, 13)
        XCTAssertTrue(person.description.contains("13"), person.description)
    }

    func testEqualityAndCoding() throws {
        let a = RealmOptional<Int>(3), b = RealmOptional<Int>(3)
        XCTAssertEqual(a, b)
        let encoded = try JSONEncoder().encode([a])
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), "[3]")
        let decoded = try JSONDecoder().decode([RealmOptional<Int>].self, from: Data("[null, 5]".utf8))
        XCTAssertEqual(decoded.map(\.value), [nil, 5])
        let property = try JSONDecoder().decode([RealmProperty<Int?>].self, from: Data("[7, null]".utf8))
        XCTAssertEqual(property.map(\.value), [7, nil])
        XCTAssertEqual(Int.className(), "")
    }

    func testAManagedObjectWithBoxesIsFreedWhenReleased() throws {
        let realm = try Realm(configuration: memoryConfiguration([RPPerson.self]))
        try realm.write { realm.create(RPPerson.self, value: ["id": 1, "age": 30]) }
        weak var released: RPPerson?
        var age: RealmProperty<Int?>?
        do {
            let person = try XCTUnwrap(realm.object(ofType: RPPerson.self, forPrimaryKey: 1))
            XCTAssertEqual(person.age.value, 30)
            age = person.age
            released = person
        }
        XCTAssertNil(released, "a box the object holds must not keep the object alive")
        XCTAssertEqual(age?.value, 30, "a box kept after its object was freed still reads the stored value")
        try realm.write { realm.objects(RPPerson.self).first!.age.value = 31 }
        XCTAssertEqual(age?.value, 31)
    }
}
