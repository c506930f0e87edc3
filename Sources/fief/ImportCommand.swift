import ArgumentParser
import Fief
import Foundation

/// `fief import FILE JSON`: creates the objects of an export document in a realm.
struct ImportCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Create objects in a realm from JSON written by 'fief export'.",
        usage: """
            fief import <file> <json>
            fief import --update <file> <json>
            """,
        discussion: """
            Reads a JSON document in the format 'fief export' writes (CLI.md, "Export \
            format") and creates its objects, all in one transaction: on any error nothing is \
            written and the error names the place in the document, such as \
            objects.Dog[3].owner.

            When <file> does not exist it is created, with the document's schema section and \
            schema version (a document without a schema section needs an existing realm). \
            When it exists, classes of the schema section it lacks are added and the classes \
            it has must be declared the same way; its schema version is kept.

            An object whose primary key exists already is an error, unless --update is given: \
            then the existing object takes the document's values. Links name their target by \
            primary key, or by position in the document for classes without one.

            Examples:
              fief import copy.realm app.json
              fief export app.realm | fief import copy.realm -
              fief import --update app.realm fixes.json
            """
    )

    /// The realm to import into.
    @OptionGroup var store: StoreOpening

    /// The JSON document, or `-` for standard input.
    @Argument(help: "The JSON document to import ('-' reads standard input).", completion: .file())
    var json: String

    /// Update objects whose primary key exists instead of failing.
    @Flag(help: "Update objects whose primary key exists already instead of failing.")
    var update = false

    /// Imports; exits 1 when the document is malformed or does not fit the realm.
    func run() throws {
        try reportingFailures {
            let importer: Importer
            do { importer = try Importer(document: try readDocument()) } catch let error as ImportError {
                throw CommandFailure("\(json): \(error)")
            }
            let creating = !store.exists
            guard !creating || importer.declaredClasses != nil else {
                throw CommandFailure("\(store.file) does not exist, and \(json) has no schema section to create it from")
            }
            do {
                let counts = try importInto(importer)
                let total = counts.reduce(0) { $0 + $1.1 }
                print("imported \(Formatting.count(total)) object\(total == 1 ? "" : "s") into \(store.file)"
                      + (counts.isEmpty ? "" : ": " + counts.map { "\($0.0) \(Formatting.count($0.1))" }.joined(separator: ", ")))
            } catch {
                if creating { try? FileManager.default.removeItem(atPath: store.file) }
                if let error = error as? ImportError { throw CommandFailure("\(json): \(error)") }
                throw error
            }
        }
    }

    /// Opens (or creates) the realm and imports in one write transaction; the realm is
    /// closed when this returns.
    private func importInto(_ importer: Importer) throws -> [(String, Int)] {
        let realm = try store.openRealm(readOnly: false, creating: true, schemaVersion: importer.schemaVersion)
        let progress = ProgressBar("importing", total: 2 * importer.objectCount, unit: "steps")
        defer { progress.finish() }
        return try realm.write {
            try importer.run(in: realm, update: update ? .modified : .error, progress: progress)
        }
    }

    /// The document's text parsed; throws a ``CommandFailure`` naming the line and column of
    /// a syntax error.
    private func readDocument() throws -> JSON {
        let data: Data
        if json == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: json) else { throw CommandFailure("\(json): cannot read the file") }
            data = read
        }
        guard let text = String(data: data, encoding: .utf8) else { throw CommandFailure("\(json): not UTF-8 text") }
        do { return try JSONParser.parse(text) } catch { throw CommandFailure("\(json): not valid JSON: \(error)") }
    }
}
