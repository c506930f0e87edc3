import ArgumentParser
import Fief

/// `fief export FILE --format json`: every class and object of a realm, like sqlite3's `.dump`.
struct ExportCommand: ParsableCommand {
    /// The formats `export` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// The JSON document `fief import` reads (CLI.md, "Export format").
        case json
    }

    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a realm's schema and every object as JSON on standard output.",
        usage: "fief export <file> [--format json] > backup.json",
        discussion: """
            Opens the realm read-only and writes one JSON document: the schema version, the \
            schema (as 'fief schema --json' prints it) and, for each class, its objects, one \
            per line. Embedded objects are written inside their parent; a link to an object \
            with a primary key is that key, a link to one without is its position (from 0) in \
            its class's list. Dates are ISO 8601 in UTC, binary data base64, decimal128, \
            objectId and uuid values strings, mixed values {"type": ..., "value": ...}.

            The output depends only on the realm's contents (classes by name, objects by key, \
            properties in schema order), so exports can be compared with diff; importing an \
            export into a new file and exporting that gives the same text. A progress bar is \
            shown on standard error when it is a terminal.

            Examples:
              fief export app.realm --format json > app.json
              fief export app.realm | jq '.objects.Person | length'
              fief export app.realm > app.json && fief import copy.realm app.json
            """
    )

    /// The realm to export.
    @OptionGroup var store: StoreOpening

    /// The output format.
    @Option(help: "The output format.")
    var format: Format = .json

    /// Writes the export; exits 1 when the file cannot be read as a realm.
    func run() throws {
        try reportingFailures {
            let realm = try store.openRealm(readOnly: true)
            let exporter = Exporter(realm: realm)
            try store.reading {
                let progress = ProgressBar("exporting", total: try exporter.objectCount(), unit: "objects")
                defer { progress.finish() }
                let output = TextOutput()
                try exporter.write(to: output, progress: progress)
                output.flush()
            }
        }
    }
}
