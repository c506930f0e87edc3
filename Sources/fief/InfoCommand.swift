import ArgumentParser
import FiefStorage

/// `fief info FILE`: the vital statistics of a store, like `mdb_stat` for LMDB.
struct InfoCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print a store's format, sizes, pages, version and trees.",
        usage: """
            fief info <file>
            fief info --json <file>
            """,
        discussion: """
            Opens the store read-only and describes its newest version: the format version, \
            the page size, the file size, how many pages are used and how many are free for \
            reuse, the newest committed version, and every tree with its number of entries.

            Examples:
              fief info app.fief
              fief info --json app.fief | jq '.trees[] | select(.name == "users") | .entries'
            """
    )

    /// The store file to describe.
    @Argument(help: "The store file to describe.", completion: .file())
    var file: String

    /// Print JSON instead of text.
    @Flag(help: "Print the same information as JSON.")
    var json = false

    /// Prints the report; exits 1 when the file cannot be opened or read.
    func run() throws {
        try reportingFailures {
            let store = try StoreAccess.openReadOnly(file)
            let info: StoreInfo
            do { info = try store.info() } catch let error as StorageError {
                throw CommandFailure("cannot read \(file): \(error)")
            }
            let report = InfoReport(path: file, info: info)
            try print(json ? report.json() : report.text)
        }
    }
}
