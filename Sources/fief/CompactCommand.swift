import ArgumentParser
import FiefStorage
import Foundation

/// `fief compact FILE`: rewrites a closed file without its free pages, like sqlite3's VACUUM.
struct CompactCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Rewrite a file without its free space (the file must not be open elsewhere).",
        usage: """
            fief compact <file>
            fief compact --key-file <path> <file>
            """,
        discussion: """
            Copies every tree in key order into a new file beside the original, syncs it and \
            renames it over the original, so a crash at any point leaves the old file or the \
            new one, never neither. Encrypted files keep their key (give it with --key-file). \
            Prints the sizes before and after.

            Examples:
              fief compact app.realm
              fief compact --key-file app.key app.realm
            """
    )

    /// The file to compact.
    @OptionGroup var store: StoreOpening

    /// Compacts the file; exits 1 with the reason when it cannot.
    func run() throws {
        try reportingFailures {
            try StoreAccess.checkIsFile(store.file)
            let options = try store.storageOptions(readOnly: false)
            let report: CompactionReport
            do {
                report = try ActivityIndicator.run("compacting") { try Store.compact(path: store.file, options: options) }
            } catch let error as StorageError {
                throw CommandFailure("cannot compact \(store.file): \(error)")
            }
            let saved = report.sizeBefore > report.sizeAfter ? report.sizeBefore - report.sizeAfter : 0
            print("\(store.file): \(report.sizeBefore) bytes -> \(report.sizeAfter) bytes (\(saved) bytes freed)")
        }
    }
}
