import Fief
import Foundation
import XCTest

/// `Property`, `ObjectSchema` and `Schema` as RealmSwift reflects them: collection kinds,
/// column names, the model class, and equality by definition.
final class SchemaReflectionTests: XCTestCase {
    let types: [ObjectBase.Type] = [Holder.self, Address.self, QPet.self, QOwner.self]

    func testCollectionKindsAndColumnNames() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        let holder = try XCTUnwrap(realm.schema["Holder"])
        let addresses = try XCTUnwrap(holder["addresses"])
        XCTAssertTrue(addresses.isArray)
        XCTAssertFalse(addresses.isSet)
        XCTAssertFalse(addresses.isMap)
        let petSet = try XCTUnwrap(holder["petSet"])
        XCTAssertEqual([petSet.isArray, petSet.isSet, petSet.isMap], [false, true, false])
        let petsByName = try XCTUnwrap(holder["petsByName"])
        XCTAssertEqual([petsByName.isArray, petsByName.isSet, petsByName.isMap], [false, false, true])
        let label = try XCTUnwrap(holder["label"])
        XCTAssertEqual([label.isArray, label.isSet, label.isMap], [false, false, false])
        XCTAssertEqual(holder.properties.map(\.columnName), holder.properties.map(\.name))
    }

    func testPropertiesCompareByDefinitionNotByColumn() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        // The class's own schema has no columns yet; the realm's has them assigned.
        let declared = Holder().objectSchema
        let stored = try XCTUnwrap(realm.schema["Holder"])
        XCTAssertEqual(declared["label"], stored["label"])
        XCTAssertEqual(declared["petsByName"], stored["petsByName"])
        XCTAssertNotEqual(stored["label"], stored["id"])
        XCTAssertNotEqual(stored["petSet"], stored["petsByName"])
        // Same name and type, but one is a list: different properties.
        let plain = Property(name: "tags", type: .string)
        let list = Property(name: "tags", type: .string, collection: .list)
        XCTAssertNotEqual(plain, list)
        XCTAssertEqual(plain, Property(name: "tags", type: .string))
        XCTAssertNotEqual(plain, Property(name: "tags", type: .string, isOptional: true))
        XCTAssertNotEqual(plain, Property(name: "tags", type: .string, isIndexed: true))
    }

    func testObjectSchemaEqualityClassAndAsymmetry() throws {
        let realm = try Realm(configuration: memoryConfiguration(types))
        let stored = try XCTUnwrap(realm.schema["Holder"])
        XCTAssertEqual(stored, Holder().objectSchema)
        XCTAssertNotEqual(stored, try XCTUnwrap(realm.schema["QPet"]))
        XCTAssertTrue(stored.objectClass == Holder.self)
        XCTAssertTrue(try XCTUnwrap(realm.schema["Address"]).objectClass == Address.self)
        XCTAssertFalse(stored.isAsymmetric)
        XCTAssertTrue(Holder().objectSchema.objectClass == Holder.self)

        let renamed = ObjectSchema(className: "Other", properties: stored.properties)
        XCTAssertNotEqual(renamed, stored)
        let embedded = ObjectSchema(className: "Holder", properties: stored.properties, isEmbedded: true)
        XCTAssertNotEqual(embedded, stored)
        XCTAssertEqual(ObjectSchema(className: "Holder", properties: stored.properties), stored)
    }

    func testDynamicRealmSchemaNamesDynamicObject() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("reflect.realm")
        _ = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Dog.self, Person.self]))
        try onAnotherThread {
            let dynamic = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url))
            let dog = try XCTUnwrap(dynamic.schema["Dog"])
            XCTAssertTrue(dog.objectClass == DynamicObject.self)
            XCTAssertEqual(dog, Dog().objectSchema)
        }
    }

    func testSchemasOfTwoRealmsCompareByTheirTypes() throws {
        let a = try Realm(configuration: memoryConfiguration(types))
        let b = try Realm(configuration: memoryConfiguration(types))
        XCTAssertEqual(a.schema, b.schema)
        let c = try Realm(configuration: memoryConfiguration([Dog.self, Person.self]))
        XCTAssertNotEqual(a.schema, c.schema)
    }
}
