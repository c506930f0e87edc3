import ArgumentParser
import Fief

/// The `fief` command-line tool: the root command, which only dispatches to its subcommands.
///
/// Each subcommand lives in its own file (`VerifyCommand.swift`, `InfoCommand.swift`,
/// `SchemaCommand.swift`, `QueryCommand.swift`, `ExportCommand.swift`, `ImportCommand.swift`,
/// `CompactCommand.swift`, `SalvageCommand.swift`,
/// `DemoCommand.swift`); later ones are added to `subcommands` below. Options shared by the
/// commands that open a file live in `StoreOpening.swift`.
@main
struct FiefCommand: ParsableCommand {
    /// The tool's version, printed by `fief --version`.
    static let version = "0.1.0"

    /// Name, help text, version and subcommands of the root command.
    static let configuration = CommandConfiguration(
        commandName: "fief",
        abstract: "Inspect, check, query, export, import and try out Fief database files.",
        discussion: """
            Fief is an embedded object database for Swift. This tool works on its store files \
            directly, the way sqlite3 and mdb_stat do for SQLite and LMDB.

            Examples:
              fief demo                  Tour the object store in a temporary directory.
              fief verify app.fief       Check every page; exit status 1 if it is damaged.
              fief info app.fief         Page size, file size, version and trees.
              fief info --json app.fief  The same as JSON, for scripts.
              fief schema app.fief       Classes, properties and schema version.
              fief query app.fief Person 'age > 3 SORT(name ASC) LIMIT(10)'
              fief export app.fief > app.json          Everything as JSON.
              fief import copy.fief app.json           Back from that JSON.
              fief salvage bad.fief saved.fief         What a damaged file still holds.

            Run 'fief help <command>' for a command's own options and examples.
            """,
        version: version,
        subcommands: [VerifyCommand.self, InfoCommand.self, SchemaCommand.self, QueryCommand.self,
                      ExportCommand.self, ImportCommand.self, CompactCommand.self, SalvageCommand.self, DemoCommand.self]
    )

    /// Runs the command. Fief's shared logger reports only warnings and errors here, so that
    /// what the tool prints is its own output (the library's default also reports migrations,
    /// compactions and sync connections, at `.info`).
    static func main() {
        Logger.shared.level = .warn
        main(nil)
    }
}
