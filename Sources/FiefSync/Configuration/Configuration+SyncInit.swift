import Fief
import Foundation

extension Realm.Configuration {
    /// RealmSwift's full initializer, with a sync configuration. Without `fileURL` (or with
    /// the default one) a synced realm lives in its own file under the app's directory, as
    /// `user.flexibleSyncConfiguration()` places it; an `inMemoryIdentifier` keeps no file.
    ///
    /// ```swift
    /// let sync = user.flexibleSyncConfiguration().syncConfiguration
    /// let config = Realm.Configuration(syncConfiguration: sync, encryptionKey: key, objectTypes: [Task.self])
    /// ```
    ///
    /// `syncConfiguration` has no default (RealmSwift's is nil): without it, Fief's initializer
    /// with the same other labels makes a local configuration.
    public init(fileURL: URL? = Realm.Configuration.defaultFileURL, inMemoryIdentifier: String? = nil,
                syncConfiguration: SyncConfiguration?, encryptionKey: Data? = nil, readOnly: Bool = false,
                schemaVersion: UInt64 = 0, migrationBlock: MigrationBlock? = nil, deleteRealmIfMigrationNeeded: Bool = false,
                shouldCompactOnLaunch: (@Sendable (_ totalBytes: Int, _ usedBytes: Int) -> Bool)? = nil,
                objectTypes: [ObjectBase.Type]? = nil, seedFilePath: URL? = nil) {
        self.init(fileURL: fileURL, inMemoryIdentifier: inMemoryIdentifier, encryptionKey: encryptionKey,
                  readOnly: readOnly, schemaVersion: schemaVersion, migrationBlock: migrationBlock,
                  deleteRealmIfMigrationNeeded: deleteRealmIfMigrationNeeded, shouldCompactOnLaunch: shouldCompactOnLaunch,
                  objectTypes: objectTypes, seedFilePath: seedFilePath)
        guard let syncConfiguration else { return }
        if inMemoryIdentifier == nil, fileURL == nil || fileURL == Realm.Configuration.defaultFileURL {
            self.fileURL = try? syncConfiguration.defaultFileURL
        }
        self.syncConfiguration = syncConfiguration
    }
}
