@_spi(Sync) @testable import Fief
import Foundation
import XCTest

// Models whose `propertiesMapping()` persists some properties under other names.

final class PMPerson: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var firstName = ""
    @Persisted var age = 0
    @Persisted var tags = List<String>()
    @Persisted var scores = Map<String, Int>()
    @Persisted var address: PMAddress?
    @Persisted var pets = List<PMPet>()
    @Persisted var bestFriend: PMPerson?

    override class func propertiesMapping() -> [String: String] {
        ["id": "_id", "firstName": "first_name", "tags": "tag_list", "scores": "score_map",
         "address": "home", "pets": "pet_list", "bestFriend": "best_friend"]
    }
}

final class PMAddress: EmbeddedObject {
    @Persisted var street = ""
    @Persisted var zipCode = ""

    override class func propertiesMapping() -> [String: String] { ["zipCode": "zip_code"] }
}

final class PMPet: Object {
    @Persisted var petName = ""
    @Persisted(originProperty: "pets") var owners: LinkingObjects<PMPerson>

    override class func propertiesMapping() -> [String: String] { ["petName": "name"] }
}

/// Two properties that swap names: each is persisted under the other's Swift name.
final class PMSwap: Object {
    @Persisted var left = ""
    @Persisted var right = ""

    override class func propertiesMapping() -> [String: String] { ["left": "right", "right": "left"] }
}

final class PMUnknownTarget: Object {
    @Persisted var name = ""
    override class func propertiesMapping() -> [String: String] { ["nmae": "full_name"] }
}

final class PMSharedName: Object {
    @Persisted var first = ""
    @Persisted var second = ""
    override class func propertiesMapping() -> [String: String] { ["first": "second"] }
}

final class PMCard: Projection<PMPerson> {
    @Projected(\PMPerson.firstName) var name
    @Projected(\PMPerson.address?.zipCode) var zip
}

// Versions of one class for the migration tests.

final class PMRenV0: Object {
    override class func className() -> String { "PMRen" }
    @Persisted var legacy = ""
    @Persisted var n = 0
}

final class PMRenV1: Object {
    override class func className() -> String { "PMRen" }
    @Persisted var title = ""
    @Persisted var n = 0
    override class func propertiesMapping() -> [String: String] { ["title": "title_col"] }
}

final class PMRenV2: Object {
    override class func className() -> String { "PMRen" }
    @Persisted var title = ""
    @Persisted var count = 0
    override class func propertiesMapping() -> [String: String] { ["title": "title_col", "count": "n_col"] }
}

let pmTypes: [ObjectBase.Type] = [PMPerson.self, PMAddress.self, PMPet.self]

final class PropertiesMappingTests: XCTestCase {
    var directory: URL!
    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    var url: URL { directory.appendingPathComponent("mapped.realm") }

    func fileConfiguration(_ types: [ObjectBase.Type] = pmTypes, version: UInt64 = 0,
                           block: Realm.MigrationBlock? = nil) -> Realm.Configuration {
        Realm.Configuration(fileURL: url, schemaVersion: version, migrationBlock: block, objectTypes: types)
    }

    /// Ann (1, with Rex and an address) and Bob (2, her best friend).
    @discardableResult
    func seed(_ realm: Realm) throws -> PMPerson {
        try realm.write {
            let ann = realm.create(PMPerson.self, value: [
                "id": 1, "firstName": "Ann", "age": 30, "tags": ["a", "b"], "scores": ["x": 1],
                "address": ["street": "Main", "zipCode": "0150"], "pets": [["petName": "Rex"]],
            ])
            let bob = realm.create(PMPerson.self, value: ["id": 2, "firstName": "Bob", "age": 40])
            ann.bestFriend = bob
            return ann
        }
    }

    // MARK: Schema

    func testObjectSchemaShowsSwiftNamesAndColumnNames() throws {
        let schema = PMPerson().objectSchema
        XCTAssertEqual(schema.properties.map(\.name), ["id", "firstName", "age", "tags", "scores", "address", "pets", "bestFriend"])
        let mapping = PMPerson.propertiesMapping()
        for property in schema.properties {
            XCTAssertEqual(property.columnName, mapping[property.name] ?? property.name)
        }
        XCTAssertEqual(schema["firstName"]?.columnName, "first_name")
        XCTAssertNil(schema["first_name"], "properties are looked up by their Swift names")
        XCTAssertEqual(schema.primaryKeyProperty?.name, "id")
        XCTAssertEqual(PMAddress().objectSchema["zipCode"]?.columnName, "zip_code")
        XCTAssertEqual(schema["firstName"]?.description, "firstName (persisted as first_name): string")

        let realm = try Realm(configuration: memoryConfiguration(pmTypes))
        XCTAssertEqual(realm.schema["PMPerson"]?["firstName"]?.columnName, "first_name")
        XCTAssertEqual(realm.schema["PMPet"]?["owners"]?.linkOriginPropertyName, "pets", "backlinks name their origin by its Swift name")
        XCTAssertEqual(realm.schema["PMPerson"], PMPerson().objectSchema)
    }

    func testFileStoresPersistedNames() throws {
        do {
            let realm = try Realm(configuration: fileConfiguration())
            try seed(realm)
        }
        let file = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url, readOnly: true))
        let person = try XCTUnwrap(file.schema["PMPerson"])
        XCTAssertEqual(person.properties.map(\.name), ["_id", "first_name", "age", "tag_list", "score_map", "home", "pet_list", "best_friend"])
        XCTAssertEqual(person.properties.map(\.columnName), person.properties.map(\.name))
        XCTAssertEqual(person.primaryKeyProperty?.name, "_id")
        XCTAssertEqual(file.schema["PMAddress"]?.properties.map(\.name), ["street", "zip_code"])
        XCTAssertEqual(file.schema["PMPet"]?["owners"]?.linkOriginPropertyName, "pet_list")

        let people = try file.dynamicObjects("PMPerson")
        XCTAssertEqual(try people.filtered("first_name == 'Ann'").count, 1)
        XCTAssertEqual(try people.filtered("home.zip_code == '0150'").count, 1)
        let ann = try XCTUnwrap(try file.dynamicObject(ofType: "PMPerson", forPrimaryKey: 1))
        XCTAssertEqual(try ann.value(forProperty: "first_name") as? String, "Ann")
        XCTAssertThrowsError(try ann.value(forProperty: "firstName"))

        // The typed realm opens the same file again without a migration.
        let realm = try Realm(configuration: fileConfiguration())
        XCTAssertEqual(realm.objects(PMPerson.self).filter("firstName == 'Ann'").first?.pets.first?.petName, "Rex")
    }

    func testSwappedNamesRoundTrip() throws {
        do {
            let realm = try Realm(configuration: fileConfiguration([PMSwap.self]))
            try realm.write { realm.create(PMSwap.self, value: ["left": "L", "right": "R"]) }
        }
        let file = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url, readOnly: true))
        let stored = try XCTUnwrap(try file.dynamicObjects("PMSwap").objects().first)
        XCTAssertEqual(try stored.value(forProperty: "right") as? String, "L")
        XCTAssertEqual(try stored.value(forProperty: "left") as? String, "R")
        let realm = try Realm(configuration: fileConfiguration([PMSwap.self]))
        let object = try XCTUnwrap(realm.objects(PMSwap.self).first)
        XCTAssertEqual([object.left, object.right], ["L", "R"])
        XCTAssertEqual(realm.objects(PMSwap.self).filter("left == 'L'").count, 1)
    }

    func testMappingErrorsNameClassAndProperty() {
        assertRealmError(try Realm(configuration: memoryConfiguration([PMUnknownTarget.self]))) {
            if case .invalidSchema(let m) = $0 { m.contains("PMUnknownTarget") && m.contains("'nmae'") } else { false }
        }
        assertRealmError(try Realm(configuration: memoryConfiguration([PMSharedName.self]))) {
            if case .invalidSchema(let m) = $0 { m.contains("PMSharedName") && m.contains("'first'") && m.contains("'second'") } else { false }
        }
    }

    // MARK: Swift names everywhere the user writes them

    func testQueriesSortsAndAggregatesUseSwiftNames() throws {
        let realm = try Realm(configuration: memoryConfiguration(pmTypes))
        try seed(realm)
        let people = realm.objects(PMPerson.self)
        XCTAssertEqual(people.filter("firstName == 'Ann'").count, 1)
        XCTAssertEqual(people.filter("firstName == %@", "Bob").first?.id, 2)
        XCTAssertEqual(people.where { $0.firstName == "Ann" }.first?.age, 30)
        XCTAssertEqual(people.where { $0.address.zipCode == "0150" }.count, 1)
        XCTAssertEqual(people.filter("address.zipCode == '0150'").count, 1)
        XCTAssertEqual(people.filter("ANY pets.petName == 'Rex'").count, 1)
        XCTAssertEqual(people.filter("'a' IN tags").count, 1)
        XCTAssertEqual(people.filter("scores.x == 1").count, 1)
        XCTAssertEqual(people.filter("bestFriend.firstName == 'Bob'").first?.firstName, "Ann")
        XCTAssertEqual(people.filter("tags.@count == 2").count, 1)
        XCTAssertEqual(people.sorted(byKeyPath: "firstName", ascending: false).map(\.firstName), ["Bob", "Ann"])
        XCTAssertEqual(people.sorted(by: \.age).map(\.id), [1, 2])
        XCTAssertEqual(people.distinct(by: ["firstName"]).count, 2)
        XCTAssertEqual(people.max(ofProperty: "age") as Int?, 40)
        XCTAssertEqual(people.sum(of: \.age), 70)
        XCTAssertEqual(realm.objects(PMPet.self).filter("ANY owners.firstName == 'Ann'").count, 1)
        XCTAssertEqual(realm.objects(PMPet.self).first?.owners.first?.firstName, "Ann")
        XCTAssertEqual(realm.object(ofType: PMPerson.self, forPrimaryKey: 2)?.firstName, "Bob")
    }

    func testKeyValueCodingAndCreateUseSwiftNames() throws {
        let realm = try Realm(configuration: memoryConfiguration(pmTypes))
        let ann = try seed(realm)
        XCTAssertEqual(ann.value(forKey: "firstName") as? String, "Ann")
        XCTAssertEqual(ann["age"] as? Int, 30)
        try realm.write {
            ann.setValue("Anna", forKey: "firstName")
            ann["age"] = 31
            realm.create(PMPerson.self, value: ["id": 1, "firstName": "Annie"], update: .modified)
        }
        XCTAssertEqual(ann.firstName, "Annie")
        XCTAssertEqual(ann.age, 31)
        XCTAssertEqual(realm.objects(PMPerson.self).sorted(byKeyPath: "id").value(forKey: "firstName").compactMap { $0 as? String }, ["Annie", "Bob"])
        let unmanaged = PMPerson(value: ["firstName": "Cy", "address": ["zipCode": "9"]])
        XCTAssertEqual(unmanaged.address?.zipCode, "9")
    }

    func testObservationNamesSwiftProperties() throws {
        let realm = try Realm(configuration: memoryConfiguration(pmTypes))
        let ann = try seed(realm)
        var changed: [[String]] = []
        let objectToken = ann.observe(keyPaths: ["firstName", "tags"]) { change in
            if case .change(_, let properties) = change { changed.append(properties.map(\.name)) }
        }
        defer { objectToken.invalidate() }
        var modifications: [[Int]] = []
        let resultsToken = realm.objects(PMPerson.self).sorted(byKeyPath: "id").observe(keyPaths: ["address.zipCode"]) { change in
            if case .update(_, _, _, let m) = change { modifications.append(m) }
        }
        defer { resultsToken.invalidate() }
        var listChanges: [[Int]] = []
        let listToken = ann.tags.observe { change in
            if case .update(_, _, let insertions, _) = change { listChanges.append(insertions) }
        }
        defer { listToken.invalidate() }

        try realm.write { ann.age = 31 }
        try realm.write { ann.firstName = "Anna" }
        try realm.write { ann.tags.append("c") }
        try realm.write { ann.address?.zipCode = "0151" }
        XCTAssertEqual(changed, [["firstName"], ["tags"]])
        XCTAssertEqual(modifications, [[0]])
        XCTAssertEqual(listChanges, [[2]])
    }

    func testAnotherInstancesSchemaChangeAndWritesKeepSwiftNames() throws {
        let first = try Realm(configuration: fileConfiguration())
        let ann = try seed(first)
        var changed: [[String]] = []
        let token = ann.observe(keyPaths: ["firstName"]) { change in
            if case .change(_, let properties) = change { changed.append(properties.map(\.name)) }
        }
        defer { token.invalidate() }
        // Another instance adds a class (the schema record changes) and renames Ann.
        let second = try Realm(configuration: fileConfiguration(pmTypes + [PMSwap.self]))
        try second.write { second.object(ofType: PMPerson.self, forPrimaryKey: 1)?.firstName = "Anna" }
        first.refresh()
        XCTAssertNotNil(first.schema["PMSwap"])
        XCTAssertEqual(first.schema["PMPerson"]?["firstName"]?.columnName, "first_name")
        XCTAssertEqual(first.objects(PMPerson.self).filter("firstName == 'Anna'").count, 1)
        XCTAssertEqual(changed, [["firstName"]])
    }

    func testProjectionsUseSwiftNames() throws {
        let realm = try Realm(configuration: memoryConfiguration(pmTypes))
        let ann = try seed(realm)
        let card = PMCard(projecting: ann)
        XCTAssertEqual(card.name, "Ann")
        XCTAssertEqual(card.zip, "0150")
        var names: [[String]] = []
        let token = card.observe(keyPaths: ["firstName"]) { change in
            if case .change(_, let properties) = change { names.append(properties.map(\.name)) }
        }
        defer { token.invalidate() }
        try realm.write { ann.age = 99 }
        try realm.write { ann.firstName = "Anna" }
        XCTAssertEqual(names, [["name"]])
    }

    // MARK: Changesets and sync name persisted names

    func testChangesetsNamePersistedNames() throws {
        let realm = try Realm(configuration: memoryConfiguration(pmTypes))
        let opened = realm.coordinator.changesets(after: 0).flatMap(\.instructions)
        XCTAssertTrue(opened.contains(.addProperty(className: "PMPerson", property: "first_name", type: .string, collection: .none,
                                                   isOptional: false, objectClassName: nil)))
        XCTAssertFalse(opened.contains { if case .addProperty(_, "firstName", _, _, _, _) = $0 { true } else { false } })
        let ann = try seed(realm)
        let before = realm.coordinator.store.latestVersion
        try realm.write {
            ann.firstName = "Anna"
            ann.tags.append("c")
            ann.scores["y"] = 2
        }
        let key = try XCTUnwrap(ann._managed?.rowKey)
        XCTAssertEqual(realm.coordinator.changesets(after: before).flatMap(\.instructions), [
            .set(className: "PMPerson", key: key, property: "first_name", value: .string("Anna")),
            .listInsert(className: "PMPerson", key: key, property: "tag_list", index: 2, value: .string("c")),
            .set(className: "PMPerson", key: key, property: "score_map.y", value: .int(2)),
        ])
    }

    func testSyncInstructionsNamePersistedNamesAndApply() throws {
        let types: [ObjectBase.Type] = pmTypes
        let realm = try syncRealm(types: types)
        let recorded = try recordedWrite(realm) {
            realm.create(PMPerson.self, value: ["id": 7, "firstName": "Gil", "address": ["zipCode": "42"]])
        }
        let t = { (name: String) in target("PMPerson", pk(7), .property(name)) }
        XCTAssertEqual(recorded.instructions, [
            .createObject(className: "PMPerson", object: pk(7)),
            .set(t("first_name"), .string("Gil"), isDefault: false),
            .set(t("home"), .embeddedObject, isDefault: false),
            .set(target("PMPerson", pk(7), .property("home"), .property("zip_code")), .string("42"), isDefault: false),
        ])
        let other = try syncRealm(types: types)
        try deliver(recorded, to: other, ownFileIdent: 2)
        let gil = try XCTUnwrap(other.object(ofType: PMPerson.self, forPrimaryKey: 7))
        XCTAssertEqual(gil.firstName, "Gil")
        XCTAssertEqual(gil.address?.zipCode, "42")
    }

    func testSubscriptionTextNamesPersistedNames() {
        XCTAssertEqual(Query<PMPerson>.syncQueryText { $0.firstName == "Ann" && $0.address.zipCode == "1" },
                       "first_name == 'Ann' AND home.zip_code == '1'")
        XCTAssertEqual(Query<PMPerson>.syncQueryText("ANY pets.petName == %@ AND age > 3", arguments: ["Rex"]),
                       "ANY pet_list.name == 'Rex' AND age > 3")
        XCTAssertEqual(Query<PMPet>.syncQueryText("SUBQUERY(owners, $o, $o.firstName == 'Ann').@count > 0", arguments: []),
                       "SUBQUERY(owners, $o, $o.first_name == 'Ann').@count > 0")
        XCTAssertEqual(Query<PMPerson>.syncQueryText("scores.x == 1 AND @links.PMPerson.bestFriend.@count > 0", arguments: []),
                       "score_map.x == 1 AND @links.PMPerson.best_friend.@count > 0")
    }

    // MARK: Migrations see the file's names

    func testMigrationRenamesToPersistedNameAndReadsOldNames() throws {
        do {
            let realm = try Realm(configuration: fileConfiguration([PMRenV0.self]))
            try realm.write {
                realm.add(PMRenV0(value: ["legacy": "one", "n": 1]))
                realm.add(PMRenV0(value: ["legacy": "two", "n": 2]))
            }
        }
        let v1 = fileConfiguration([PMRenV1.self], version: 1) { migration, _ in
            migration.renameProperty(onType: "PMRen", from: "legacy", to: "title_col")
        }
        do {
            let realm = try Realm(configuration: v1)
            XCTAssertEqual(realm.objects(PMRenV1.self).sorted(byKeyPath: "n").map(\.title), ["one", "two"])
            XCTAssertEqual(realm.objects(PMRenV1.self).filter("title == 'two'").first?.n, 2)
        }
        var seen: [String] = []
        let v2 = fileConfiguration([PMRenV2.self], version: 2) { migration, _ in
            migration.enumerateObjects(ofType: "PMRen") { old, new in
                guard let old, let new else { return }
                seen.append("\(old["title_col"] as? String ?? "?") \(old["title"] == nil) \(new["title"] as? String ?? "?")")
                new["count"] = (old["n"] as? Int ?? 0) * 10
            }
        }
        let realm = try Realm(configuration: v2)
        XCTAssertEqual(seen.sorted(), ["one true one", "two true two"])
        XCTAssertEqual(realm.objects(PMRenV2.self).sorted(byKeyPath: "count").map(\.count), [10, 20])
        XCTAssertEqual(realm.schema["PMRen"]?["count"]?.columnName, "n_col")
    }
}
