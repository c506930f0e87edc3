import Foundation
import XCTest

/// `fief schema`, `fief query` and the classes of `fief info`, on a realm written through the
/// Fief API by ``CLIFixture``.
final class SchemaQueryCLITests: XCTestCase {
    private var dir = ""
    private var path = ""

    override func setUpWithError() throws {
        dir = CLI.temporaryDirectory()
        path = dir + "/app.realm"
        try CLIFixture.makeRealm(at: path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// Every class and property, with its type and what it is.
    func testSchemaText() throws {
        let result = try CLI.run(["schema", path])
        XCTAssertEqual(result.status, 0, result.errors)
        for expected in ["schema version 3, 4 classes\n", "embedded class Home\n", "class Pet\n",
                         "  id        string (primary key)\n", "  name      string (indexed)\n",
                         "  address   Home?  embedded object\n", "  pets      list<Pet>  link to Pet\n",
                         "  tags      set<string>\n", "  scores    map<string, int>\n", "  extra     mixed?\n",
                         "  keepers  linkingObjects<Owner.pets>  objects of Owner linking here through pets\n"] {
            XCTAssertTrue(result.output.contains(expected), "missing \(expected.debugDescription) in\n\(result.output)")
        }
    }

    /// `--json` is the schema section export writes.
    func testSchemaJSON() throws {
        let result = try CLI.run(["schema", "--json", path])
        XCTAssertEqual(result.status, 0, result.errors)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(json["schemaVersion"] as? Int, 3)
        let classes = try XCTUnwrap(json["classes"] as? [[String: Any]])
        XCTAssertEqual(classes.compactMap { $0["class"] as? String }, ["Counter", "Home", "Owner", "Pet"])
        XCTAssertEqual(classes[1]["embedded"] as? Bool, true)
        let id = try XCTUnwrap((classes[2]["properties"] as? [[String: Any]])?.first)
        XCTAssertEqual(id["name"] as? String, "id")
        XCTAssertEqual(id["primaryKey"] as? Bool, true)
    }

    /// `info` lists the classes with their object counts and the schema version.
    func testInfoListsClasses() throws {
        let text = try CLI.run(["info", path])
        XCTAssertEqual(text.status, 0, text.errors)
        for expected in ["live versions   1\n", "schema version  3\n", "classes         4 holding 10 objects\n",
                         "  Home     1 object (embedded)\n", "  Owner    3 objects\n", "  Pet      4 objects\n"] {
            XCTAssertTrue(text.output.contains(expected), "missing \(expected.debugDescription) in\n\(text.output)")
        }
        let json = try CLI.run(["info", "--json", path])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let classes = try XCTUnwrap(report["classes"] as? [[String: Any]])
        XCTAssertEqual(classes.map { "\($0["name"]!)=\($0["objects"]!)" }, ["Counter=2", "Home=1", "Owner=3", "Pet=4"])
        XCTAssertEqual(report["schemaVersion"] as? Int, 3)
    }

    /// A query with SORT and LIMIT, printed as a table.
    func testQueryTable() throws {
        let result = try CLI.run(["query", path, "Pet", "age > 1 SORT(name ASC) LIMIT(2)"])
        XCTAssertEqual(result.status, 0, result.errors)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, result.output)
        XCTAssertTrue(lines[0].hasPrefix("name    age  owner"), lines[0])
        XCTAssertTrue(lines[2].hasPrefix("Fido    3    null"), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("Lassie  5    null"), lines[3])
        XCTAssertFalse(result.output.contains("keepers"), "backlinks are computed, not columns")
    }

    /// `--json` prints one object per line, with links through key paths evaluated.
    func testQueryJSONLines() throws {
        let result = try CLI.run(["query", "--json", path, "Owner", "ANY pets.name == 'Lassie' OR age > 70 SORT(age DESC)"])
        XCTAssertEqual(result.status, 0, result.errors)
        let objects = try result.output.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) as? [String: Any])
        }
        XCTAssertEqual(objects.compactMap { $0["id"] as? String }, ["cy", "ann"])
        let ann = objects[1]
        XCTAssertEqual(ann["born"] as? String, "2023-11-14T22:13:20.125Z")
        XCTAssertEqual(ann["photo"] as? String, "AAEC/w==")
        XCTAssertEqual(ann["balance"] as? String, "1234.5678")
        XCTAssertEqual(ann["tags"] as? [String], ["b", "a"])
        XCTAssertEqual(ann["scores"] as? [String: Int], ["art": 7, "math": 9])
        XCTAssertEqual((ann["address"] as? [String: Any])?["city"] as? String, "Springfield")
        XCTAssertEqual((ann["extra"] as? [String: Any])?["type"] as? String, "date")
    }

    /// A malformed query prints the parser's error with its position and a caret; exit 1.
    func testMalformedQuery() throws {
        let result = try CLI.run(["query", path, "Pet", "age > "])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.output, "")
        XCTAssertTrue(result.errors.hasPrefix("Error: invalid query: "), result.errors)
        XCTAssertTrue(result.errors.contains("at line 1, column 7"), result.errors)
        XCTAssertTrue(result.errors.hasSuffix("\n  age > \n        ^\n"), result.errors)
    }

    /// Unknown classes and properties are errors that name them.
    func testUnknownClassAndProperty() throws {
        let noClass = try CLI.run(["query", path, "Cat"])
        XCTAssertEqual(noClass.status, 1)
        XCTAssertTrue(noClass.errors.contains("has no class 'Cat'; its classes: Counter, Home, Owner, Pet"), noClass.errors)
        let noProperty = try CLI.run(["query", path, "Pet", "colour == 'red'"])
        XCTAssertEqual(noProperty.status, 1)
        XCTAssertTrue(noProperty.errors.contains("Property 'colour' does not exist on object type 'Pet'."), noProperty.errors)
    }

    /// Plain stores (no object schema) are refused by the realm commands with a clear error.
    func testPlainStoreHasNoClasses() throws {
        let plain = dir + "/plain.fief"
        try CLI.makeStore(at: plain, trees: [("kv", 3)])
        let schema = try CLI.run(["schema", plain])
        XCTAssertEqual(schema.status, 0, schema.errors)
        XCTAssertTrue(schema.output.hasPrefix("schema version 0, 0 classes"), schema.output)
        let info = try CLI.run(["info", plain])
        XCTAssertFalse(info.output.contains("classes"), info.output)
    }
}

/// Damaged realms give errors that name the page, never a crash.
final class DamagedRealmCLITests: XCTestCase {
    /// Every leaf page of the newest version damaged in turn: a command that reads the page
    /// exits 1 with the checksum error naming it (pages it does not need, such as index
    /// pages for export, do not stop it); none crashes.
    func testDamagedPagesAreReportedNotCrashedOn() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = dir + "/good.realm"
        try CLIFixture.makeRealm(at: good)
        let info = try CLI.run(["info", "--json", good])
        let version = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])?["version"] as? Int)
        let pages = try CLI.leafPages(at: good, version: UInt64(version))
        XCTAssertFalse(pages.isEmpty)
        var exportFailures = 0
        for page in pages {
            let damaged = dir + "/damaged-\(page).realm"
            try FileManager.default.copyItem(atPath: good, toPath: damaged)
            try CLI.flipByte(at: Int(page) * 4096 + 100, of: damaged)
            XCTAssertEqual(try CLI.run(["verify", damaged]).status, 1)
            for arguments in [["export", damaged], ["query", damaged, "Owner"], ["info", damaged]] {
                let result = try CLI.run(arguments)
                let context = "page \(page), \(arguments[0]): \(result.errors)"
                XCTAssertTrue(result.status == 0 || result.status == 1, context)
                if result.status == 1 {
                    XCTAssertTrue(result.errors.contains("page \(page): checksum mismatch"), context)
                    if arguments[0] == "export" { exportFailures += 1 }
                }
            }
        }
        XCTAssertGreaterThan(exportFailures, 0, "export reads the object pages")
    }
}
