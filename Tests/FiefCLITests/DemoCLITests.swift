import Foundation
import XCTest

/// `fief demo`, which doubles as an end-to-end check of the object store and the storage engine.
final class DemoCLITests: XCTestCase {
    /// The demo succeeds, shows each part of seed 003, and the files it keeps with `--dir`
    /// verify as it said they would.
    func testDemoSucceedsAndKeepsItsFiles() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let demo = try CLI.run(["demo", "--dir", dir])
        XCTAssertEqual(demo.status, 0, demo.output + demo.errors)
        XCTAssertTrue(demo.output.hasSuffix("Everything behaved as expected.\n"), demo.output)
        XCTAssertEqual(demo.errors, "")
        let keyLines = [
            // Version 0 of the models, then the migration (seed 003's block).
            "added 2 people: Bob Smith (42), Agatha Christie (85)",
            "the block ran once, with oldSchemaVersion 0; the file is now at schema version 1",
            #"people: "Agatha Christie" (85), "Bob Smith" (42)"#,
            "class Person { name: string, age: int, dogs: list<Dog> }",
            "opening it again with schemaVersion 1 does not run the block",
            // Links both ways.
            "bob.dogs, a List<Dog>: Rex (3), Fido (1)",
            "fido.owner, a to-one link: Bob Smith",
            "fido.owners, LinkingObjects computed from Person.dogs: Bob Smith",
            // Queries: a string, a typed query, live results, errors.
            #"filter("age < 5 AND owner.name BEGINSWITH 'Bob'"), sorted by name: Fido (1), Rex (3)"#,
            "where { $0.age >= 3 && $0.breed != nil }, sorted by age: Rex (3), Lassie (5)",
            "after a write adds Toto (0), the same results are live: Fido (1), Toto (0)",
            #"try filtered("age >") throws: Invalid query: "#,
            #"try filtered("weight > 3") throws: Property 'weight' does not exist on object type 'Dog'."#,
            // The upsert.
            "→ id 1: showToolbar false, linesShown 10",
            "without update: the write throws: Attempting to create an object of type 'Settings' with an existing primary key value '1'.",
            // Frozen results and link cleanup.
            "frozen: Fido (1), Lassie (5), Rex (3), Toto (0)  (isFrozen: true)",
            "agatha.dogs no longer holds Toto: Lassie (5)",
            // The file as the storage layer sees it.
            "fief.meta: schemaVersion 1, next object keys: Dog 4, Person 2",
            "c.Person holds chunks for columns 0, 3, 4, 5",
            "fief verify: ok: demo.realm",
        ]
        for line in keyLines {
            XCTAssertTrue(demo.output.contains(line), "missing: \(line)\n\(demo.output)")
        }

        XCTAssertEqual(try CLI.run(["verify", dir + "/demo.realm"]).status, 0)
        let info = try CLI.run(["info", dir + "/demo.realm"])
        XCTAssertEqual(info.status, 0, info.errors)
        for tree in ["c.Dog", "c.Person", "c.Settings", "fief.meta"] {
            XCTAssertTrue(info.output.contains(tree), "fief info does not list \(tree):\n\(info.output)")
        }
        let damaged = try CLI.run(["verify", dir + "/demo-damaged.realm"])
        XCTAssertEqual(damaged.status, 1)
        XCTAssertTrue(damaged.output.contains("checksum mismatch"), damaged.output)

        let again = try CLI.run(["demo", "--dir", dir])
        XCTAssertEqual(again.status, 64, "an existing demo.realm is a usage error, not overwritten")
    }

    /// Without `--dir` the demo cleans up its temporary directory.
    func testDemoInTemporaryDirectory() throws {
        let result = try CLI.run(["demo"])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        let line = result.output.split(separator: "\n").first { $0.hasPrefix("Files go to ") }
        let dir = try XCTUnwrap(line).dropFirst("Files go to ".count)
        XCTAssertFalse(FileManager.default.fileExists(atPath: String(dir)), "the demo left \(dir) behind")
    }
}
