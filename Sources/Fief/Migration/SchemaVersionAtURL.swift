import Foundation

/// The schema version of the realm file at `fileURL`, read without opening it as a realm (no
/// model classes or migration needed). `encryptionKey` is the file's 64-byte key, if it is
/// encrypted.
///
/// ```swift
/// let version = try schemaVersionAtURL(Realm.Configuration.defaultConfiguration.fileURL!)
/// ```
///
/// Throws a ``Realm/Error``: `.fileNotFound` when there is no file, `.invalidDatabase` for a
/// damaged file or a wrong key, `.fail` for a file no realm has been opened on yet.
public func schemaVersionAtURL(_ fileURL: URL, encryptionKey: Data? = nil) throws -> UInt64 {
    guard FileManager.default.fileExists(atPath: fileURL.path) else {
        throw Realm.Error(code: .fileNotFound, reason: .invalidConfiguration("no realm file at \(fileURL.path)"), path: fileURL.path)
    }
    var configuration = Realm.Configuration(fileURL: fileURL)
    configuration.encryptionKey = encryptionKey
    let record: (Schema, UInt64)?
    do {
        let coordinator = try RealmCoordinator.get(configuration)
        record = try coordinator.store.read { try SchemaManager.readSchema($0) }
    } catch {
        throw Realm.Error.wrapping(error, path: fileURL.path)
    }
    guard let (_, version) = record else {
        throw Realm.Error(code: .fail, reason: .invalidConfiguration("\(fileURL.path) has no schema yet: no realm was opened on it"),
                          path: fileURL.path)
    }
    return version
}

extension Realm {
    /// Runs `configuration`'s migration on its file now, rather than when the realm is first
    /// opened (which migrates it anyway).
    ///
    /// ```swift
    /// try Realm.performMigration(for: Realm.Configuration(schemaVersion: 2, migrationBlock: migrate))
    /// ```
    ///
    /// Throws the ``Realm/Error`` opening the realm would throw.
    public static func performMigration(for configuration: Realm.Configuration = Realm.Configuration.defaultConfiguration) throws {
        _ = try Realm(opening: configuration)
    }
}
