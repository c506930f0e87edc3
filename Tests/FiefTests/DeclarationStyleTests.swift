import Fief
import Foundation
import XCTest

/// RealmSwift's class-method declarations: `primaryKey()`, `indexedProperties()` and
/// `ignoredProperties()`, over `@Persisted` properties.
final class OldStyleSettings: Object {
    @Persisted var key = ""
    @Persisted var value = 0
    @Persisted var scratch = ""
    override class func primaryKey() -> String? { "key" }
    override class func indexedProperties() -> [String] { ["value"] }
    override class func ignoredProperties() -> [String] { ["scratch"] }
}

final class BadPrimaryKeyModel: Object {
    @Persisted var name = ""
    override class func primaryKey() -> String? { "id" }
}

final class BadIndexModel: Object {
    @Persisted var name = ""
    override class func indexedProperties() -> [String] { ["missing"] }
}

final class DeclarationStyleTests: XCTestCase {
    func testClassMethodsShapeTheSchema() throws {
        let schema = try XCTUnwrap(OldStyleSettings.sharedSchema())
        XCTAssertEqual(schema.properties.map(\.name), ["key", "value"])
        XCTAssertEqual(schema.primaryKeyProperty?.name, "key")
        XCTAssertEqual(schema["value"]?.isIndexed, true)
    }

    func testPrimaryKeyFromClassMethodWorksForUpserts() throws {
        let realm = try Realm(configuration: memoryConfiguration([OldStyleSettings.self]))
        try realm.write {
            realm.create(OldStyleSettings.self, value: ["key": "a", "value": 1])
            realm.create(OldStyleSettings.self, value: ["key": "a", "value": 2], update: .modified)
        }
        XCTAssertEqual(realm.objects(OldStyleSettings.self).count, 1)
        XCTAssertEqual(realm.object(ofType: OldStyleSettings.self, forPrimaryKey: "a")?.value, 2)
    }

    func testIgnoredPropertiesAreNotStored() throws {
        let realm = try Realm(configuration: memoryConfiguration([OldStyleSettings.self]))
        let object = OldStyleSettings(value: ["key": "a"])
        object.scratch = "in memory"
        try realm.write { realm.add(object) }
        XCTAssertEqual(realm.object(ofType: OldStyleSettings.self, forPrimaryKey: "a")?.scratch, "")
    }

    func testUnknownNamesAreSchemaErrors() {
        assertRealmError(try Realm(configuration: memoryConfiguration([BadPrimaryKeyModel.self]))) {
            $0 == .invalidSchema("Primary key property 'id' does not exist on object 'BadPrimaryKeyModel'")
        }
        assertRealmError(try Realm(configuration: memoryConfiguration([BadIndexModel.self]))) {
            $0 == .invalidSchema("Indexed property 'missing' does not exist on object 'BadIndexModel'")
        }
    }
}
