import ArgumentParser
import FiefStorage

/// `fief verify FILE`: checks every page of a store, like SQLite's `PRAGMA integrity_check`.
struct VerifyCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a store for damage; exit status 1 if it has any.",
        discussion: """
            Opens the store read-only and checks its newest version completely: the checksum \
            of every page, the structure and key order of every tree, every large value, the \
            entry counts, and that each page is either in use exactly once or free.

            Prints one line starting with 'ok' when the store is sound, or each problem with \
            the number of the page concerned. While it checks, a spinner is shown on standard \
            error when that is a terminal. Exit status: 0 sound, 1 damaged or not readable \
            as a Fief store (the reason is printed on standard error).

            Examples:
              fief verify app.fief
              fief verify app.fief && cp app.fief backup/
            """
    )

    /// The file to check.
    @OptionGroup var store: StoreOpening

    /// Prints the verdict; throws exit status 1 when the store is damaged or unreadable.
    func run() throws {
        try reportingFailures {
            let storage = try store.openStore()
            let clock = ContinuousClock()
            let start = clock.now
            let report: VerificationReport
            do { report = try ActivityIndicator.run("verifying") { try storage.verify() } } catch let error as StorageError {
                throw CommandFailure("cannot check \(store.file): \(error)")
            }
            print(VerifyCommand.describe(report, path: store.file, took: clock.now - start))
            if !report.isValid { throw ExitCode.failure }
        }
    }

    /// The verdict as printed: one `ok` line, or a headline and one indented line per problem.
    static func describe(_ report: VerificationReport, path: String, took duration: Duration) -> String {
        if report.isValid {
            let entries = report.trees.reduce(UInt64(0)) { $0 + $1.entries }
            return "ok: \(path): version \(report.version), \(Formatting.count(report.pageCount)) pages "
                + "(\(Formatting.count(report.usedPages)) used, \(Formatting.count(report.freePages)) free), "
                + "\(Formatting.count(report.trees.count)) trees, \(Formatting.count(entries)) entries, "
                + "checked in \(Formatting.duration(duration))"
        }
        let count = report.problems.count
        var lines = ["damaged: \(path): \(count) problem\(count == 1 ? "" : "s") in version \(report.version)"
            + (report.isTruncated ? " (only the first \(count) are listed)" : "")]
        for problem in report.problems {
            lines.append("  \(problem)")
        }
        return lines.joined(separator: "\n")
    }

}
