import Fief
import Foundation
import XCTest

final class PkV0: Object {
    override class func className() -> String { "Pk" }
    @Persisted var code = ""
}

final class PkV1: Object {
    override class func className() -> String { "Pk" }
    @Persisted(primaryKey: true) var code = ""
}

final class OptV0: Object {
    override class func className() -> String { "Opt" }
    @Persisted var v = 0
}

final class OptV1: Object {
    override class func className() -> String { "Opt" }
    @Persisted var v: Int?
}

final class SchemaMismatchTests: XCTestCase {
    var directory: URL!
    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func config(_ types: [ObjectBase.Type], version: UInt64 = 0) -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.appendingPathComponent("s.realm"), schemaVersion: version, objectTypes: types)
    }

    func mismatch(_ error: RealmError) -> [String]? {
        if case .schemaMismatch(let lines) = error { return lines }
        return nil
    }

    func testRemovedPropertiesAreNamed() throws {
        do { _ = try Realm(configuration: config([MigPersonV0.self])) }
        assertRealmError(try Realm(configuration: config([MigPersonV1.self]))) { error in
            guard let lines = self.mismatch(error) else { return false }
            let text = lines.joined(separator: "\n")
            return text.contains("MigPerson.firstName") && text.contains("MigPerson.lastName") && lines.count >= 2
        }
    }

    func testAddedPropertyIsNamedToo() throws {
        do { _ = try Realm(configuration: config([MigPersonV0.self])) }
        assertRealmError(try Realm(configuration: config([MigPersonV1.self]))) { error in
            guard let lines = self.mismatch(error) else { return false }
            return lines.contains { $0.contains("MigPerson.name") }
        }
    }

    func testChangedTypeIsNamed() throws {
        do { _ = try Realm(configuration: config([TypV0.self])) }
        assertRealmError(try Realm(configuration: config([TypV1.self]))) { error in
            guard let lines = self.mismatch(error) else { return false }
            return lines.count == 1 && lines[0].contains("Typ.value") && lines[0].contains("int") && lines[0].contains("string")
        }
    }

    func testOptionalityChangeIsNamed() throws {
        do { _ = try Realm(configuration: config([OptV0.self])) }
        assertRealmError(try Realm(configuration: config([OptV1.self]))) { error in
            guard let lines = self.mismatch(error) else { return false }
            return lines.count == 1 && lines[0].contains("Opt.v")
        }
    }

    func testPrimaryKeyChangeIsNamed() throws {
        do { _ = try Realm(configuration: config([PkV0.self])) }
        assertRealmError(try Realm(configuration: config([PkV1.self]))) { error in
            guard let lines = self.mismatch(error) else { return false }
            return lines.contains { $0.contains("Primary Key") && $0.contains("Pk") && $0.contains("code") }
        }
    }

    func testMismatchDescriptionListsEachDifference() {
        let error = RealmError.schemaMismatch(["Property 'A.b' has been removed.", "Property 'A.c' has been removed."])
        XCTAssertTrue(error.description.contains("A.b"))
        XCTAssertTrue(error.description.contains("A.c"))
    }

    func testFailedOpenLeavesFileUntouched() throws {
        do {
            let realm = try Realm(configuration: config([MigPersonV0.self]))
            try realm.write { realm.add(MigPersonV0(value: ["firstName": "F"])) }
        }
        XCTAssertThrowsError(try Realm(configuration: config([MigPersonV1.self])))
        let realm = try Realm(configuration: config([MigPersonV0.self]))
        XCTAssertEqual(realm.objects(MigPersonV0.self).first?.firstName, "F")
        XCTAssertEqual(realm.schemaVersion, 0)
    }

    func testSchemaVersionTooOld() throws {
        do { _ = try Realm(configuration: config([MigPersonV0.self], version: 2)) }
        assertRealmError(try Realm(configuration: config([MigPersonV0.self], version: 1))) {
            $0 == .schemaVersionTooOld(file: 2, configuration: 1)
        }
    }

    func testDeleteRealmIfMigrationNeeded() throws {
        do {
            let realm = try Realm(configuration: config([MigPersonV0.self]))
            try realm.write { realm.add(MigPersonV0(value: ["firstName": "F"])) }
        }
        var c = config([MigPersonV1.self])
        c.deleteRealmIfMigrationNeeded = true
        let realm = try Realm(configuration: c)
        XCTAssertEqual(realm.objects(MigPersonV1.self).count, 0)
        XCTAssertEqual(realm.schema["MigPerson"]?.properties.map(\.name), ["name", "age"])
    }

    func testDeleteRealmIfMigrationNeededKeepsDataWhenNoMigrationNeeded() throws {
        do {
            let realm = try Realm(configuration: config([MigPersonV0.self]))
            try realm.write { realm.add(MigPersonV0(value: ["firstName": "F"])) }
        }
        var c = config([MigPersonV0.self])
        c.deleteRealmIfMigrationNeeded = true
        let realm = try Realm(configuration: c)
        XCTAssertEqual(realm.objects(MigPersonV0.self).count, 1)
    }

    func testSchemaIsStoredInTheFile() throws {
        do { _ = try Realm(configuration: config([Dog.self, Person.self])) }
        let realm = try Realm(configuration: config([Dog.self, Person.self]))
        let dog = try XCTUnwrap(realm.schema["Dog"])
        XCTAssertEqual(dog.properties.map(\.name), ["name", "age", "breed", "owner", "owners"])
        XCTAssertEqual(dog["breed"]?.isOptional, true)
        XCTAssertEqual(dog["owner"]?.objectClassName, "Person")
        XCTAssertEqual(dog["owners"]?.type, .linkingObjects)
        XCTAssertEqual(dog["owners"]?.linkOriginPropertyName, "dogs")
        XCTAssertEqual(realm.schema["Person"]?["dogs"]?.collection, .list)
        XCTAssertEqual(realm.schema["Settings"], nil)
    }

    func testInvalidModelsAreTypedErrors() {
        final class NoProps: Object {}
        final class TwoKeys: Object {
            @Persisted(primaryKey: true) var a = 0
            @Persisted(primaryKey: true) var b = 0
        }
        final class DoubleKey: Object {
            @Persisted(primaryKey: true) var d = 0.0
        }
        final class IndexedDouble: Object {
            @Persisted(indexed: true) var d = 0.0
        }
        for type in [NoProps.self, TwoKeys.self, DoubleKey.self, IndexedDouble.self] as [ObjectBase.Type] {
            assertRealmError(try Realm(configuration: memoryConfiguration([type]))) {
                if case .invalidSchema = $0 { true } else { false }
            }
        }
    }

    func testObjectTypesMustIncludeLinkedClasses() {
        assertRealmError(try Realm(configuration: memoryConfiguration([Dog.self]))) {
            if case .invalidSchema(let m) = $0 { m.contains("Person") } else { false }
        }
    }
}
