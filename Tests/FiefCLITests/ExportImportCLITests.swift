import Fief
import Foundation
import XCTest

/// `fief export` and `fief import`: the round trip, errors that name their place, atomicity.
final class ExportImportCLITests: XCTestCase {
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

    /// Runs `fief export` on `file` and returns its output.
    private func export(_ file: String) throws -> String {
        let result = try CLI.run(["export", file, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.errors, "", "no progress bar when standard error is not a terminal")
        return result.output
    }

    /// Writes `text` to a file in the test's directory and returns its path.
    private func write(_ text: String, to name: String) throws -> String {
        let file = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Export, import into a new file, export again: the same text, and a sound file.
    func testRoundTripIsIdentical() throws {
        let first = try export(path)
        let json = try write(first, to: "first.json")
        let copy = dir + "/copy.realm"
        let imported = try CLI.run(["import", copy, json])
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(imported.output, "imported 9 objects into \(copy): Counter 2, Owner 3, Pet 4\n")
        XCTAssertEqual(imported.errors, "")
        XCTAssertEqual(try export(copy), first)
        XCTAssertEqual(try CLI.run(["verify", copy]).status, 0)
        XCTAssertEqual(try CLI.run(["schema", copy]).output, try CLI.run(["schema", path]).output)
    }

    /// The document's shape: links by primary key or position, typed values, deterministic order.
    func testExportContents() throws {
        let text = try export(path)
        XCTAssertTrue(text.hasPrefix("{\n  \"format\": \"fief-export\",\n  \"formatVersion\": 1,\n  \"schemaVersion\": 3,\n"), text)
        let lines = text.split(separator: "\n").map(String.init)
        let ann = try XCTUnwrap(lines.first { $0.contains("\"id\":\"ann\"") })
        XCTAssertTrue(ann.contains("\"address\":{\"street\":\"1 Main St\",\"city\":\"Springfield\",\"lines\":[\"Apt 2\",\"Floor 3\"]}"), ann)
        // Pets have no primary key: links name their position (Gone was deleted, so Lassie is 3).
        XCTAssertTrue(ann.contains("\"pets\":[0,3],\"favorite\":3"), ann)
        XCTAssertTrue(ann.contains("\"height\":1.7,\"weight\":61.25"), ann)
        XCTAssertTrue(ann.contains("\"extra\":{\"type\":\"date\",\"value\":\"2001-01-01T00:00:12.500Z\"}"), ann)
        let bob = try XCTUnwrap(lines.first { $0.contains("\"id\":\"bob\"") })
        XCTAssertTrue(bob.contains("\"name\":\"Bob \\\"the\\\" Builder\\nSr.\""), bob)
        XCTAssertTrue(bob.contains("\"weight\":\"Infinity\""), bob)
        XCTAssertTrue(bob.contains("\"extra\":{\"type\":\"double\",\"value\":\"NaN\"}"), bob)
        let rex = try XCTUnwrap(lines.first { $0.contains("\"name\":\"Rex\"") })
        XCTAssertTrue(rex.contains("\"owner\":\"ann\",\"friends\":[3]"), rex)
        XCTAssertTrue(text.contains("\"Counter\": [\n      {\"id\":-5,\"value\":1},\n      {\"id\":7,\"value\":2}\n    ],"), text)
        XCTAssertEqual(try export(path), text, "the same file exports the same text")
    }

    /// A realm made by import reads back through the Fief API with the original values.
    func testImportedRealmReadsThroughTheAPI() throws {
        let json = try write(try export(path), to: "app.json")
        let copy = dir + "/copy.realm"
        XCTAssertEqual(try CLI.run(["import", copy, json]).status, 0)
        let configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: copy), schemaVersion: 3, objectTypes: CLIFixture.types)
        let realm = try Realm(configuration: configuration)
        let ann = try XCTUnwrap(realm.object(ofType: CLIPerson.self, forPrimaryKey: "ann"))
        XCTAssertEqual(ann.born, Date(timeIntervalSince1970: 1_700_000_000.125))
        XCTAssertEqual(ann.address?.lines.count, 2)
        XCTAssertEqual(ann.pets.map(\.name), ["Rex", "Lassie"])
        XCTAssertEqual(ann.favorite?.friends.map(\.name), ["Rex", "Tom"])
        XCTAssertEqual(ann.pets.first?.keepers.first?.id, "ann")
        XCTAssertEqual(realm.objects(CLIPet.self).filter("owner.id == 'bob'").first?.name, "Tom")
        XCTAssertEqual(realm.object(ofType: CLICounter.self, forPrimaryKey: -5)?.value, 1)
    }

    /// Importing into an existing realm: a duplicate primary key fails and writes nothing;
    /// `--update` updates instead.
    func testImportIntoExistingRealm() throws {
        let before = try export(path)
        let json = try write("""
            {"objects": {"Owner": [{"id": "dee", "name": "Dee", "pets": [0], "favorite": 0}, {"id": "ann", "age": 35}],
                         "Pet": [{"name": "Kit", "owner": "dee"}]}}
            """, to: "more.json")
        let failed = try CLI.run(["import", path, json])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.errors.contains("more.json: objects.Owner[1]: Attempting to create an object of type 'Owner' with an existing primary key value 'ann'."), failed.errors)
        XCTAssertEqual(try export(path), before, "a failed import writes nothing")

        let updated = try CLI.run(["import", "--update", path, json])
        XCTAssertEqual(updated.status, 0, updated.errors)
        let dee = try CLI.run(["query", "--json", path, "Owner", "id == 'dee' OR id == 'ann' SORT(id ASC)"])
        let lines = dee.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, dee.output)
        XCTAssertTrue(lines[0].contains("\"id\":\"ann\",\"name\":\"Ann\",\"age\":35"), String(lines[0]))
        XCTAssertTrue(lines[1].contains("\"pets\":[5],\"favorite\":5"), "Kit got object key 5: \(lines[1])")
        let kit = try CLI.run(["query", path, "Pet", "owner.name == 'Dee'"])
        XCTAssertTrue(kit.output.contains("Kit "), kit.output)
    }

    /// Errors name the place in the document; a new file is not left behind.
    func testImportErrorsNameTheirPlace() throws {
        let copy = dir + "/new.realm"
        let cases: [(String, String)] = [
            ("{\"objects\": {\"Owner\": [}", "bad.json: not valid JSON: line 1, column 24: expected a value, found '}'"),
            ("{\"objects\": {}}", "\(copy) does not exist, and "),
            ("{\"schema\": [{\"class\": \"A\", \"properties\": [{\"name\": \"n\", \"type\": \"integer\"}]}], \"objects\": {}}",
             "bad.json: schema[0].properties[0]: property n needs \"type\": one of bool, int"),
            ("{\"schema\": [{\"class\": \"A\", \"properties\": [{\"name\": \"n\", \"type\": \"int\"}]}], \"objects\": {\"A\": [{\"n\": 1.5}]}}",
             "bad.json: objects.A[0].n: expected an integer for a int value, found a number 1.5"),
            ("{\"schema\": [{\"class\": \"A\", \"properties\": [{\"name\": \"b\", \"type\": \"object\", \"objectClass\": \"B\", \"optional\": true}]}], \"objects\": {}}",
             "bad.json: schema: Invalid schema: A: b links to class 'B', which is not in the schema"),
        ]
        for (text, expected) in cases {
            let json = try write(text, to: "bad.json")
            let result = try CLI.run(["import", copy, json])
            XCTAssertEqual(result.status, 1, text)
            XCTAssertTrue(result.errors.contains(expected), "\(text)\n\(result.errors)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: copy), "a failed import into a new file leaves no file")
        }
        let wrongLink = try write("{\"objects\": {\"Pet\": [{\"name\": \"Kit\", \"owner\": \"zed\"}]}}", to: "link.json")
        let result = try CLI.run(["import", path, wrongLink])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains("link.json: objects.Pet[0].owner: no Owner with primary key \"zed\""), result.errors)
    }

    /// `-` reads the document from standard input: `fief export a | fief import b -`.
    func testImportFromStandardInput() throws {
        let copy = dir + "/piped.realm"
        let json = try write(try export(path), to: "app.json")
        let result = try CLI.run(["import", copy, "-"], standardInput: json)
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(try export(copy), try export(path))
    }
}
