import ArgumentParser
import Fief

/// `fief schema FILE`: a realm's classes and properties, like sqlite3's `.schema`.
struct SchemaCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a realm's classes, properties and schema version.",
        usage: """
            fief schema <file>
            fief schema --json <file>
            """,
        discussion: """
            Opens the realm read-only and prints its schema as the file records it: every \
            class (embedded ones marked), and for each property its type, whether it is \
            optional, a list, set or map, the primary key, indexed, or a link to another class \
            (linkingObjects properties name the class and property that link back).

            --json prints the same as the "schema" section of 'fief export', which 'fief \
            import' reads to create a realm.

            Examples:
              fief schema app.realm
              fief schema --json app.realm | jq '.classes[].class'
            """
    )

    /// The file to describe.
    @OptionGroup var store: StoreOpening

    /// Print JSON instead of text.
    @Flag(help: "Print the schema as JSON.")
    var json = false

    /// Prints the schema; exits 1 when the file cannot be opened as a realm.
    func run() throws {
        try reportingFailures {
            let realm = try store.openRealm(readOnly: true)
            if json {
                print(JSON.object([("schemaVersion", .int(realm.schemaVersion)),
                                   ("classes", .array(realm.schema.objectSchema.map(SchemaJSON.encode)))]).text)
            } else {
                print(SchemaCommand.describe(realm.schema, version: realm.schemaVersion))
            }
        }
    }

    /// The schema as text: a header line, then each class with one property per line.
    static func describe(_ schema: Schema, version: UInt64) -> String {
        let classes = schema.objectSchema
        var lines = ["schema version \(version), \(classes.count) class\(classes.count == 1 ? "" : "es")"]
        for cls in classes {
            lines.append("")
            lines.append("\(cls.isEmbedded ? "embedded class" : cls.isAsymmetric ? "asymmetric class" : "class") \(cls.className)")
            let width = cls.properties.map(\.name.count).max() ?? 0
            for p in cls.properties {
                lines.append("  \(p.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(describe(p, in: schema))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One property: its type, then what it is, such as `Person? (link)`, `string (primary key)`.
    static func describe(_ p: Property, in schema: Schema) -> String {
        var text = p.typeDescription
        if p.type == .object, let target = p.objectClassName {
            text += schema[target]?.isEmbedded == true ? "  embedded object" : "  link to \(target)"
        } else if p.type == .linkingObjects, let target = p.objectClassName {
            text += "  objects of \(target) linking here through \(p.linkOriginPropertyName ?? "?")"
        }
        return text
    }
}
