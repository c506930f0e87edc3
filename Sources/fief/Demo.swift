import Fief
import Foundation

/// The steps of `fief demo`, in order, and the output helpers they share.
///
/// The demo walks through seed 003 with the object API: an app's first version stores people,
/// its second version migrates them and adds dogs with links, queries them, upserts settings by
/// primary key and freezes a snapshot; then the demo looks inside the file with the storage
/// layer. Each step prints a numbered heading and a few indented lines, and checks what it
/// shows: anything unexpected throws a ``CommandFailure`` naming the step.
final class Demo {
    /// The files the demo creates in its directory.
    static let fileNames = ["demo.realm", "demo-damaged.realm"]

    /// The directory holding the demo's files.
    let directory: String
    /// The number of the current step, for headings and failure messages.
    private var step = 0

    /// A demo writing its files into `directory`, which must exist.
    init(directory: String) { self.directory = directory }

    /// The realm file the demo builds.
    var path: String { directory + "/" + Demo.fileNames[0] }
    /// The damaged copy made by the last step.
    var damagedPath: String { directory + "/" + Demo.fileNames[1] }
    /// `path` as a file URL, for realm configurations.
    var fileURL: URL { URL(fileURLWithPath: path) }

    /// Runs every step; throws at the first one that does not behave as expected.
    ///
    /// Each step opens its own `Realm` and lets it go when it returns, so the file is closed
    /// between the two app versions and before the storage layer reads it.
    func run() throws {
        print("Fief \(FiefCommand.version) demo: the object store, end to end")
        print("Files go to \(directory)")
        try firstVersion()
        try migrate()
        try addObjectsWithLinks()
        try query()
        try upsert()
        try freezeAndDelete()
        let info = try lookInside()
        try damage(pageSize: info.pageSize, version: info.version)
        print("\nEverything behaved as expected.")
    }

    // MARK: Output

    /// Starts the next step with a numbered heading.
    func section(_ title: String) {
        step += 1
        print("\n\(step). \(title)")
    }

    /// Prints one indented line of the current step.
    func say(_ text: String) {
        print("   " + text)
    }

    /// Throws a failure naming the current step unless `condition` holds.
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw CommandFailure("demo step \(step) went wrong: \(message())") }
    }

    /// Runs `body`, turning a realm error into a failure that names the current step.
    func realmStep<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as RealmError {
            throw CommandFailure("demo step \(step) went wrong: \(error)")
        } catch let error as Realm.Error {
            throw CommandFailure("demo step \(step) went wrong: \(error)")
        }
    }

    /// Names and ages, such as `Fido (1), Rex (3)`.
    static func list(_ dogs: some Sequence<Dog>) -> String {
        dogs.map { "\($0.name) (\($0.age))" }.joined(separator: ", ")
    }
}
