import ArgumentParser
import Fief
import FiefQueryLanguage

/// `fief query FILE CLASS QUERY`: the objects of a class matching a Realm Query Language
/// query, evaluated by the object store, like a `SELECT` in sqlite3.
struct QueryCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the objects of a class that match a Realm Query Language query.",
        usage: """
            fief query <file> <class> [<query>]
            fief query --json <file> <class> [<query>]
            """,
        discussion: """
            Opens the realm read-only and evaluates the query as Results.filter does in an \
            app: comparisons, AND/OR/NOT, string operators ([c] for case-insensitive), key \
            paths through links, ANY/ALL/NONE, @count/@sum/@avg/@min/@max, SUBQUERY, and \
            trailing SORT(...), DISTINCT(...) and LIMIT(n). Without a query every object is \
            printed.

            Prints a table (long text cut short), or with --json one JSON object per line, \
            its values written as 'fief export' writes them except that a link to an object \
            without a primary key is that object's key (the table shows it as Class#key).

            A malformed query prints the error with its line and column, marks the place, \
            and exits with status 1.

            Examples:
              fief query app.realm Person
              fief query app.realm Person 'age > 3 SORT(name ASC) LIMIT(10)'
              fief query app.realm Dog "name BEGINSWITH[c] 'r' AND owner.age >= 18"
              fief query --json app.realm Person 'ANY dogs.age < 2' | jq .name
            """
    )

    /// The file to query.
    @OptionGroup var store: StoreOpening

    /// The class whose objects are queried.
    @Argument(help: ArgumentHelp("The class whose objects to print.", valueName: "class"))
    var className: String

    /// The query; every object when absent.
    @Argument(help: "A Realm Query Language query (all objects if omitted).")
    var query: String?

    /// Print JSON lines instead of a table.
    @Flag(help: "Print one JSON object per line instead of a table.")
    var json = false

    /// Prints the matching objects; exits 1 for a bad query, an unknown class or property.
    func run() throws {
        try reportingFailures {
            let realm = try store.openRealm(readOnly: true)
            guard let objectSchema = realm.schema[className] else {
                let names = realm.schema.objectSchema.map(\.className).joined(separator: ", ")
                throw CommandFailure("\(store.file) has no class '\(className)'" + (names.isEmpty ? " (it has no classes)" : "; its classes: \(names)"))
            }
            var results = try realm.dynamicObjects(className)
            if let query {
                try QueryCommand.checkSyntax(query)
                do { results = try results.filtered(query) } catch { throw CommandFailure("\(error)") }
            }
            let output = TextOutput()
            try store.reading {
                let objects = try results.objects()
                if json {
                    let encoding = ValueEncoding(reference: QueryCommand.reference)
                    for object in objects { output.line(try encoding.encode(object: object).text) }
                } else {
                    output.write(try ObjectTable(objectSchema: objectSchema).render(objects))
                }
            }
            output.flush()
        }
    }

    /// A link in query output: the target's primary key, or its object key.
    static func reference(_ object: DynamicObject) throws -> JSON {
        guard let pk = object.objectSchema.primaryKeyProperty else { return .int(object.objectKey) }
        return try object.value(forProperty: pk.name).map(ValueEncoding.scalar) ?? .null
    }

    /// Throws a ``CommandFailure`` showing where `query` stops being valid Realm Query Language.
    static func checkSyntax(_ query: String) throws {
        do {
            _ = try QueryLanguage.parse(query)
        } catch {
            let lines = query.split(separator: "\n", omittingEmptySubsequences: false)
            var message = "invalid query: \(error.message) at line \(error.line), column \(error.column), found \(error.found)"
            if error.line >= 1 && error.line <= lines.count {
                message += "\n  \(lines[error.line - 1])\n  \(String(repeating: " ", count: max(0, error.column - 1)))^"
            }
            throw CommandFailure(message)
        }
    }
}
