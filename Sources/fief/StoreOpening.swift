import ArgumentParser
import Fief
import FiefStorage
import Foundation

/// The file argument every command that works on a store shares, and how to open it: as a
/// storage-level ``Store`` (`info`, `verify`) or as a realm without model classes (`schema`,
/// `query`, `export`, `import`).
///
/// Options that change how a file opens belong here, so every command gets them at once.
struct StoreOpening: ParsableArguments {
    /// The file to work on.
    @Argument(help: "The Fief file (a realm or a plain store).", completion: .file())
    var file: String

    /// A file holding the 64-byte encryption key of an encrypted file.
    @Option(name: .long, help: ArgumentHelp(
        "A file holding the 64-byte key of an encrypted file: 64 raw bytes, or 128 hexadecimal digits.",
        valueName: "path"), completion: .file())
    var keyFile: String?

    /// The key read from ``keyFile``, if any.
    func encryptionKey() throws -> [UInt8]? {
        guard let keyFile else { return nil }
        return try KeyFile.read(keyFile)
    }

    /// The storage options for opening ``file``.
    func storageOptions(readOnly: Bool) throws -> StorageOptions {
        var options = StorageOptions()
        options.readOnly = readOnly
        options.encryptionKey = try encryptionKey()
        return options
    }

    /// The realm configuration for opening ``file`` dynamically.
    func realmConfiguration(readOnly: Bool) throws -> Realm.Configuration {
        var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: file), readOnly: readOnly)
        configuration.encryptionKey = try encryptionKey().map { Data($0) }
        return configuration
    }

    /// Whether ``file`` exists (as anything).
    var exists: Bool { FileManager.default.fileExists(atPath: file) }

    /// Opens ``file`` read-only as a store; see ``StoreAccess/openReadOnly(_:options:)``.
    func openStore() throws -> Store {
        try StoreAccess.openReadOnly(file, options: try storageOptions(readOnly: true))
    }

    /// Runs `body`, turning a storage error (a damaged page) into a ``CommandFailure`` that
    /// names the file and suggests `fief verify`.
    func reading<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch RealmError.storage(let error) {
            throw CommandFailure("cannot read \(file): \(error); 'fief verify \(file)' checks the whole file")
        }
    }

    /// Opens ``file`` as a realm with the classes it holds (no model classes needed).
    ///
    /// The file must exist unless `creating` is set; then a missing file is created with no
    /// classes and schema version `schemaVersion`. Failures become a ``CommandFailure`` that
    /// names the file.
    func openRealm(readOnly: Bool, creating: Bool = false, schemaVersion: UInt64 = 0) throws -> Realm {
        if !creating || exists { try StoreAccess.checkIsFile(file) }
        var configuration = try realmConfiguration(readOnly: readOnly)
        configuration.schemaVersion = schemaVersion
        do {
            return try Realm(dynamicConfiguration: configuration)
        } catch let error as Realm.Error {
            guard case .storage(let storage)? = error.reason else {
                throw CommandFailure("cannot open \(file) as a realm: \(error)")
            }
            throw CommandFailure(StoreAccess.explain(storage, path: file))
        } catch {
            throw CommandFailure("cannot open \(file) as a realm: \(error)")
        }
    }
}
