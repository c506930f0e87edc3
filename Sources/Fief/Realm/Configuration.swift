import FiefStorage
import Foundation

extension Realm {
    /// How to open a realm: where it lives, which model classes it holds, its schema version
    /// and migration, and storage options.
    ///
    /// ```swift
    /// var config = Realm.Configuration.defaultConfiguration
    /// config.fileURL = config.fileURL!.deletingLastPathComponent().appendingPathComponent("alice.realm")
    /// config.objectTypes = [Dog.self, Person.self]
    /// let realm = try Realm(configuration: config)
    /// ```
    public struct Configuration: @unchecked Sendable {
        /// The realm file. Setting it clears `inMemoryIdentifier`.
        public var fileURL: URL? {
            didSet { if fileURL != nil { storedInMemoryIdentifier = nil } }
        }
        /// Name of an in-memory realm (no file; data lives while any instance is open).
        /// Setting it clears `fileURL`.
        public var inMemoryIdentifier: String? {
            get { storedInMemoryIdentifier }
            set {
                storedInMemoryIdentifier = newValue
                if newValue != nil { fileURL = nil }
            }
        }
        private var storedInMemoryIdentifier: String?
        /// Open without writing (the file must exist).
        public var readOnly: Bool = false
        /// The version of the models; raise it when they change.
        public var schemaVersion: UInt64 = 0
        /// Called when the file's schema version is lower than `schemaVersion`.
        public var migrationBlock: MigrationBlock?
        /// Delete the file instead of migrating when the schema changed.
        public var deleteRealmIfMigrationNeeded: Bool = false
        /// The model classes of this realm; nil means every class used so far in the process
        /// plus any class first used later (added to the file as it is used).
        public var objectTypes: [ObjectBase.Type]?
        /// Fail a write when readers pin more than this many versions.
        public var maximumNumberOfActiveVersions: UInt? = nil
        /// A file to copy to `fileURL` when no realm exists there yet.
        public var seedFilePath: URL?
        /// Storage durability of commits.
        public var durability: Durability = .full
        /// A 64-byte key: every page of the file is encrypted and authenticated with it
        /// (AES-256-GCM). Opening with a wrong key throws a wrong-key error, never corruption.
        ///
        /// ```swift
        /// var config = Realm.Configuration()
        /// config.encryptionKey = Data(repeating: 7, count: 64)   // use a random, stored key
        /// ```
        public var encryptionKey: Data?
        /// Called on the first open of the file in this process with the file's size and the
        /// bytes in use; returning true compacts the file before it is opened (safely: a crash
        /// leaves the old or the new file).
        ///
        /// ```swift
        /// config.shouldCompactOnLaunch = { totalBytes, usedBytes in
        ///     totalBytes > 100 * 1024 * 1024 && Double(usedBytes) / Double(totalBytes) < 0.5
        /// }
        /// ```
        public var shouldCompactOnLaunch: (@Sendable (_ totalBytes: Int, _ usedBytes: Int) -> Bool)?

        /// Whether every write transaction is recorded in the file's sync history (set by the
        /// sync configurations of FiefSync; local realms record nothing and pay nothing).
        @_spi(Sync) public var recordsSyncHistory = false
        /// The physical time the sync history's hybrid logical clock follows, in milliseconds
        /// since 2020-01-01 UTC; nil reads the system clock. Simulators and tests set it.
        @_spi(Sync) public var syncClock: (@Sendable () -> UInt64)?
        /// The sync client that opens and syncs this realm (set with FiefSync's
        /// `syncConfiguration`); nil for a local realm.
        @_spi(Sync) public var syncAgent: (any RealmSyncAgent)?
        /// Whether the schema may hold asymmetric classes (``AsymmetricObject``): set by
        /// FiefSync's flexible sync configurations only.
        @_spi(Sync) public var allowsAsymmetricObjects = false
        /// Open a damaged file read-only to read what is left (`fief salvage`): see
        /// `StorageOptions.opensDamagedNewestVersion`.
        @_spi(Salvage) public var opensDamagedFile = false
        /// Set by `writeCopy(configuration:)` on the copy it converts between a local and a
        /// synced realm: the file's synced flag may differ from the configuration's.
        var convertsCopy = false

        /// A configuration; every parameter has the default Realm uses. The labels and order
        /// are RealmSwift's (FiefSync adds `syncConfiguration:` after `inMemoryIdentifier:`).
        ///
        /// ```swift
        /// let config = Realm.Configuration(fileURL: url, encryptionKey: key, schemaVersion: 2,
        ///                                  objectTypes: [Dog.self], seedFilePath: bundledSeed)
        /// ```
        public init(fileURL: URL? = Configuration.defaultFileURL, inMemoryIdentifier: String? = nil,
                    encryptionKey: Data? = nil, readOnly: Bool = false, schemaVersion: UInt64 = 0,
                    migrationBlock: MigrationBlock? = nil, deleteRealmIfMigrationNeeded: Bool = false,
                    shouldCompactOnLaunch: (@Sendable (_ totalBytes: Int, _ usedBytes: Int) -> Bool)? = nil,
                    objectTypes: [ObjectBase.Type]? = nil, maximumNumberOfActiveVersions: UInt? = nil,
                    seedFilePath: URL? = nil) {
            self.fileURL = fileURL
            self.encryptionKey = encryptionKey
            self.shouldCompactOnLaunch = shouldCompactOnLaunch
            self.readOnly = readOnly
            self.schemaVersion = schemaVersion
            self.migrationBlock = migrationBlock
            self.deleteRealmIfMigrationNeeded = deleteRealmIfMigrationNeeded
            self.objectTypes = objectTypes
            self.maximumNumberOfActiveVersions = maximumNumberOfActiveVersions
            self.seedFilePath = seedFilePath
            if let inMemoryIdentifier { self.inMemoryIdentifier = inMemoryIdentifier }
        }

        /// `default.realm` in the current directory.
        public static var defaultFileURL: URL {
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("default.realm")
        }

        /// The configuration `Realm()` uses. Settable.
        public static var defaultConfiguration: Configuration {
            get { DefaultConfigurationBox.shared.get() }
            set { DefaultConfigurationBox.shared.set(newValue) }
        }

        var storageOptions: StorageOptions {
            var options = StorageOptions()
            options.readOnly = readOnly
            options.opensDamagedNewestVersion = opensDamagedFile
            options.durability = inMemoryIdentifier != nil ? .none : durability
            if let max = maximumNumberOfActiveVersions { options.maximumActiveVersions = UInt64(max) }
            options.encryptionKey = encryptionKey.map { Array($0) }
            return options
        }

        /// The identity of the underlying store, for sharing coordinators.
        var storeIdentity: String {
            if let id = inMemoryIdentifier { return "memory:" + id }
            return "file:" + (fileURL?.standardizedFileURL.path ?? "")
        }
    }

    /// A migration function: `(migration, oldSchemaVersion)`.
    public typealias MigrationBlock = (_ migration: Migration, _ oldSchemaVersion: UInt64) -> Void
}

private final class DefaultConfigurationBox: @unchecked Sendable {
    static let shared = DefaultConfigurationBox()
    private let lock = NSLock()
    private var value = Realm.Configuration()

    func get() -> Realm.Configuration { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ v: Realm.Configuration) { lock.lock(); defer { lock.unlock() }; value = v }
}
