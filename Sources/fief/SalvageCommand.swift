import ArgumentParser
@_spi(Salvage) import Fief
import FiefStorage
import Foundation

/// `fief salvage DAMAGED OUT`: copies every object that can still be read from a damaged realm
/// into a new one, and reports what was lost.
struct SalvageCommand: ParsableCommand {
    /// Name, help text and examples.
    static let configuration = CommandConfiguration(
        commandName: "salvage",
        abstract: "Copy what can still be read from a damaged realm into a new file.",
        usage: "fief salvage <damaged> <out> [--key-file <path>]",
        discussion: """
            Opens the damaged file read-only, even when no version of it passes recovery (the \
            newest version whose header is intact is read), and writes a new realm with the \
            same schema and every top-level object whose properties, embedded objects included, \
            can all be read. Links to objects that were lost become nil or leave their lists. \
            It then lists what was lost, by class and object (primary key, or object key for \
            classes without one). The damaged file is not changed.

            Exit status: 0 when everything was salvaged, 1 on failure (the file cannot be read \
            as a realm at all, or <out> exists), 3 when some objects were lost (the new file \
            holds the rest).

            Examples:
              fief verify app.realm                       Names the damaged pages.
              fief salvage app.realm app-salvaged.realm   Copies what is left.
              fief salvage --key-file app.key app.realm out.realm
            """
    )

    /// The damaged realm, and its key if it is encrypted.
    @OptionGroup var store: StoreOpening

    /// The new realm to write.
    @Argument(help: "The new realm to write (must not exist).", completion: .file())
    var out: String

    func run() throws {
        try reportingFailures {
            guard !FileManager.default.fileExists(atPath: out) else { throw CommandFailure("\(out) exists: salvage writes a new file") }
            try StoreAccess.checkIsFile(store.file)
            var configuration = try store.realmConfiguration(readOnly: true)
            configuration.opensDamagedFile = true
            let damaged: Realm
            do { damaged = try Realm(dynamicConfiguration: configuration) } catch let error as Realm.Error {
                guard case .storage(let storage)? = error.reason else {
                    throw CommandFailure("cannot read \(store.file) as a realm: \(error); nothing can be salvaged")
                }
                throw CommandFailure(StoreAccess.explain(storage, path: store.file) + "; nothing can be salvaged")
            } catch {
                throw CommandFailure("cannot read \(store.file) as a realm: \(error); nothing can be salvaged")
            }
            let salvager = Salvager(realm: damaged)
            let document = salvager.document()
            let importer = try Importer(document: document)
            var target = Realm.Configuration(fileURL: URL(fileURLWithPath: out))
            target.schemaVersion = importer.schemaVersion
            do {
                let realm = try Realm(dynamicConfiguration: target)
                let progress = ProgressBar("salvaging", total: 2 * importer.objectCount, unit: "steps")
                defer { progress.finish() }
                _ = try realm.write { try importer.run(in: realm, update: .error, progress: progress) }
            } catch {
                try? FileManager.default.removeItem(atPath: out)
                throw CommandFailure("cannot write \(out): \(error)")
            }
            print("salvaged \(Formatting.count(salvager.salvagedCount)) object\(salvager.salvagedCount == 1 ? "" : "s") into \(out)")
            guard !salvager.losses.isEmpty else { return }
            var byClass: [String: [Salvager.Loss]] = [:]
            for loss in salvager.losses { byClass[loss.className, default: []].append(loss) }
            print("lost:")
            for className in byClass.keys.sorted() {
                print("  \(className):")
                for loss in byClass[className]! {
                    switch loss.what {
                    case .wholeClass: print("    every object: \(loss.reason)")
                    case .cluster(let keys): print("    the objects with \(keys): \(loss.reason)")
                    case .object(let name): print("    the object with \(name): \(loss.reason)")
                    }
                }
            }
            throw ExitCode(3)
        }
    }
}
