import ArgumentParser
import Fief
import FiefStorage

/// `fief info FILE`: the vital statistics of a store, like `mdb_stat` for LMDB.
struct InfoCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print a store's format, sizes, pages, versions, classes and trees.",
        usage: """
            fief info <file>
            fief info --json <file>
            """,
        discussion: """
            Opens the store read-only and describes its newest version: the format version, \
            the page size, the file size, how many pages are used and how many are free for \
            reuse, the newest committed version, the versions readers pin (live versions), \
            for a realm its schema version and every class with its number of objects, and \
            every tree with its number of entries.

            Examples:
              fief info app.realm
              fief info --json app.realm | jq '.classes[] | select(.name == "Person") | .objects'
            """
    )

    /// The file to describe.
    @OptionGroup var store: StoreOpening

    /// Print JSON instead of text.
    @Flag(help: "Print the same information as JSON.")
    var json = false

    /// Prints the report; exits 1 when the file cannot be opened or read.
    func run() throws {
        try reportingFailures {
            let storage = try store.openStore()
            let info: StoreInfo
            do { info = try storage.info() } catch let error as StorageError {
                throw CommandFailure("cannot read \(store.file): \(error)")
            }
            // The storage figures are printed even when the object schema cannot be read.
            var classFailure: Error?
            var realm: (schemaVersion: UInt64, classes: [InfoReport.ClassEntry])?
            do { realm = try classes(of: info) } catch { classFailure = error }
            let report = InfoReport(path: store.file, info: info, realm: realm)
            try print(json ? report.json() : report.text)
            if let classFailure { throw CommandFailure("cannot list the classes: \(classFailure)") }
        }
    }

    /// The schema version and classes when the store holds a realm (a `fief.meta` tree).
    private func classes(of info: StoreInfo) throws -> (schemaVersion: UInt64, classes: [InfoReport.ClassEntry])? {
        guard info.trees.contains(where: { $0.name == "fief.meta" }) else { return nil }
        let realm = try store.openRealm(readOnly: true)
        let classes = try store.reading {
            try realm.schema.objectSchema.map { cls in
                InfoReport.ClassEntry(name: cls.className, objects: try realm.dynamicObjects(cls.className).objectCount(),
                                      embedded: cls.isEmbedded)
            }
        }
        return (realm.schemaVersion, classes)
    }
}
