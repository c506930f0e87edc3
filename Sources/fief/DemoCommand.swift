import ArgumentParser
import Foundation

/// `fief demo`: a guided tour of the storage engine that doubles as an end-to-end check.
struct DemoCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Try the storage engine end to end, with counts and timings.",
        discussion: """
            Creates a store and works through what the storage engine does: a bulk insert of \
            100,000 entries in one transaction, lookups, cursor scans both ways, deleting a \
            range, a reader keeping its snapshot while a writer commits, a large compressible \
            value (overflow pages and LZ4), reopening and verifying the file, its statistics, \
            and what 'fief verify' says about a copy with one flipped byte.

            The files go to a new temporary directory that is removed afterwards, or to --dir, \
            where they are kept (demo.fief and demo-damaged.fief) for 'fief info' and \
            'fief verify'. Exit status 0 when everything behaved as expected, 1 otherwise.

            Examples:
              fief demo
              fief demo --dir /tmp/fief && fief info /tmp/fief/demo.fief
            """
    )

    /// Where to put the demo's files; a temporary directory when nil.
    @Option(help: ArgumentHelp("Keep the demo's files in this directory (created if missing).", valueName: "dir"),
            completion: .directory)
    var dir: String?

    /// Refuses a `--dir` that already holds files from an earlier run.
    func validate() throws {
        guard let dir else { return }
        for name in Demo.fileNames where FileManager.default.fileExists(atPath: dir + "/" + name) {
            throw ValidationError("\(dir)/\(name) already exists; remove it or choose another directory")
        }
    }

    /// Runs the demo; exits 1 when a step does not behave as expected.
    func run() throws {
        if ProcessInfo.processInfo.environment["FIEF_EXAMPLE"] != nil { try exampleBytes(); return }
        try reportingFailures {
            let directory = try prepareDirectory()
            let demo = Demo(directory: directory.path)
            do {
                try demo.run()
            } catch {
                if directory.isTemporary { print("\nThe files are kept for inspection in \(directory.path)") }
                throw error
            }
            if directory.isTemporary { try? FileManager.default.removeItem(atPath: directory.path) }
        }
    }

    /// Creates `--dir` or a fresh temporary directory, and says whether the demo owns it.
    private func prepareDirectory() throws -> (path: String, isTemporary: Bool) {
        let path = dir ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("fief-demo-\(UUID().uuidString.prefix(8))").path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the directory \(path): \(error.localizedDescription)")
        }
        return (path, dir == nil)
    }
}
