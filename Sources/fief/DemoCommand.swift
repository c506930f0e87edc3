import ArgumentParser
import Foundation

/// `fief demo`: a guided tour of the object store that doubles as an end-to-end check.
struct DemoCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Try the object store end to end: models, links, queries, upserts, a migration.",
        discussion: """
            Works through the Realm data model with Fief's object API: an app's first version \
            stores Person objects with a first and a last name; its second version reopens the \
            file with schema version 1 and a migration block that merges them into one name, and \
            adds Dog objects linked to their owners both ways (a to-one link, a List and \
            LinkingObjects backlinks). Then queries in the Realm Query Language and type-safe \
            'where' queries, live results, errors from a malformed query, an upsert by primary \
            key with create(_:value:update: .modified), a frozen snapshot and a delete. Last, \
            the storage layer opens the file: the trees the object store keeps (FORMAT.md, \
            part II), a verify of every page, and what 'fief verify' says about a copy with one \
            flipped bit.

            The files go to a new temporary directory that is removed afterwards, or to --dir, \
            where they are kept (demo.realm and demo-damaged.realm) for 'fief info' and \
            'fief verify'. Exit status 0 when everything behaved as expected, 1 otherwise.

            Examples:
              fief demo
              fief demo --dir /tmp/fief && fief info /tmp/fief/demo.realm
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
